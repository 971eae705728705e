/** Unsent work kept per agent by the ticket entry and cancel forms: sign-out asks before discarding it. */
import { draftNames, readJson, removePreference, storedNames, userKey, type DraftName } from '../../../lib/storage';

const allDrafts: DraftName[] = Object.values(draftNames);

/** The kinds of draft this agent has in this browser (the ticket wizard keeps one draft per run: any of them counts). */
export function draftsOf(userId: string): DraftName[] {
  return allDrafts.filter((name) => storedNames(userId, name).some((stored) => readJson(userKey(userId, stored)) !== null));
}

export function discardDrafts(userId: string): void {
  for (const name of allDrafts) {
    for (const stored of storedNames(userId, name)) removePreference(userKey(userId, stored));
  }
}
