/**
 * What a send's result does to an outbox ticket, as pure functions (the runner only stores what they return): the
 * backoff before the next try, the "may already exist" mark that turns a later 409 into "already created", and the
 * record kept once the ticket has left the outbox.
 */
import { mayHaveCreated, type TicketOutcome } from '../../../domain/create-outcome';
import { finish } from '../../../lib/outbox/store';
import { backoff } from '../../../lib/backoff';
import type { OutboxEntry, PendingTicket } from '../../../lib/outbox/types';

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

/**
 * What a send's outcome (the create's, src/domain/create-outcome.ts, a 409 already looked up) makes of the ticket:
 * finished, waiting for a sign-in, for the agent's decision or fix, or for the next try.
 */
export function afterDelivery(ticket: PendingTicket, outcome: TicketOutcome, now: Date, random: number): OutboxEntry {
  const tried = { ...ticket, inFlight: false, attempts: ticket.attempts + 1, outcome };
  const later = (retryAfterSeconds?: number): PendingTicket => ({
    ...tried,
    state: 'waiting',
    // A 409 that may be ours, the look-up finding nothing yet: asked again later (a 409 again, then the look-up again).
    unconfirmed: ticket.unconfirmed || mayHaveCreated(outcome) || outcome.kind === 'unconfirmed',
    nextAttemptAt: now.getTime() + backoffMs(tried.attempts, random, retryAfterSeconds),
  });
  switch (outcome.kind) {
    case 'created':
    case 'accepted':
      return finish(ticket, outcome, now);
    case 'unauthorized':
      return { ...tried, state: 'signIn' };
    // Another ticket carries this external id and no attempt of ours may have made it, or the service will not take
    // it as it is: the agent decides (never sent again unasked).
    case 'conflict':
      // A batch's line made before (the same file again): settled, linked, nothing for the agent to decide.
      return ticket.origin?.kind === 'bulk' ? finish(ticket, outcome, now) : { ...tried, state: 'attention' };
    case 'forbidden':
    case 'unsupported':
      return { ...tried, state: 'attention' };
    case 'invalid':
      return { ...tried, state: 'refused' };
    case 'rateLimited':
    case 'unavailable':
      return later(outcome.retryAfterSeconds);
    case 'unconfirmed':
    case 'unreadable':
      return later();
  }
}
