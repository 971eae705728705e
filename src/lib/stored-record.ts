/**
 * A value kept per agent in the browser (src/lib/storage.ts) under a name, sealed with the agent's key
 * (src/lib/sealed-storage.ts, decision 0054), read back only while it still passes its schema: an old format or a
 * tampered value reads as none. The drafts of the ticket wizard and the cancel form use it.
 */
import { readSealed, removeSealed, writeSealed } from './sealed-storage';
import { userKey } from './storage';

/** What is needed of a zod schema; a type only, so this module adds no zod to a chunk that imports it. */
export type RecordSchema<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false } };

export function storedRecords<Stored>(schema: RecordSchema<Stored>) {
  return {
    key: userKey,
    /** The stored value, or null when there is none or it does not pass the schema. */
    read(userId: string, name: string): Stored | null {
      const parsed = schema.safeParse(readSealed(userKey(userId, name)));
      return parsed.success ? parsed.data : null;
    },
    /** false when the browser could not keep it (blocked or full storage). */
    write(userId: string, name: string, value: Stored): boolean {
      return writeSealed(userId, userKey(userId, name), value);
    },
    remove(userId: string, name: string): void {
      removeSealed(userKey(userId, name));
    },
  };
}
