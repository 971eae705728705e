/**
 * The API on the app's origin: exactly the interface's operations (an allow-list, not a pass-through) forwarded for a
 * signed-in agent with the desk's own token, every write audited once.
 */
import { randomUUID } from 'node:crypto';
import type { Context, Env, Hono, Schema } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { FaultTicketFvo } from '../../src/domain/ticket';
import type { CancelProductOrderFvo } from '../../src/domain/cancel-order';
import type { Logger } from '../listener/log';
import { readAtMost } from '../listener/read-body';
import { methodNotAllowed } from '../errors';
import type { AuditAction, AuditLog } from './audit';
import { gatewayError, sessionEnded, type GatewayErrorCode, type GatewayErrorStatus } from './errors';
import { ServiceTokenRefused, ServiceTokenUnavailable, type ServiceTokens } from './service-token';
import type { GatewaySession } from './session-types';

export type ApiProxyOptions<E extends Env> = {
  /** GATEWAY_API_PATH: the public path, e.g. /tmf-api/troubleTicket/v5. */
  apiPath: string;
  /** GATEWAY_API_BASE_URL: the provider's `{base_url}`; `<apiPath>/x?q` goes to `<base>/x?q`. */
  upstreamBase: string;
  tokens: Pick<ServiceTokens, 'get' | 'invalidate'>;
  audit: AuditLog;
  sessionOf(c: Context<E>): Promise<GatewaySession | undefined>;
  log?: Logger;
  /** GATEWAY_UPSTREAM_TIMEOUT_MS: the whole exchange, body included. */
  timeoutMs?: number;
  maxRequestBytes?: number;
  /** GATEWAY_UPSTREAM_MAX_BYTES. */
  maxResponseBytes?: number;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch; paces the token fetches a provider's 401 may force. */
  now?: () => number;
};

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 15_000;
export const MAX_REQUEST_BYTES = 1024 * 1024;
export const DEFAULT_UPSTREAM_MAX_BYTES = 16 * 1024 * 1024;
/** A provider's 401 drops the desk's token and fetches another at most once in this time, whoever calls. */
export const TOKEN_REFETCH_INTERVAL_MS = 30_000;
/** Every API answer: never cached, never a document the browser would render or run. */
export const API_RESPONSE_HEADERS = { 'Cache-Control': 'no-store', 'Content-Security-Policy': "default-src 'none'; sandbox" } as const;

// What passes each way; anything else (cookies, the agent's Authorization, forwarding headers) stays behind.
const requestHeaders = ['Accept', 'Accept-Language', 'Content-Type', 'If-None-Match'];
const responseHeaders = ['Content-Type', 'X-Total-Count', 'X-Result-Count', 'Retry-After', 'ETag'];
const noBodyStatuses = new Set([101, 204, 205, 304]);
const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The interface's operations (docs/gateway.md, /work/shared/interface.md 4.1 and 4.2), spelt as it spells them: a
 * collection takes GET (list) and POST (create), one of its items GET (retrieve). Nothing else reaches the provider.
 */
const collections: Record<string, AuditAction> = { troubleTicket: 'createTroubleTicket', cancelProductOrder: 'createCancelProductOrder' };
const COLLECTION_METHODS = ['GET', 'POST'] as const;
const ITEM_METHODS = ['GET'] as const;
/** An id as one path segment: unreserved, sub-delims, ':' '@' and percent-escapes; never a dot segment or a slash. */
const ID_SEGMENT = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2}){1,256}$/;

/** The operation a path (below the API path, as the URL parser wrote it) names, or undefined: not the interface's. */
export function operationOf(rest: string): { collection: string; item: boolean } | undefined {
  const match = /^\/(troubleTicket|cancelProductOrder)(?:\/([^/]*))?$/.exec(rest);
  if (!match) return undefined;
  const id = match[2];
  if (id === undefined) return { collection: match[1] as string, item: false };
  if (!ID_SEGMENT.test(id)) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(id);
  } catch {
    return undefined;
  }
  const control = [...decoded].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
  if (decoded === '.' || decoded === '..' || decoded.includes('/') || decoded.includes('\\') || control) return undefined;
  return { collection: match[1] as string, item: true };
}

