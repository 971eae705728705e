/** Unsent work kept per agent by the ticket entry and cancel forms: sign-out asks before discarding it. */
import { readJson, removePreference, userKey } from '../../lib/storage';

/** The storage names the forms use with userKey(userId, name). */
export const draftNames = ['ticket-draft', 'cancel-draft'] as const;
export type DraftName = (typeof draftNames)[number];

/** The drafts this agent has in this browser. */
export function draftsOf(userId: string): DraftName[] {
  return draftNames.filter((name) => readJson(userKey(userId, name)) !== null);
}

export function discardDrafts(userId: string): void {
  for (const name of draftNames) removePreference(userKey(userId, name));
}
