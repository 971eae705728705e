/**
 * One send of an outbox ticket, read by the same pure outcome functions as the wizard's submit (model/outcome.ts) and
 * told in the outbox's terms (src/lib/outbox/types.ts): a 409 for a ticket that may already exist is looked up and
 * linked, never created twice.
 */
import type { ApiClient } from '../../../api/client';
import { isApiError, isResponseFormatError } from '../../../api/errors';
import type { Delivery, OutboxProblem, PendingTicket } from '../../../lib/outbox/types';
import { findTicket } from '../api/find-ticket';
import { outcomeOfConflict, outcomeOfError, outcomeOfResult, type Outcome } from './outcome';

function problemOf(error: unknown): OutboxProblem {
  if (isApiError(error) || isResponseFormatError(error)) return { kind: 'status', status: error.status };
  return { kind: 'network' };
}

export function deliveryOf(outcome: Outcome): Delivery {
  switch (outcome.kind) {
    case 'created':
      return { kind: 'created', ticketId: outcome.ticketId };
    case 'accepted':
      return { kind: 'accepted' };
    case 'invalid': {
      const message = outcome.errorMessage?.message ?? outcome.errorMessage?.reason;
      return { kind: 'invalid', invalidFields: outcome.invalidFields, ...(message ? { message } : {}) };
    }
    case 'unauthorized':
      return { kind: 'signIn' };
    case 'forbidden':
      return { kind: 'attention', attention: { reason: 'forbidden', status: 403 } };
    case 'duplicate':
    case 'conflict':
      // Another ticket carries this external id and no attempt of ours may have made it: the agent decides.
      return { kind: 'attention', attention: { reason: 'conflict', ...('ticketId' in outcome && outcome.ticketId ? { ticketId: outcome.ticketId } : {}) } };
    case 'unconfirmed':
      // Ours, most likely, but the lookup found nothing yet: asked again later (a 409 again, then the lookup again).
      return { kind: 'later', mayExist: true, problem: { kind: 'status', status: 409 } };
    case 'retry': {
      const retryAfterSeconds = isApiError(outcome.error) ? outcome.error.retryAfterSeconds : undefined;
      return { kind: 'later', mayExist: outcome.mayExist, problem: problemOf(outcome.error), ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}) };
    }
    case 'unreadable':
      return { kind: 'later', mayExist: true, problem: problemOf(outcome.error) };
    case 'unsupported':
      return { kind: 'attention', attention: { reason: 'unsupported', ...(isApiError(outcome.error) ? { status: outcome.error.status } : {}) } };
  }
}

/** Sends the queued body once and says what came of it; a 409 after an attempt that may have created it is looked up. */
export async function deliverQueued(api: ApiClient, ticket: PendingTicket, wait?: (ms: number) => Promise<unknown>): Promise<Delivery> {
  const { externalId } = ticket;
  let outcome: Outcome;
  try {
    outcome = outcomeOfResult(await api.createTroubleTicket(ticket.body), externalId);
  } catch (error) {
    outcome = outcomeOfError(error, externalId);
  }
  if (outcome.kind === 'duplicate') {
    outcome = outcomeOfConflict(externalId, await findTicket(api, externalId, wait), ticket.unconfirmed ? externalId : undefined);
  }
  return deliveryOf(outcome);
}
