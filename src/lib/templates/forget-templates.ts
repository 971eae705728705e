/**
 * Where this browser keeps an agent's templates (direct and demo mode), and sign-out's forgetting of them: a module
 * of its own, without the schema, so sign-out's code carries no zod.
 */
import { removePreference, userKey } from '../storage';

export const TEMPLATES_NAME = 'ticket-templates';
export const templatesKey = (userId: string) => userKey(userId, TEMPLATES_NAME);

/** Agents signed out in this page: nothing of theirs is stored again. */
const closed = new Set<string>();
export const signedOutHere = (userId: string) => closed.has(userId);

/** Sign-out: the agent's templates removed from this browser, and none of theirs stored again by this page. */
export function forgetTemplates(userId: string): void {
  closed.add(userId);
  removePreference(templatesKey(userId));
}
