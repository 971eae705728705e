/**
 * One send of an outbox ticket, through the same create as the wizard's submit (api/create-ticket.ts: the answer read,
 * a 409 for a ticket that may already exist looked up and linked, never created twice). Its outcome is the create's
 * (src/domain/create-outcome.ts), which the outbox stores as it is (src/lib/outbox/types.ts).
 */
import type { ApiClient } from '../../../api/client';
import type { TicketOutcome } from '../../../domain/create-outcome';
import type { PendingTicket } from '../../../lib/outbox/types';
import { createTicket } from '../api/create-ticket';

/** Sends the queued body once and says what came of it. */
export function deliverQueued(api: ApiClient, ticket: PendingTicket, wait?: (ms: number) => Promise<unknown>): Promise<TicketOutcome> {
  return createTicket(api, { body: ticket.body, earlierAttemptMayExist: ticket.unconfirmed }, wait);
}
