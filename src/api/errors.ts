/** Typed failures of the API client, so the UI can tell "the service said no" from "no answer" from "odd answer". */
import type * as z from '../domain/zod';
import type { ErrorMessage, InvalidField } from '../domain/error';

type ApiErrorInit = {
  status: number;
  errorMessage?: ErrorMessage;
  retryAfterSeconds?: number;
};

/** A non-2xx answer. `errorMessage` is set only when the body was an ErrorMessage (interface.md 7). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly errorMessage?: ErrorMessage;
  readonly retryAfterSeconds?: number;
  /** The profile's validation extension (decisions.md "ErrorMessage"); [] when the service names no field. */
  readonly invalidFields: InvalidField[];

  constructor({ status, errorMessage, retryAfterSeconds }: ApiErrorInit) {
    super(apiErrorText(status, errorMessage));
    this.status = status;
    this.errorMessage = errorMessage;
    this.retryAfterSeconds = retryAfterSeconds;
    this.invalidFields = errorMessage?.invalidFields ?? [];
  }
}

/** Readable for logs and the error boundary; the UI words its own messages from status and errorMessage. */
function apiErrorText(status: number, errorMessage: ErrorMessage | undefined): string {
  if (!errorMessage) return `HTTP ${status}`;
  const detail = errorMessage.message ? ` (${errorMessage.message})` : '';
  return `HTTP ${status}: ${errorMessage.reason}${detail}`;
}

/** No answer at all: fetch rejected (offline, DNS, CORS, connection reset). Aborts are never turned into this. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** A 2xx whose body is not what the interface says (not JSON, not an object, not an array, no id). */
export class ResponseFormatError extends Error {
  override readonly name = 'ResponseFormatError';
  readonly status: number;
  /** Schema issues when the body was JSON of the wrong shape; [] when it was not JSON at all. */
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(message: string, status: number, issues: readonly z.core.$ZodIssue[] = [], options?: { cause?: unknown }) {
    super(message, options);
    this.status = status;
    this.issues = issues;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

export function isNetworkError(e: unknown): e is NetworkError {
  return e instanceof NetworkError;
}

export function isResponseFormatError(e: unknown): e is ResponseFormatError {
  return e instanceof ResponseFormatError;
}

const hasStatus = (status: number) => (e: unknown): e is ApiError => isApiError(e) && e.status === status;

/** No or no acceptable token: the UI sends the agent to sign in again. */
export const isUnauthorized = hasStatus(401);
export const isForbidden = hasStatus(403);
export const isNotFound = hasStatus(404);
/** Duplicate externalIdentifier, or a cancellation already under way (decisions.md). */
export const isConflict = hasStatus(409);
/** Too many requests: `retryAfterSeconds` says how long to wait when the service told us. */
export const isRateLimited = hasStatus(429);
/**
 * Not now (503): an instance restarting, the desk's session store away for a moment, a service in maintenance. It took
 * nothing; `retryAfterSeconds` says when to ask again (docs/deploy.md).
 */
export const isUnavailable = hasStatus(503);

/** The request was cancelled by its AbortSignal (TanStack Query cancels this way); not a failure to show. */
export function isAbortError(e: unknown): boolean {
  return e instanceof Error && e.name === 'AbortError';
}

/**
 * Worth an automatic retry: no answer, or a server-side failure that may pass (5xx except 501 Not Implemented).
 * A 4xx will fail the same way again; a 429 waits for the agent (Retry-After may be long); a malformed 2xx
 * is a service bug that a Retry button, not a silent loop, should repeat.
 */
export function isRetryable(e: unknown): boolean {
  if (isNetworkError(e)) return true;
  return isApiError(e) && e.status >= 500 && e.status !== 501;
}

/** `Retry-After` is either delay-seconds or an HTTP-date (RFC 9110 10.2.3); anything else is ignored. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^[0-9]+$/.test(trimmed)) return Number(trimmed);
  // Only accept something that looks like a date, so "soon" or "-5" do not slip through Date.parse.
  if (!/[a-z]/i.test(trimmed) || !/\d{4}/.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
