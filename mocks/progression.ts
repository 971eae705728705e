/** How tickets and cancel orders move on over time in the mocked service (decisions.md "Ticket status values"). */
import type { CancelOrderState } from '../src/domain/cancel-order';
import type { TicketStatus } from '../src/domain/ticket';
import type { Prng } from './prng';

/**
 * Statuses in which a ticket no longer moves. A ticket in any other status is open and blocks a second ticket with
 * the same externalIdentifier id (409, docs/decisions/0007).
 */
export const finalTicketStatuses: readonly TicketStatus[] = ['closed', 'cancelled', 'rejected', 'failed'];

/** acknowledged and inProgress cancellations are "under way": a second one for the same product order is a 409. */
export const openCancelOrderStates: readonly CancelOrderState[] = ['acknowledged', 'inProgress'];

/** The usual flow acknowledged -> inProgress -> resolved -> closed, with detours via pending and held. */
export function nextTicketStatus(current: TicketStatus, rnd: Prng): TicketStatus | undefined {
  switch (current) {
    case 'acknowledged':
      return 'inProgress';
    case 'inProgress':
      return rnd.weighted({ resolved: 70, pending: 15, held: 15 });
    case 'pending':
    case 'held':
      return 'inProgress';
    case 'resolved':
      return 'closed';
    default:
      return undefined;
  }
}

/** acknowledged -> inProgress -> done; some are rejected or end in terminatedWithError. */
export function nextCancelOrderState(current: CancelOrderState, rnd: Prng): CancelOrderState | undefined {
  switch (current) {
    case 'acknowledged':
      return rnd.chance(0.1) ? 'rejected' : 'inProgress';
    case 'inProgress':
      return rnd.chance(0.15) ? 'terminatedWithError' : 'done';
    default:
      return undefined;
  }
}
