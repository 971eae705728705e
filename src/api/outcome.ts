/**
 * Reads an answer to a create (POST /troubleTicket, POST /cancelProductOrder) as one outcome of the shared kinds
 * (src/domain/create-outcome.ts): each kind read by one pure function, so every status the service can answer is
 * tested without a form. A 409's look-up is the resource's own (the ticket's in features/ticket-entry/api/create-ticket.ts,
 * the cancellation's in features/cancel-orders/hooks/use-send-cancel-order.ts); its data is chosen in the domain.
 */
import type { CreateResult } from './client';
import { isApiError, isNetworkError, isResponseFormatError, isRetryable } from './errors';
import type { CreateOutcome } from '../domain/create-outcome';

export function outcomeOfResult<Existing = never>(result: CreateResult<{ id: string }>): CreateOutcome<Existing> {
  return result.status === 201 ? { kind: 'created', id: result.resource.id } : { kind: 'accepted' };
}

const given = <K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> =>
  value === undefined || value === '' ? {} : ({ [key]: value } as Record<K, V>);

/** The outcome of a failed create; a 409 is `conflict` without `existing` until the resource's look-up adds it. */
export function outcomeOfError<Existing = never>(error: unknown): CreateOutcome<Existing> {
  if (isResponseFormatError(error)) return { kind: 'unreadable', status: error.status };
  if (isNetworkError(error)) return { kind: 'unavailable', mayExist: true };
  if (!isApiError(error)) return { kind: 'unsupported' };
  const { message, reason } = error.errorMessage ?? {};
  const said = given('reason', reason);
  switch (error.status) {
    case 400:
      return { kind: 'invalid', invalidFields: error.invalidFields, ...given('message', message), ...said };
    case 401:
      return { kind: 'unauthorized' };
    case 403:
      return { kind: 'forbidden' };
    case 409:
      return { kind: 'conflict' };
    case 429:
      return { kind: 'rateLimited', status: 429, ...given('retryAfterSeconds', error.retryAfterSeconds), ...said };
    default:
      if (isRetryable(error)) {
        const wait = given('retryAfterSeconds', error.retryAfterSeconds);
        return { kind: 'unavailable', mayExist: error.status !== 503, status: error.status, ...wait, ...said };
      }
      return { kind: 'unsupported', status: error.status, ...said };
  }
}
