/** The agent's unsent cancellation, kept per agent in the browser so it survives a reload and a sign-in round trip. */
import { z } from 'zod';
import { draftNames, readJson, removePreference, userKey, writeJson } from '../../../lib/storage';
import { CancelOrderValuesSchema, type CancelOrderValues } from './form-values';

const Draft = z.object({ values: CancelOrderValuesSchema });

export function draftKey(userId: string): string {
  return userKey(userId, draftNames.cancelOrder);
}

/** The stored values, or null when there are none or what is stored is not a draft (old format, tampered). */
export function readDraft(userId: string): CancelOrderValues | null {
  const parsed = Draft.safeParse(readJson(draftKey(userId)));
  return parsed.success ? parsed.data.values : null;
}

/** false when the browser could not keep it (blocked or full storage): the page then says so once. */
export function writeDraft(userId: string, values: CancelOrderValues): boolean {
  return writeJson(draftKey(userId), { values });
}

export function removeDraft(userId: string): void {
  removePreference(draftKey(userId));
}
