/** The API on the app's origin: a signed-in agent's calls forwarded to the provider with the desk's own token, writes audited. */
import { randomUUID } from 'node:crypto';
import type { Context, Env, Hono, Schema } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { FaultTicketFvo } from '../../src/domain/ticket';
import type { CancelProductOrderFvo } from '../../src/domain/cancel-order';
import type { Logger } from '../listener/log';
import { readAtMost } from '../listener/read-body';
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
};

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 15_000;
export const MAX_REQUEST_BYTES = 1024 * 1024;
export const DEFAULT_UPSTREAM_MAX_BYTES = 16 * 1024 * 1024;

// What passes each way; anything else (cookies, the agent's Authorization, forwarding headers) stays behind.
const requestHeaders = ['Accept', 'Accept-Language', 'Content-Type', 'If-None-Match'];
const responseHeaders = ['Content-Type', 'X-Total-Count', 'X-Result-Count', 'Retry-After', 'ETag', 'Cache-Control'];
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
const noBodyStatuses = new Set([101, 204, 205, 304]);
const writes: Record<string, AuditAction> = { '/troubleTicket': 'createTroubleTicket', '/cancelProductOrder': 'createCancelProductOrder' };
const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

type Exchange = { kind: 'answer'; response: Response; bytes: Uint8Array<ArrayBuffer> } | { kind: 'timeout' } | { kind: 'unreachable' } | { kind: 'tooLarge' };

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

  async function exchange(target: URL, init: RequestInit, token: string): Promise<Exchange> {
    const headers = new Headers(init.headers);
    headers.set('Authorization', `Bearer ${token}`);
    try {
      const response = await fetchImpl(target, { ...init, headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
      if (Number(response.headers.get('Content-Length') ?? 0) > maxResponseBytes) {
        await response.body?.cancel().catch(() => {});
        return { kind: 'tooLarge' };
      }
      const bytes = await readAtMost(response.body, maxResponseBytes);
      return bytes ? { kind: 'answer', response, bytes } : { kind: 'tooLarge' };
    } catch (error) {
      return error instanceof Error && error.name === 'TimeoutError' ? { kind: 'timeout' } : { kind: 'unreachable' };
    }
  }

  app.all(`${apiPath}/*`, async (c) => {
    // Hono's requestId middleware, when the app has it, has chosen the id and sets it on the answer: the same goes upstream.
    const chosen = (c.var as { requestId?: unknown }).requestId;
    const given = c.req.header('X-Request-Id');
    const requestId = typeof chosen === 'string' ? chosen : given && requestIdPattern.test(given) ? given : randomUUID();
    const method = c.req.method;
    const url = new URL(c.req.url);
    const rest = url.pathname.slice(apiPath.length);
    const action = method === 'POST' ? writes[rest.replace(/\/$/, '')] : undefined;
    const session = await sessionOf(c);
    let externalIdentifier: string | null = null;

    const record = async (status: number, resourceId?: string) => {
      if (!action || !session) return;
      const agent = { subject: session.subject, name: session.name };
      await audit.record({ requestId, agent, action, externalIdentifier, outcome: { status, ...(resourceId ? { resourceId } : {}) } });
    };
    const refuse = async (status: GatewayErrorStatus, code: GatewayErrorCode, message: string, headers: Record<string, string> = {}) => {
      log({ kind: 'refused', method, path: url.pathname, status, code });
      await record(status);
      return gatewayError(status, code, message, { ...headers, 'X-Request-Id': requestId });
    };

    if (!session) {
      log({ kind: 'refused', method, path: url.pathname, status: 401, code: 'sessionEnded' });
      return sessionEnded({ 'X-Request-Id': requestId });
    }
    if (!safeMethods.has(method) && !session.canWrite) return refuse(403, 'forbidden', 'Your role on this desk can read, not write.');

    let body: Uint8Array<ArrayBuffer> | undefined;
    if (!safeMethods.has(method)) {
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
    try {
      let token = await tokens.get();
      answer = await exchange(target, init, token);
      // A 401 from the provider means the desk's token, not the agent: fetch another once and send once more.
      if (answer.kind === 'answer' && answer.response.status === 401) {
        await tokens.invalidate(token);
        token = await tokens.get();
        answer = await exchange(target, init, token);
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

    const out = new Headers({ 'X-Request-Id': requestId });
    for (const name of responseHeaders) {
      const value = response.headers.get(name);
      if (value !== null) out.set(name, value);
    }
    const location = response.headers.get('Location');
    const rewritten = location ? publicLocation(location, target) : undefined;
    if (rewritten) out.set('Location', rewritten);

    const resourceId = response.status === 201 ? (parseJson(bytes) as { id?: unknown } | undefined)?.id : undefined;
    await record(response.status, typeof resourceId === 'string' ? resourceId : undefined);
    const sendsBody = method !== 'HEAD' && !noBodyStatuses.has(response.status);
    return new Response(sendsBody ? bytes : null, { status: response.status, headers: out });
  });
}
