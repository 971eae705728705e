/**
 * What an answer to a create (POST /troubleTicket, POST /cancelProductOrder) means for the agent: one vocabulary for
 * both resources (interface.md 4.1 and 4.2, docs/decisions/0008 and 0021), each kind read from the answer by one pure
 * function, so every status the service can answer is tested without a form. A resource adds only what is its own
 * (the ticket's look-up after a 409).
 */
import type { CreateResult } from './client';
import { isApiError, isNetworkError, isResponseFormatError, isRetryable } from './errors';
import type { InvalidField } from '../domain/error';

export type CreateOutcome =
  | { kind: 'created'; id: string }
  /** 202: taken, made later; it has no id yet. */
  | { kind: 'accepted' }
  /** 400: the fields the service named (decision 0009), and its message and reason for the rest. */
  | { kind: 'invalid'; invalidFields: InvalidField[]; message?: string; reason?: string }
  | { kind: 'unauthorized' }
  | { kind: 'forbidden' }
  /** 409: another one already holds what this one would (an external id, an open cancellation). */
  | { kind: 'conflict' }
  /** 429: the service took nothing; `retryAfterSeconds` is undefined when it did not say how long to wait. */
  | { kind: 'rateLimited'; error: unknown; retryAfterSeconds: number | undefined }
  /**
   * 5xx (not 501) or no answer: worth sending again. `mayExist` when the service may have made it all the same (not
   * after a 503: that takes nothing), so a 409 on the next attempt is read as "the first one worked".
   */
  | { kind: 'unavailable'; error: unknown; mayExist: boolean }
  /** A refusal the interface does not declare for a create (404, 405, 406, 501 …), or a fault of the app: sending again changes nothing. */
  | { kind: 'unsupported'; error: unknown }
  /** A 2xx the app cannot read: it may exist. */
  | { kind: 'unreadable'; error: unknown };

export function outcomeOfResult(result: CreateResult<{ id: string }>): CreateOutcome {
  return result.status === 201 ? { kind: 'created', id: result.resource.id } : { kind: 'accepted' };
}

export function outcomeOfError(error: unknown): CreateOutcome {
  if (isResponseFormatError(error)) return { kind: 'unreadable', error };
  if (isNetworkError(error)) return { kind: 'unavailable', error, mayExist: true };
  if (!isApiError(error)) return { kind: 'unsupported', error };
  switch (error.status) {
    case 400: {
      const { message, reason } = error.errorMessage ?? {};
      return { kind: 'invalid', invalidFields: error.invalidFields, ...(message ? { message } : {}), ...(reason ? { reason } : {}) };
    }
    case 401:
      return { kind: 'unauthorized' };
    case 403:
      return { kind: 'forbidden' };
    case 409:
      return { kind: 'conflict' };
    case 429:
      return { kind: 'rateLimited', error, retryAfterSeconds: error.retryAfterSeconds };
    default:
      if (isRetryable(error)) return { kind: 'unavailable', error, mayExist: error.status !== 503 };
      return { kind: 'unsupported', error };
  }
}

/** Whether the attempt may have made it without saying so: a 409 on the next attempt is then likely this one's. */
export function mayHaveCreated(outcome: { kind: string; mayExist?: boolean }): boolean {
  return (outcome.kind === 'unavailable' && outcome.mayExist === true) || outcome.kind === 'unreadable';
}

/** The status the service answered, for words that name it; undefined for no answer or a fault of the app. */
export function statusOf(outcome: { kind: string; error?: unknown }): number | undefined {
  return isApiError(outcome.error) || isResponseFormatError(outcome.error) ? outcome.error.status : undefined;
}
