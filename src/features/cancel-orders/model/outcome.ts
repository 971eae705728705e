/** What an answer to POST /cancelProductOrder means for the agent: one kind per outcome the issue names. */
import type { CreateResult } from '../../../api/client';
import { isApiError, isNetworkError, isResponseFormatError, isRetryable } from '../../../api/errors';
import type { CancelProductOrderRead } from '../../../api/read-models';
import type { InvalidField } from '../../../domain/error';

export type Outcome =
  | { kind: 'created'; order: CancelProductOrderRead }
  | { kind: 'accepted' }
  /** 400: the fields the service named (decision 0009) and its message for the rest. */
  | { kind: 'invalid'; invalidFields: InvalidField[]; message?: string }
  | { kind: 'unauthorized' }
  | { kind: 'forbidden' }
  | { kind: 'notAcceptable' }
  | { kind: 'conflict' }
  /** 429; `retryAfterSeconds` undefined when the service did not say. */
  | { kind: 'rateLimited'; retryAfterSeconds: number | undefined }
  /** A 2xx the app cannot read: the cancellation may exist. */
  | { kind: 'unreadable'; error: unknown }
  /** 5xx, no answer, or a refusal the interface does not declare for this operation (404, 405 …). */
  | { kind: 'failed'; error: unknown; retryable: boolean };

export function outcomeOfResult(result: CreateResult<CancelProductOrderRead>): Outcome {
  return result.status === 201 ? { kind: 'created', order: result.resource } : { kind: 'accepted' };
}

export function outcomeOfError(error: unknown): Outcome {
  if (isResponseFormatError(error)) return { kind: 'unreadable', error };
  if (isNetworkError(error)) return { kind: 'failed', error, retryable: true };
  if (!isApiError(error)) return { kind: 'failed', error, retryable: true };
  switch (error.status) {
    case 400:
      return { kind: 'invalid', invalidFields: error.invalidFields, message: error.errorMessage?.message };
    case 401:
      return { kind: 'unauthorized' };
    case 403:
      return { kind: 'forbidden' };
    case 406:
      return { kind: 'notAcceptable' };
    case 409:
      return { kind: 'conflict' };
    case 429:
      return { kind: 'rateLimited', retryAfterSeconds: error.retryAfterSeconds };
    default:
      // A 5xx may pass (501 Not Implemented will not); a 404 or 405 here means a misconfigured base URL.
      return { kind: 'failed', error, retryable: isRetryable(error) };
  }
}
