/**
 * One HTTP exchange with the service: bearer token (same origin only), one renewal and retry after a 401 (through a
 * hook, so this layer knows nothing of sign-in), fetch failures and non-2xx answers typed.
 */
import type * as z from '../domain/zod';
import type { ErrorMessage } from '../domain/error';
import { ApiError, NetworkError, ResponseFormatError, isAbortError, parseRetryAfter } from './errors';
import { requestsMayStart } from '../lib/requests-after-paint';
import { yieldToMain } from '../lib/yield-to-main';
import type { TokenSource } from './token-source';

/**
 * Called when the service answers 401 to a request for its own origin. Resolve true once a fresh token is available:
 * the request is then sent once more. If that retry gets a 401 too, it is called again with `retried: true` (to end
 * the session, say); there is never a third attempt.
 */
export type UnauthorizedHook = (attempt: { retried: boolean }) => Promise<boolean>;

export type Endpoint = {
  /** Absolute, without a trailing slash in its path. */
  baseUrl: URL;
  tokenSource: TokenSource;
  fetch: typeof fetch;
  onUnauthorized?: UnauthorizedHook;
};

export type HttpRequest = {
  method: 'GET' | 'POST';
  url: URL;
  /** JSON body; sent with `contentType`. */
  body?: unknown;
  contentType?: 'application/json' | 'application/json;charset=utf-8';
  signal?: AbortSignal;
};

/** A 2xx answer whose body has been read as text. */
export type HttpAnswer = { status: number; headers: Headers; text: string };

/**
 * The base may be relative (`/tmf-api/troubleTicket/v5`, decisions.md "Addresses"): it is then on the app's own
 * origin. Outside a browser there is no such origin, so it must be absolute.
 */
export function resolveBaseUrl(baseUrl: string): URL {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  let url: URL;
  try {
    url = origin && origin !== 'null' ? new URL(baseUrl, origin) : new URL(baseUrl);
  } catch (cause) {
    throw new TypeError(`API base URL must be absolute when there is no page origin: ${baseUrl}`, { cause });
  }
  url.pathname = url.pathname.replace(/\/+$/, '');
  url.search = '';
  url.hash = '';
  return url;
}

/**
 * A resource's address under the base: `/troubleTicket` under `https://api.example.net` is
 * `https://api.example.net/troubleTicket` (a URL's path is never empty, so an origin's root reads `/` and must not be
 * joined as `//troubleTicket`); under `…/tmf-api/troubleTicket/v5/` it is `…/v5/troubleTicket`.
 */
export function joinUrl(base: URL, path: string, query = ''): URL {
  const prefix = base.pathname.replace(/\/+$/, '');
  return new URL(`${base.origin}${prefix}/${path.replace(/^\/+/, '')}${query}`);
}

/** fetch rejected: an abort stays an abort (TanStack Query cancels through it), anything else is a NetworkError. */
function toFetchFailure(error: unknown, signal: AbortSignal | undefined): unknown {
  if (signal?.aborted || isAbortError(error)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new NetworkError(`No answer from the service: ${reason}`, { cause: error });
}

/** Reading the body can fail too (connection reset mid-answer); treat it like fetch failing. */
async function readText(response: Response, signal: AbortSignal | undefined): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    throw toFetchFailure(error, signal);
  }
}

/**
 * The ErrorMessage schema (zod) is loaded only when an answer is refused: the first screen ships without zod
 * (docs/decisions/0026). If even that chunk cannot be loaded, the status alone still says what happened.
 */
async function toApiError(status: number, headers: Headers, text: string): Promise<ApiError> {
  let errorMessage: ErrorMessage | undefined;
  try {
    const body: unknown = JSON.parse(text);
    const { ErrorMessage } = await import('../domain/error');
    const parsed = ErrorMessage.safeParse(body);
    if (parsed.success) errorMessage = parsed.data;
  } catch {
    // Not JSON (a proxy's HTML page, say), or the schema's chunk did not load: the status says enough.
  }
  return new ApiError({ status, errorMessage, retryAfterSeconds: parseRetryAfter(headers.get('Retry-After')) });
}

/** One round trip; the token is asked for each time, so a retry carries the renewed one. */
async function exchange(endpoint: Endpoint, request: HttpRequest, ownOrigin: boolean): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  if (ownOrigin) {
    const token = await endpoint.tokenSource.getAccessToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
  }
  let body: string | undefined;
  if (request.body !== undefined) {
    headers.set('Content-Type', request.contentType ?? 'application/json');
    body = JSON.stringify(request.body);
  }
  // The first screen paints before its requests start (src/lib/requests-after-paint, decision 0060). Starting a fetch
  // holds the main thread a little, and a screen starts many at once (the overview a dozen): each starts in a task of
  // its own, so input and paint never wait behind the whole burst as one long task (decision 0059).
  await requestsMayStart();
  await yieldToMain();
  try {
    return await endpoint.fetch(request.url.href, { method: request.method, headers, body, signal: request.signal });
  } catch (error) {
    throw toFetchFailure(error, request.signal);
  }
}

/** Sends one request; resolves with a 2xx answer, rejects with ApiError, NetworkError or the abort. */
export async function send(endpoint: Endpoint, request: HttpRequest): Promise<HttpAnswer> {
  // The token is for the service only: never hand it to another origin, whatever URL a caller builds.
  const ownOrigin = request.url.origin === endpoint.baseUrl.origin;
  let response = await exchange(endpoint, request, ownOrigin);
  // A 401 means the service did nothing with the request (not even a create), so sending it again is safe.
  if (response.status === 401 && ownOrigin && endpoint.onUnauthorized) {
    if (await endpoint.onUnauthorized({ retried: false })) {
      // The refused answer is not needed: free its connection before asking again.
      void response.body?.cancel().catch(() => undefined);
      response = await exchange(endpoint, request, ownOrigin);
      if (response.status === 401) await endpoint.onUnauthorized({ retried: true });
    }
  }
  const text = await readText(response, request.signal);
  if (!response.ok) throw await toApiError(response.status, response.headers, text);
  return { status: response.status, headers: response.headers, text };
}

/** The body as JSON, or ResponseFormatError: an empty or non-JSON 2xx body is a broken answer. */
export function parseJson(answer: HttpAnswer, what: string): unknown {
  if (answer.text.trim() === '') throw new ResponseFormatError(`${what}: the answer has no body`, answer.status);
  try {
    return JSON.parse(answer.text);
  } catch (cause) {
    throw new ResponseFormatError(`${what}: the answer is not JSON`, answer.status, [], { cause });
  }
}

/** A parsed JSON body read with a schema, or ResponseFormatError carrying the schema's issues. */
export function readAs<T>(schema: z.ZodType<T>, body: unknown, status: number, what: string): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const first = result.error.issues[0];
  const where = first && first.path.length ? ` at ${first.path.join('.')}` : '';
  throw new ResponseFormatError(`${what}: unexpected answer${where}: ${first?.message ?? ''}`, status, result.error.issues);
}
