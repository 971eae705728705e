/** Unsent work kept per agent by the ticket entry and cancel forms: sign-out asks before discarding it. */
import { forgetSealed, readSealed } from '../../../lib/sealed-storage';
import { draftNames, storedNames, userKey, type DraftName } from '../../../lib/storage';

const allDrafts: DraftName[] = Object.values(draftNames);

/** The kinds of draft this agent has in this browser (the ticket wizard keeps one draft per run: any of them counts). */
export function draftsOf(userId: string): DraftName[] {
  return allDrafts.filter((name) => storedNames(userId, name).some((stored) => readSealed(userKey(userId, stored)) !== null));
}

/** Every draft of the agent removed; this page stores none of theirs again (sign-out). */
export function discardDrafts(userId: string): void {
  forgetSealed(userId);
}
