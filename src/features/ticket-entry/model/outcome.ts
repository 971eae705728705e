/**
 * What an answer to POST /troubleTicket means for the agent (interface.md 4.1, docs/decisions/0008): one pure function
 * per step, as src/features/cancel-orders/model/outcome.ts does, so every status the service can answer is tested
 * without a form. use-submit-ticket acts on the result (navigate, sign in, look the ticket up after a 409).
 */
import type { CreateResult } from '../../../api/client';
import { isApiError, isNetworkError, isResponseFormatError, isRetryable } from '../../../api/errors';
import type { TroubleTicketRead } from '../../../api/read-models';
import type { ErrorMessage, InvalidField } from '../../../domain/error';

export type Outcome =
  | { kind: 'created'; ticketId: string }
  | { kind: 'accepted'; externalId: string }
  /** 400: the fields the service named (decision 0009) and its message for the rest. */
  | { kind: 'invalid'; invalidFields: InvalidField[]; errorMessage?: ErrorMessage }
  /** 409 before the ticket was looked up: outcomeOfConflict says what it means. */
  | { kind: 'duplicate'; externalId: string }
  | { kind: 'conflict'; externalId: string; ticketId?: string }
  /** A 409 after an attempt that got no answer, when the ticket could not be looked up: ours, most likely. */
  | { kind: 'unconfirmed'; externalId: string }
  | { kind: 'unauthorized' }
  | { kind: 'forbidden' }
  /**
   * 429, 5xx (not 501) or no answer: Retry. `mayExist` when the service may have created it all the same (not after
   * a 429 or 503: those take nothing), so a 409 on the next attempt is read as "the first one worked".
   */
  | { kind: 'retry'; error: unknown; mayExist: boolean }
  /** A refusal the interface does not declare for this operation (404, 405, 406, 501 …): a misconfiguration. */
  | { kind: 'unsupported'; error: unknown }
  /** A 2xx the app cannot read: the ticket may exist. */
  | { kind: 'unreadable'; error: unknown; externalId: string };

export function outcomeOfResult(result: CreateResult<TroubleTicketRead>, externalId: string): Outcome {
  return result.status === 201 ? { kind: 'created', ticketId: result.resource.id } : { kind: 'accepted', externalId };
}

export function outcomeOfError(error: unknown, externalId: string): Outcome {
  if (isResponseFormatError(error)) return { kind: 'unreadable', error, externalId };
  if (isNetworkError(error)) return { kind: 'retry', error, mayExist: true };
  if (!isApiError(error)) return { kind: 'unsupported', error };
  switch (error.status) {
    case 400:
      return { kind: 'invalid', invalidFields: error.invalidFields, errorMessage: error.errorMessage };
    case 401:
      return { kind: 'unauthorized' };
    case 403:
      return { kind: 'forbidden' };
    case 409:
      return { kind: 'duplicate', externalId };
    case 429:
      // The service took nothing; Retry after the time it names (shown with the outcome).
      return { kind: 'retry', error, mayExist: false };
    default:
      if (isRetryable(error)) return { kind: 'retry', error, mayExist: error.status !== 503 };
      return { kind: 'unsupported', error };
  }
}

/**
 * A 409 names a ticket that already carries the external id (`ticketId`, when the lookup found it). When the previous
 * attempt with this id got no answer, that ticket is the agent's own: open it, never create a second one.
 */
export function outcomeOfConflict(externalId: string, ticketId: string | undefined, unconfirmedExternalId: string | undefined): Outcome {
  if (unconfirmedExternalId !== externalId) return { kind: 'conflict', externalId, ticketId };
  return ticketId ? { kind: 'created', ticketId } : { kind: 'unconfirmed', externalId };
}

/** Whether the attempt may have created the ticket without saying so: the draft remembers its external id. */
export function mayHaveCreated(outcome: Outcome): boolean {
  return (outcome.kind === 'retry' && outcome.mayExist) || outcome.kind === 'unreadable';
}

/** The outcomes the check-answers page shows in its outcome panel (the others leave the page or go to the summary). */
export type ShownOutcome = Extract<Outcome, { kind: 'conflict' | 'unconfirmed' | 'unauthorized' | 'forbidden' | 'retry' | 'unsupported' | 'unreadable' }>;
