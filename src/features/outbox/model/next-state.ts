/**
 * What a send's result does to an outbox ticket, as pure functions (the runner only stores what they return): the
 * backoff before the next try, the "may already exist" mark that turns a later 409 into "already created", and the
 * record kept once the ticket has left the outbox.
 */
import { finish } from '../../../lib/outbox/store';
import { backoff } from '../../../lib/backoff';
import type { Delivery, OutboxEntry, PendingTicket } from '../../../lib/outbox/types';

/** The first retry comes after 2.5–5 s; each next one waits twice as long, up to 2.5–5 minutes. */
export const FIRST_RETRY_MS = 5_000;
export const LONGEST_RETRY_MS = 5 * 60_000;
/** Jittered: the agents of a building whose network returns do not all send in the same second. */
const outboxWait = backoff(FIRST_RETRY_MS, LONGEST_RETRY_MS, true);

/** The wait after the `attempt`th failed send, never shorter than the service's Retry-After. */
export const backoffMs = (attempt: number, random: number, retryAfterSeconds?: number): number => outboxWait(attempt, () => random, retryAfterSeconds);

/** Just before a send: marked in flight, so a page that goes away before the answer leaves a "may exist" behind. */
export function beforeSend(ticket: PendingTicket): PendingTicket {
  return { ...ticket, inFlight: true };
}

/** Found on load in flight: the page before went away mid-send, so the service may have it. */
export function recovered(ticket: PendingTicket): PendingTicket {
  if (!ticket.inFlight && ticket.state !== 'signIn') return ticket;
  // A ticket that waited for a sign-in is due now: every sign-in is a page load in this app (docs/decisions/0020).
  const state = ticket.state === 'signIn' ? 'waiting' : ticket.state;
  return { ...ticket, state, inFlight: false, unconfirmed: ticket.unconfirmed || ticket.inFlight, nextAttemptAt: state === 'waiting' ? 0 : ticket.nextAttemptAt };
}

/** What a send's result makes of the ticket. */
export function afterDelivery(ticket: PendingTicket, delivery: Delivery, now: Date, random: number): OutboxEntry {
  const tried = { ...ticket, inFlight: false, attempts: ticket.attempts + 1 };
  switch (delivery.kind) {
    case 'created':
      return finish(ticket, { kind: 'created', ticketId: delivery.ticketId }, now);
    case 'accepted':
      return finish(ticket, { kind: 'accepted' }, now);
    case 'signIn':
      return { ...tried, state: 'signIn', problem: { kind: 'status', status: 401 } };
    case 'attention':
      // A batch's line that was made before (the same file again): settled, linked, nothing for the agent to decide.
      if (ticket.origin?.kind === 'bulk' && delivery.attention.reason === 'conflict') {
        return finish(ticket, { kind: 'existed', ...(delivery.attention.ticketId ? { ticketId: delivery.attention.ticketId } : {}) }, now);
      }
      return { ...tried, state: 'attention', attention: delivery.attention };
    case 'invalid':
      return { ...tried, state: 'refused', refusal: { invalidFields: delivery.invalidFields, ...(delivery.message ? { message: delivery.message } : {}) } };
    case 'later': {
      const wait = backoffMs(tried.attempts, random, delivery.retryAfterSeconds);
      return {
        ...tried,
        state: 'waiting',
        problem: delivery.problem,
        unconfirmed: ticket.unconfirmed || delivery.mayExist,
        nextAttemptAt: now.getTime() + wait,
      };
    }
  }
}
