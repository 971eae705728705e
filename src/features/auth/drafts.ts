/** Unsent work kept per agent by the ticket entry and cancel forms: sign-out asks before discarding it. */
import { draftNames, readJson, removePreference, userKey, type DraftName } from '../../lib/storage';

const allDrafts: DraftName[] = Object.values(draftNames);

/** The drafts this agent has in this browser. */
export function draftsOf(userId: string): DraftName[] {
  return allDrafts.filter((name) => readJson(userKey(userId, name)) !== null);
}

export function discardDrafts(userId: string): void {
  for (const name of allDrafts) removePreference(userKey(userId, name));
}
