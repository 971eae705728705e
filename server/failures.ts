/**
 * What an app answers and logs when a request fails (issue 43): a store (Redis) that cannot be reached is 503 with
 * Retry-After, in the agent's words, never 500; anything else is 500. Both are logged at `error` with the reason
 * (the exception's message, hosts and all: those stay in the log, never in the answer). Both servers' `onError`.
 */
import {
  ClientClosedError,
  ClientOfflineError,
  ConnectionTimeoutError,
  DisconnectsClientError,
  ErrorReply,
  ReconnectStrategyError,
  SocketClosedUnexpectedlyError,
  SocketTimeoutError,
} from '@redis/client';
import { errorResponse } from './errors';

/** Seconds a client waits before asking again while the store is away (Redis reconnects within 2 s). */
export const STORE_RETRY_AFTER_SECONDS = 5;
/** Seconds a client waits before asking again when it reached an instance that is stopping. */
export const RESTART_RETRY_AFTER_SECONDS = 1;

/** A store the request needs cannot be reached: thrown by whoever knows (or recognised below from the client's errors). */
export class StoreUnavailable extends Error {
  override readonly name = 'StoreUnavailable';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The client's own errors while Redis is away or the connection is closing: nothing the request did wrong. */
const CONNECTION_ERRORS = [
  ClientClosedError,
  ClientOfflineError,
  ConnectionTimeoutError,
  DisconnectsClientError,
  ReconnectStrategyError,
  SocketClosedUnexpectedlyError,
  SocketTimeoutError,
];
/** Replies of a Redis that is there but cannot serve now: loading its data, out of memory (noeviction), a replica, busy. */
const PASSING_REPLIES = /^(LOADING|BUSY|MASTERDOWN|READONLY|TRYAGAIN|CLUSTERDOWN|OOM|MISCONF)\b/;
/** A socket's own failures (a connect refused or reset). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** Whether `error` (or what caused it) says the store is out of reach for now, so that trying again later may work. */
export function isStoreUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  if (error instanceof StoreUnavailable) return true;
  if (CONNECTION_ERRORS.some((kind) => error instanceof kind)) return true;
  if (error instanceof ErrorReply) return PASSING_REPLIES.test(error.message);
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && SOCKET_CODES.has(code)) return true;
  return isStoreUnavailable(error.cause, depth + 1);
}

/** 503 `notReady` with Retry-After, in words an agent can act on; no host, no exception. */
export const storeUnavailableResponse = (): Response =>
  errorResponse(503, 'notReady', 'The desk is briefly unavailable: try again in a moment.', { headers: { 'Retry-After': String(STORE_RETRY_AFTER_SECONDS) } });

/** 503 for a request that reached an instance while it stops (server/serve.ts): another instance will serve it. */
export const restartingResponse = (): Response =>
  errorResponse(503, 'notReady', 'This part of the desk is restarting: try again in a moment.', { headers: { 'Retry-After': String(RESTART_RETRY_AFTER_SECONDS) } });

export type Failure = { status: 500 | 503; code: 'internalError' | 'notReady'; reason: string; response: Response };

/**
 * The answer to an exception that reached the app's error handler, and the reason for its log line. `who` words the
 * 500 ("The gateway", "The receiver").
 */
export function failureOf(error: unknown, who: string): Failure {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (isStoreUnavailable(error)) {
    return { status: 503, code: 'notReady', reason: `the store cannot be reached (${message})`, response: storeUnavailableResponse() };
  }
  return {
    status: 500,
    code: 'internalError',
    reason: message,
    response: errorResponse(500, 'internalError', `${who} failed on this request; it keeps running. Try again.`),
  };
}
