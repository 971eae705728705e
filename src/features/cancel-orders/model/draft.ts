/** The agent's unsent cancellation, kept per agent in the browser so it survives a reload and a sign-in round trip. */
import * as z from '../../../domain/zod';
import { draftNames } from '../../../lib/storage';
import { storedRecords } from '../../../lib/stored-record';
import { CancelOrderValuesSchema, type CancelOrderValues } from './form-values';

const drafts = storedRecords(z.object({ values: CancelOrderValuesSchema }));
const name = draftNames.cancelOrder;

export function draftKey(userId: string): string {
  return drafts.key(userId, name);
}

/** The stored values, or null when there are none or what is stored is not a draft (old format, tampered). */
export function readDraft(userId: string): CancelOrderValues | null {
  return drafts.read(userId, name)?.values ?? null;
}

/** false when the browser could not keep it (blocked or full storage): the page then says so once. */
export function writeDraft(userId: string, values: CancelOrderValues): boolean {
  return drafts.write(userId, name, { values });
}

export function removeDraft(userId: string): void {
  drafts.remove(userId, name);
}
