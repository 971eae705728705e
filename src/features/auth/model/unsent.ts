/** What sign-out would discard: drafts and tickets still in the outbox; the outbox's code loads only when asked. */
import { openSealed } from '../../../lib/sealed-storage';
import type { DraftName } from '../../../lib/storage';
import type { UnsentTicket } from '../components/sign-out-dialog';
import { draftsOf } from './drafts';

export async function unsentOf(userId: string): Promise<UnsentTicket[]> {
  try {
    const { pendingOf } = await import('../../../lib/outbox/store');
    return (await pendingOf(userId)).map(({ id, externalId }) => ({ id, externalId }));
  } catch {
    // An outbox the browser will not open holds nothing that could be named; sign-out deletes it all the same.
    return [];
  }
}

/** Drafts (those another tab sealed are opened first) and outbox tickets of the agent, read at the moment of asking. */
export async function unsentWork(userId: string): Promise<{ drafts: DraftName[]; unsent: UnsentTicket[] }> {
  await openSealed(userId).catch(() => undefined);
  return { drafts: draftsOf(userId), unsent: await unsentOf(userId) };
}
