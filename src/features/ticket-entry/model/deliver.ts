/**
 * One send of an outbox ticket, through the same create as the wizard's submit (api/create-ticket.ts: the answer read,
 * a 409 for a ticket that may already exist looked up and linked, never created twice), told in the outbox's terms
 * (src/lib/outbox/types.ts).
 */
import type { ApiClient } from '../../../api/client';
import { isApiError } from '../../../api/errors';
import { statusOf } from '../../../api/outcome';
import type { Delivery, OutboxProblem, PendingTicket } from '../../../lib/outbox/types';
import { createTicket } from '../api/create-ticket';
import type { Outcome } from './outcome';

function problemOf(outcome: { kind: string; error: unknown }): OutboxProblem {
  const status = statusOf(outcome);
  return status === undefined ? { kind: 'network' } : { kind: 'status', status };
}

const retryAfterOf = (error: unknown) => {
  const seconds = isApiError(error) ? error.retryAfterSeconds : undefined;
  return seconds === undefined ? {} : { retryAfterSeconds: seconds };
};

export function deliveryOf(outcome: Outcome): Delivery {
  switch (outcome.kind) {
    case 'created':
      return { kind: 'created', ticketId: outcome.id };
    case 'accepted':
      return { kind: 'accepted' };
    case 'invalid': {
      const message = outcome.message ?? outcome.reason;
      return { kind: 'invalid', invalidFields: outcome.invalidFields, ...(message ? { message } : {}) };
    }
    case 'unauthorized':
      return { kind: 'signIn' };
    case 'forbidden':
      return { kind: 'attention', attention: { reason: 'forbidden', status: 403 } };
    case 'conflict':
      // Another ticket carries this external id and no attempt of ours may have made it: the agent decides.
      return { kind: 'attention', attention: { reason: 'conflict', ...(outcome.ticketId ? { ticketId: outcome.ticketId } : {}) } };
    case 'unconfirmed':
      // Ours, most likely, but the look-up found nothing yet: asked again later (a 409 again, then the look-up again).
      return { kind: 'later', mayExist: true, problem: { kind: 'status', status: 409 } };
    case 'rateLimited':
      return { kind: 'later', mayExist: false, problem: problemOf(outcome), ...retryAfterOf(outcome.error) };
    case 'unavailable':
      return { kind: 'later', mayExist: outcome.mayExist, problem: problemOf(outcome), ...retryAfterOf(outcome.error) };
    case 'unreadable':
      return { kind: 'later', mayExist: true, problem: problemOf(outcome) };
    case 'unsupported': {
      const status = statusOf(outcome);
      return { kind: 'attention', attention: { reason: 'unsupported', ...(status !== undefined ? { status } : {}) } };
    }
  }
}

/** Sends the queued body once and says what came of it. */
export async function deliverQueued(api: ApiClient, ticket: PendingTicket, wait?: (ms: number) => Promise<unknown>): Promise<Delivery> {
  return deliveryOf(await createTicket(api, { body: ticket.body, earlierAttemptMayExist: ticket.unconfirmed }, wait));
}
