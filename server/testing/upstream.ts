/** For the gateway's tests: a token endpoint and a provider API as real servers on 127.0.0.1, counting what reaches them. */
import { serve } from '@hono/node-server';
import { Hono, type Context, type Env } from 'hono';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LogLine } from '../listener/log';
import { createAuditLog, addAuditRoutes, type AuditOptions } from '../gateway/audit';
import { addApiProxy, type ApiProxyOptions } from '../gateway/proxy';
import { createServiceTokens, type ServiceTokenOptions } from '../gateway/service-token';
import type { GatewaySession } from '../gateway/session-types';

export const API_PATH = '/tmf-api/troubleTicket/v5';
export const CLIENT_ID = 'trouble-ticket-desk';
export const CLIENT_SECRET = 'provider-test-secret-0123456789';

export type Served = { url: string; host: string; close(): Promise<void> };

const open = new Set<Served>();

/** Serves a Hono app on a free port of 127.0.0.1 until `close()` (or `closeAll()` after each test). */
export function serveApp(app: Hono): Promise<Served> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      const served: Served = {
        url: `http://127.0.0.1:${info.port}`,
        host: `127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            open.delete(served);
            (server as Server).closeAllConnections();
            (server as Server).close(() => done());
          }),
      };
      open.add(served);
      resolve(served);
    }) as Server;
  });
}

/** Stops every server the test started, and releases the requests they were made to hold. */
export async function closeAll(): Promise<void> {
  for (const release of holding.splice(0)) release();
  await Promise.all([...open].map((served) => served.close()));
}

const holding: (() => void)[] = [];
/** A promise that settles when the test ends: a server "that does not answer". */
export const never = () => new Promise<void>((resolve) => holding.push(resolve));

export type TokenEndpointBehaviour = { expiresIn?: number; status?: number; hang?: boolean };

/** The provider's token endpoint: client_secret_basic for the desk's client; tokens tok-1, tok-2, … */
export async function startTokenEndpoint(behaviour: TokenEndpointBehaviour = {}) {
  const seen: { form: Record<string, string>; authorization: string | undefined }[] = [];
  const app = new Hono();
  app.post('/token', async (c) => {
    const form = Object.fromEntries(new URLSearchParams(await c.req.text()));
    seen.push({ form, authorization: c.req.header('Authorization') });
    if (behaviour.hang) await never();
    if (behaviour.status) return c.json({ error: 'server_error' }, behaviour.status as 500);
    // RFC 6749 2.3.1: id and secret are form-encoded before Basic (openid-client encodes even "-").
    const basic = Buffer.from((c.req.header('Authorization') ?? '').replace(/^Basic /, ''), 'base64').toString();
    const [id, secret] = basic.split(':').map((part) => decodeURIComponent(part.replace(/\+/g, ' ')));
    if (id !== CLIENT_ID || secret !== CLIENT_SECRET || form.grant_type !== 'client_credentials') return c.json({ error: 'invalid_client' }, 401);
    return c.json({ access_token: `tok-${seen.length}`, token_type: 'Bearer', expires_in: behaviour.expiresIn ?? 300 });
  });
  const served = await serveApp(app);
  return { ...served, tokenUrl: `${served.url}/token`, seen };
}

export type Received = { method: string; path: string; headers: Record<string, string>; body: string };

/** The provider's API under `/api/v5`; `answer` decides each reply (default: 200 `[]`). */
export async function startUpstream(answer: (c: Context, received: Received) => Response | Promise<Response> = (c) => c.json([])) {
  const received: Received[] = [];
  const app = new Hono();
  app.all('/api/v5/*', async (c) => {
    const request: Received = { method: c.req.method, path: c.req.path + (new URL(c.req.url).search || ''), headers: c.req.header(), body: await c.req.text() };
    received.push(request);
    return answer(c, request);
  });
  const served = await serveApp(app);
  return { ...served, base: `${served.url}/api/v5`, received };
}

export const agentSession: GatewaySession = { id: 's-agent', subject: 'agent.one', name: 'Jana Schmidt', roles: ['agent'], canWrite: true };
export const viewerSession: GatewaySession = { id: 's-viewer', subject: 'viewer.one', name: 'Petra Vogel', roles: ['viewer'], canWrite: false };

/**
 * A gateway of the proxy and the audit routes; the cookie `s=agent` or `s=viewer` stands for a session. Its log lines
 * are kept in `lines`.
 */
export function gatewayFor(
  upstreamBase: string,
  tokenUrl: string,
  { tokens: tokenOptions = {}, proxy = {}, audit: auditOptions = {} }: { tokens?: Partial<ServiceTokenOptions>; proxy?: Partial<Pick<ApiProxyOptions<Env>, 'timeoutMs' | 'maxRequestBytes' | 'maxResponseBytes'>>; audit?: Partial<AuditOptions> } = {},
) {
  const lines: LogLine[] = [];
  const log = (line: LogLine) => lines.push(line);
  const tokens = createServiceTokens({ tokenUrl, clientId: CLIENT_ID, auth: { method: 'client_secret_basic', clientSecret: CLIENT_SECRET }, log, ...tokenOptions });
  const audit = createAuditLog({ log, ...auditOptions });
  const sessionOf = async (c: Context) => {
    const cookie = c.req.header('Cookie') ?? '';
    return cookie.includes('s=agent') ? agentSession : cookie.includes('s=viewer') ? viewerSession : undefined;
  };
  const app = new Hono();
  addApiProxy(app, { apiPath: API_PATH, upstreamBase, tokens, audit, sessionOf, log, ...proxy });
  addAuditRoutes(app, { audit, sessionOf, log });
  const call = (path: string, init: RequestInit & { as?: 'agent' | 'viewer' | 'nobody' } = {}) => {
    const { as = 'agent', ...rest } = init;
    const headers = new Headers(rest.headers);
    if (as !== 'nobody') headers.set('Cookie', `s=${as}; other=1`);
    return app.request(path.startsWith('/gateway') ? path : `${API_PATH}${path}`, { ...rest, headers });
  };
  return { app, tokens, audit, lines, call };
}
