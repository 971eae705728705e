/**
 * Withdrawing one outbox ticket, holding the agent's outbox (a send in flight finishes first). Change is the wizard's
 * (`/tickets/new?fromOutbox=<id>`): it owns the drafts the ticket goes back into.
 */
import { withOutboxLock } from '../../../lib/outbox/lock';
import { getOutboxEntry, removeOutboxEntry } from '../../../lib/outbox/store';
import { isPending } from '../../../lib/outbox/types';

/** Removes a waiting ticket: it is never sent. 'gone' when it had already left (sent meanwhile, or withdrawn elsewhere). */
export function withdraw(userId: string, id: string): Promise<'withdrawn' | 'gone'> {
  return withOutboxLock(userId, async () => {
    const entry = await getOutboxEntry(userId, id);
    if (!entry || !isPending(entry)) return 'gone';
    await removeOutboxEntry(userId, id);
    return 'withdrawn';
  });
}
