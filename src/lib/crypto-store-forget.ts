/**
 * Sign-out's end of the offline stores (decision 0054): the agent's key is deleted first, so whatever is left is
 * ciphertext nobody can open, then the drafts, templates and the outbox themselves. The query cache is deleted by its own layer
 * (src/lib/query-persistence.ts). The crypto and the outbox's code load only now, never with the first screen.
 */
import { forgetSealed } from './sealed-storage';
import { forgetTemplates } from './templates/forget-templates';

export async function forgetOfflineData(userId: string): Promise<void> {
  forgetSealed(userId);
  // The templates this browser kept for the agent (direct and demo mode) go with the drafts.
  forgetTemplates(userId);
  const [{ forgetKey }, { forgetOutbox }] = await Promise.all([import('./crypto-store'), import('./outbox/store')]);
  await forgetKey(userId);
  await forgetOutbox(userId);
}