/** `application/json`, with or without parameters (the interface's two answer types). */
const isJson = (type: string | null) => (type ?? '').split(';')[0]?.trim().toLowerCase() === 'application/json';

type Exchange =
  | { kind: 'answer'; response: Response; bytes: Uint8Array<ArrayBuffer> }
  | { kind: 'timeout' }
  | { kind: 'unreachable' }
  | { kind: 'tooLarge' }
  /** The agent's client went away during a read: the call was cancelled, and nobody waits for an answer. */
  | { kind: 'abandoned' };

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}

/** The identifier the agent knows the write by: the ticket's first external identifier, or the order cancelled. */
function externalIdentifierOf(action: AuditAction, body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const id =
    action === 'createTroubleTicket'
      ? (body as Partial<Pick<FaultTicketFvo, 'externalIdentifier'>>).externalIdentifier?.[0]?.id
      : (body as Partial<Pick<CancelProductOrderFvo, 'productOrder'>>).productOrder?.id;
  return typeof id === 'string' ? id : null;
}

export function addApiProxy<E extends Env, S extends Schema, B extends string>(app: Hono<E, S, B>, options: ApiProxyOptions<E>) {
  const { apiPath, tokens, audit, sessionOf, log = () => {} } = options;
  const { timeoutMs = DEFAULT_UPSTREAM_TIMEOUT_MS, maxRequestBytes = MAX_REQUEST_BYTES, maxResponseBytes = DEFAULT_UPSTREAM_MAX_BYTES } = options;
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  // As the URL parser writes it (host in lower case, no default port), so that targets and Locations compare with it.
  const base = new URL(options.upstreamBase).href.replace(/\/+$/, '');
  const upstreamHost = new URL(base).host;
  // Hono's limit reads at most maxSize bytes; its answer only marks the refusal, which `refuse` below words and audits.
  const limit = bodyLimit({ maxSize: maxRequestBytes, onError: () => new Response(null, { status: 413 }) });

  /** The upstream's Location under the public path; one pointing anywhere else is dropped, not passed on. */
  function publicLocation(location: string, target: URL): string | undefined {
    const resolved = new URL(location, target).href;
    if (resolved === base || resolved.startsWith(`${base}/`) || resolved.startsWith(`${base}?`)) return apiPath + resolved.slice(base.length);
    return undefined;
  }

  /**
   * One call to the provider. `abandoned` is the agent's request's signal for a read: a client that has gone cancels
   * the call. A write is never cancelled half-way (the provider may have taken it): it runs to its answer, which the
   * audit records, once (docs/decisions/2026-11-28-one-frame-for-all-and-redis-bounded.md).
   */
  async function exchange(target: URL, init: RequestInit, token: string, abandoned?: AbortSignal): Promise<Exchange> {
    const headers = new Headers(init.headers);
    headers.set('Authorization', `Bearer ${token}`);
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const signal = abandoned ? AbortSignal.any([abandoned, timeout]) : timeout;
      const response = await fetchImpl(target, { ...init, headers, redirect: 'manual', signal });
      if (Number(response.headers.get('Content-Length') ?? 0) > maxResponseBytes) {
        await response.body?.cancel().catch(() => {});
        return { kind: 'tooLarge' };
      }
      const bytes = await readAtMost(response.body, maxResponseBytes);
      return bytes ? { kind: 'answer', response, bytes } : { kind: 'tooLarge' };
    } catch (error) {
      if (abandoned?.aborted) return { kind: 'abandoned' };
      return timeout.aborted || (error instanceof Error && error.name === 'TimeoutError') ? { kind: 'timeout' } : { kind: 'unreachable' };
    }
  }

  // Paces the fetches a provider's 401 forces: one agent cannot make the desk fetch a token per request.
  let refetchAllowedAt = 0;

  app.all(`${apiPath}/*`, async (c) => {
    // Hono's requestId middleware, when the app has it, has chosen the id and sets it on the answer: the same goes upstream.
    // It correlates log lines only; the audit record gets an id of its own (audit.ts), whatever a caller sends.
    const chosen = (c.var as { requestId?: unknown }).requestId;
    const given = c.req.header('X-Request-Id');
    const requestId = typeof chosen === 'string' ? chosen : given && requestIdPattern.test(given) ? given : randomUUID();
    // Hono answers HEAD with the GET route: the request's own method is the one that counts.
    const method = c.req.raw.method.toUpperCase();
    const url = new URL(c.req.url);
    const rest = url.pathname.slice(apiPath.length);

    // The allow-list, before anything else: a path or method outside the interface is answered here, never forwarded.
    const operation = operationOf(rest);
    if (!operation) {
      log({ kind: 'refused', method, path: url.pathname, status: 404, code: 'notFound' });
      return gatewayError(404, 'notFound', `No resource at ${url.pathname}.`, { ...API_RESPONSE_HEADERS, 'X-Request-Id': requestId });
    }
    const allow = operation.item ? ITEM_METHODS : COLLECTION_METHODS;
    if (!(allow as readonly string[]).includes(method)) {
      log({ kind: 'refused', method, path: url.pathname, status: 405, code: 'methodNotAllowed' });
      const refused = methodNotAllowed(method, allow);
      for (const [name, value] of Object.entries({ ...API_RESPONSE_HEADERS, 'X-Request-Id': requestId })) refused.headers.set(name, value);
      return refused;
    }
    const action = method === 'POST' ? collections[operation.collection] : undefined;
    const session = await sessionOf(c);
    let externalIdentifier: string | null = null;
    let recorded = false;

    // Exactly one record per write, whatever happens after this point.
    const record = async (status: number, resourceId?: string) => {
      if (!action || !session || recorded) return;
      recorded = true;
      const agent = { subject: session.subject, name: session.name };
      await audit.record({ requestId, agent, action, externalIdentifier, outcome: { status, ...(resourceId ? { resourceId } : {}) } });
    };
    const refuse = async (status: GatewayErrorStatus, code: GatewayErrorCode, message: string, headers: Record<string, string> = {}) => {
      log({ kind: 'refused', method, path: url.pathname, status, code });
      await record(status);
      return gatewayError(status, code, message, { ...headers, ...API_RESPONSE_HEADERS, 'X-Request-Id': requestId });
    };

    if (!session) {
      log({ kind: 'refused', method, path: url.pathname, status: 401, code: 'sessionEnded' });
      return sessionEnded({ ...API_RESPONSE_HEADERS, 'X-Request-Id': requestId });
    }
    try {
      return await forward();
    } catch (error) {
      // Whatever failed here (the answer is the app's error handler's), the write is on record.
      await record(500);
      throw error;
    }

    async function forward(): Promise<Response> {
      if (method !== 'GET' && !session?.canWrite) return refuse(403, 'forbidden', 'Your role on this desk can read, not write.');

      let body: Uint8Array<ArrayBuffer> | undefined;
      if (method === 'POST') {
        const refused = await limit(c, async () => {
          body = new Uint8Array(await c.req.arrayBuffer());
        });
        if (refused instanceof Response) return refuse(413, 'bodyTooLarge', `The request is larger than ${maxRequestBytes / 1024} KiB; send less.`);
        if (action && body) externalIdentifier = externalIdentifierOf(action, parseJson(body));
      }

      const target = new URL(base + rest + url.search);
      // The path was normalised on the way in; this holds even for an encoded dot segment the URL parser resolves here.
      if (!target.href.startsWith(`${base}/`)) return refuse(404, 'notFound', `No resource at ${url.pathname}.`);
      const headers = new Headers({ 'X-Request-Id': requestId });
      for (const name of requestHeaders) {
        const value = c.req.header(name);
        if (value !== undefined) headers.set(name, value);
      }
      const init: RequestInit = { method, headers, ...(body && body.byteLength > 0 ? { body } : {}) };

      let answer: Exchange;
      // Only a read is cancelled with its client (exchange).
      const abandoned = method === 'GET' || method === 'HEAD' ? c.req.raw.signal : undefined;
      try {
        let token = await tokens.get();
        answer = await exchange(target, init, token, abandoned);
        // A 401 from the provider means the desk's token, not the agent: drop it and fetch another, at most once per
        // TOKEN_REFETCH_INTERVAL_MS. Only a read is sent once more: a write the provider may have seen is never resent.
        if (answer.kind === 'answer' && answer.response.status === 401 && now() >= refetchAllowedAt) {
          refetchAllowedAt = now() + TOKEN_REFETCH_INTERVAL_MS;
          await tokens.invalidate(token);
          if (method === 'GET') {
            token = await tokens.get();
            answer = await exchange(target, init, token, abandoned);
          }
        }
      } catch (error) {
        if (error instanceof ServiceTokenUnavailable) {
          return refuse(503, 'tokenEndpointUnavailable', `The provider cannot be called just now: try again in ${error.retryAfterSeconds} seconds.`, {
            'Retry-After': String(error.retryAfterSeconds),
          });
        }
        if (error instanceof ServiceTokenRefused) return refuse(502, 'upstreamRefused', "The provider refused the desk's credentials; tell the desk's operator.");
        throw error;
      }
      if (answer.kind === 'abandoned') {
        log({ kind: 'info', message: `${method} ${url.pathname}: the client went away; the provider's call was cancelled` });
        // Nobody reads it; 499 (nginx's "client closed request") marks it in the request metrics.
        return new Response(null, { status: 499, headers: { ...API_RESPONSE_HEADERS, 'X-Request-Id': requestId } });
      }
      if (answer.kind === 'timeout') {
        return refuse(504, 'upstreamTimeout', `The provider did not answer within ${timeoutMs / 1000} seconds; try again in a moment.`, { 'Retry-After': '5' });
      }
      if (answer.kind === 'unreachable') {
        // The host in the log only (issue 38): an answer names no internal address.
        log({ kind: 'info', level: 'error', message: `The provider's service at ${upstreamHost} could not be reached` });
        return refuse(503, 'upstreamUnavailable', "The provider's service could not be reached: try again in a moment.", { 'Retry-After': '5' });
      }
      if (answer.kind === 'tooLarge') return refuse(502, 'upstreamTooLarge', 'The provider sent more than the desk accepts at once; ask for fewer results.');
      const { response, bytes } = answer;
      if (response.status === 401) return refuse(502, 'upstreamRefused', "The provider refused the desk's credentials; tell the desk's operator.");
      const sendsBody = method !== 'HEAD' && !noBodyStatuses.has(response.status) && bytes.byteLength > 0;
      // JSON or nothing: an upstream page (text/html, a script…) is never served on the desk's origin.
      if (sendsBody && !isJson(response.headers.get('Content-Type'))) {
        return refuse(502, 'upstreamInvalid', 'The provider answered with something other than JSON; tell the desk\'s operator.');
      }

      const out = new Headers({ ...API_RESPONSE_HEADERS, 'X-Request-Id': requestId });
      for (const name of responseHeaders) {
        const value = response.headers.get(name);
        if (value !== null) out.set(name, value);
      }
      if (!sendsBody) out.delete('Content-Type');
      const location = response.headers.get('Location');
      const rewritten = location ? publicLocation(location, target) : undefined;
      if (rewritten) out.set('Location', rewritten);

      const resourceId = response.status === 201 ? (parseJson(bytes) as { id?: unknown } | undefined)?.id : undefined;
      await record(response.status, typeof resourceId === 'string' ? resourceId : undefined);
      return new Response(sendsBody ? bytes : null, { status: response.status, headers: out });
    }
  });
}
