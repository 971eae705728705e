/** The composed gateway: Origin checks, secure headers, the receiver's paths, the relay on the session, the built app. */
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeners } from '../../src/domain/event';
import type { LogLine } from '../listener/log';
import { envelopeFor, sseReader } from '../testing/listener-helpers';
import { createAuditLog } from './audit';
import { createGatewayApp, type GatewayApp } from './app';
import { createSessionStore } from './sessions';
import { signInThrough, startTestIdp, testGatewaySettings, type TestIdp } from '../testing/idp';

const ORIGIN = 'http://127.0.0.1:5221';
const API = '/tmf-api/troubleTicket/v5';
const listener = listeners[0];
let idp: TestIdp;
let gateway: GatewayApp;
let staticDir: string;
const lines: LogLine[] = [];
const upstreamCalls: Request[] = [];

beforeAll(async () => {
  idp = await startTestIdp(ORIGIN);
  staticDir = await mkdtemp(join(tmpdir(), 'ttd-gateway-app-'));
  await mkdir(join(staticDir, 'assets'));
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>Trouble Ticket Desk</title>');
  await writeFile(join(staticDir, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  await writeFile(
    join(staticDir, '_headers'),
    "/*\n  Content-Security-Policy: default-src 'self'; frame-ancestors 'none'\n  X-Content-Type-Options: nosniff\n  Permissions-Policy: camera=()\n  Reporting-Endpoints: csp=\"/csp-report\"\n",
  );
  const log = (line: LogLine) => lines.push(line);
  gateway = createGatewayApp({
    settings: testGatewaySettings(ORIGIN, idp.issuer, { baseUrl: 'http://127.0.0.1:1/tmf-api/troubleTicket/v5', path: API }, staticDir),
    store: createSessionStore({ secret: 'a session secret of at least 32 characters', idleSeconds: 1800, absoluteSeconds: 36000 }),
    tokens: { get: async () => 'service-token', invalidate: async () => {} },
    audit: createAuditLog({ log }),
    log,
    fetch: async (input, init) => {
      upstreamCalls.push(new Request(input, init));
      return new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json', 'X-Total-Count': '0' } });
    },
  });
}, 30_000);

afterAll(async () => {
  await idp?.close();
});

const request = (path: string, init?: RequestInit) => gateway.app.request(path, init);
const signIn = async (username = 'agent.one') => (await signInThrough(request, idp, ORIGIN, username)).session ?? '';
const cookie = (session: string) => ({ Cookie: `__Host-ttd-session=${session}` });

describe('the Origin check', () => {
  it.each([
    ['another origin', { Origin: 'https://evil.example' }, 403],
    ['"null"', { Origin: 'null' }, 403],
    ['no Origin and a cross-site fetch', { 'Sec-Fetch-Site': 'cross-site' }, 403],
    ['no Origin at all', {}, 403],
    ['the public origin', { Origin: ORIGIN }, 200],
    ['no Origin but a same-origin fetch', { 'Sec-Fetch-Site': 'same-origin' }, 200],
  ])('answers a sign-out from %s with %i', async (_from, headers, status) => {
    const session = await signIn();
    const res = await request('/gateway/logout', { method: 'POST', headers: { ...cookie(session), 'Content-Type': 'application/json', ...headers } });
    expect(res.status).toBe(status);
    if (status === 403) {
      expect(await res.json()).toMatchObject({ code: 'forbidden' });
      // Refused before the route: the session lives on.
      expect((await request('/gateway/session', { headers: cookie(session) })).status).toBe(200);
    }
  });

  it('refuses an API write from another origin before anything goes upstream', async () => {
    const session = await signIn();
    const before = upstreamCalls.length;
    const res = await request(`${API}/troubleTicket`, { method: 'POST', headers: { ...cookie(session), Origin: 'https://evil.example', 'Content-Type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(403);
    expect(upstreamCalls.length).toBe(before);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND', 'BREW', 'patch'])('checks the Origin of a %s too (every method but GET, HEAD and OPTIONS)', async (method) => {
    const before = upstreamCalls.length;
    for (const path of [`${API}/troubleTicket`, '/gateway/logout', '/relay/events']) {
      const res = await request(path, { method, headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' }, body: '{}' });
      expect(res.status, path).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'forbidden' });
    }
    expect(upstreamCalls.length).toBe(before);
  });

  it("lets the provider's events in without an Origin (server to server, bearer token)", async () => {
    const res = await request(listener?.path ?? '', {
      method: 'POST',
      headers: { Authorization: 'Bearer service', 'Content-Type': listener?.contentType ?? 'application/json' },
      body: JSON.stringify(envelopeFor(listeners[0] as NonNullable<typeof listener>)),
    });
    expect(res.status).toBe(204);
  });

  it("takes a browser's violation report at /csp-report without an Origin, and logs it", async () => {
    const res = await request('/csp-report', {
      method: 'POST',
      headers: { 'Content-Type': 'application/csp-report' },
      body: JSON.stringify({ 'csp-report': { 'effective-directive': 'connect-src', 'blocked-uri': 'https://evil.example/x' } }),
    });
    expect(res.status).toBe(204);
    expect(lines).toContainEqual({ kind: 'cspViolation', directive: 'connect-src', blocked: 'https://evil.example/x' });
  });
});

describe('the composed gateway', () => {
  it('answers /healthz and /readyz, with secure headers, a request id and no CORS', async () => {
    const res = await request('/healthz', { headers: { Origin: 'https://evil.example', 'X-Request-Id': 'req-42' } });
    expect(res.status).toBe(200);
    expect((await request('/readyz')).status).toBe(200);
    expect(res.headers.get('X-Request-Id')).toBe('req-42');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    expect([...res.headers.keys()].filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });

  it('forwards an API read for a signed-in agent, with the desk token and without the agent cookie', async () => {
    expect((await request(`${API}/troubleTicket`)).status).toBe(401);
    const session = await signIn();
    const res = await request(`${API}/troubleTicket?limit=5`, { headers: cookie(session) });
    expect(res.status).toBe(200);
    const sent = upstreamCalls.at(-1);
    expect(sent?.url).toBe('http://127.0.0.1:1/tmf-api/troubleTicket/v5/troubleTicket?limit=5');
    expect(sent?.headers.get('Authorization')).toBe('Bearer service-token');
    expect(sent?.headers.get('Cookie')).toBeNull();
  });

  it('opens the relay on the session only, sells no stream tickets, and ends the stream at sign-out', async () => {
    expect((await request('/relay/events')).status).toBe(401);
    expect((await request('/relay/stream-tickets', { method: 'POST', headers: { Origin: ORIGIN, Authorization: 'Bearer x' } })).status).toBe(404);
    const session = await signIn();
    const res = await request('/relay/events', { headers: cookie(session) });
    expect(res.status).toBe(200);
    const stream = sseReader(res);
    expect((await stream.events(1))[0]?.event).toBe('hello');
    expect((await request('/gateway/logout', { method: 'POST', headers: { ...cookie(session), Origin: ORIGIN } })).status).toBe(200);
    for (let m = await stream.next(); m; m = await stream.next()) expect(m.event).not.toBe('notification');
    expect(lines).toContainEqual(expect.objectContaining({ kind: 'stream', reason: 'session signed out' }));
    expect((await request('/relay/events', { headers: cookie(session) })).status).toBe(401);
  });

  it('marks every response of its own paths no-store', async () => {
    for (const path of ['/gateway/session', '/gateway/nothing-here', '/gateway/audit/troubleTicket/TT-1']) {
      expect((await request(path)).headers.get('Cache-Control'), path).toBe('no-store');
    }
  });
});

describe('the built app (GATEWAY_STATIC_DIR)', () => {
  const html = { Accept: 'text/html,application/xhtml+xml' };

  it.each(['/', '/tickets/TT-1', '/tickets/new?draft=1'])('answers the navigation %s with index.html, never cached unchecked', async (path) => {
    const res = await request(path, { headers: html });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>Trouble Ticket Desk</title>');
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    // The build's own policy, as a header (frame-ancestors works only there).
    expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'self'; frame-ancestors 'none'");
    // And every other header the build wrote beside it.
    expect(res.headers.get('Permissions-Policy')).toBe('camera=()');
    expect(res.headers.get('Reporting-Endpoints')).toBe('csp="/csp-report"');
  });

  it('serves hashed assets as immutable', async () => {
    const res = await request('/assets/app-1a2b3c.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/gateway/nothing', `${API}-nothing/x`, '/relay/nothing', '/listener/nothing'])('gives %s no index.html', async (path) => {
    const res = await request(path, { headers: html });
    expect(res.status).not.toBe(200);
    expect(await res.text()).not.toContain('<title>Trouble Ticket Desk</title>');
  });

  it.each(['/_headers', '/_headers/', '/_HEADERS'])('does not hand out the build’s header list at %s', async (path) => {
    const res = await request(path);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('Content-Security-Policy');
  });

  it('answers a missing file that is not a navigation with 404', async () => {
    expect((await request('/assets/missing.js')).status).toBe(404);
  });
});
