/** The API through the gateway against a real token endpoint and provider: sessions, roles, headers, bounds, failures. */
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../testing/processes';
import { addApiProxy } from './proxy';
import { until } from '../testing/listener-helpers';
import { agentSession, API_PATH, CLIENT_SECRET, closeAll, gatewayFor, never, startTokenEndpoint, startUpstream } from '../testing/upstream';

afterEach(closeAll);

const json = (body: unknown) => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('the desk’s token', () => {
  it('is requested once for 50 concurrent calls, and every call carries it', async () => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream();
    const { call } = gatewayFor(upstream.base, endpoint.tokenUrl);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => call(`/troubleTicket?offset=${i}`)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(endpoint.seen).toHaveLength(1);
    expect(upstream.received).toHaveLength(50);
    expect(new Set(upstream.received.map((r) => r.headers.authorization))).toEqual(new Set(['Bearer tok-1']));
    expect(upstream.received.map((r) => r.path)).toContain('/api/v5/troubleTicket?offset=49');
  });

  it('refused once by the provider (401): dropped, fetched again, and the call sent once more', async () => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream((c, r) => (r.headers.authorization === 'Bearer tok-1' ? c.json({}, 401) : c.json({ id: 'TT-1' })));
    const { call } = gatewayFor(upstream.base, endpoint.tokenUrl);
    const answer = await call('/troubleTicket/TT-1');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ id: 'TT-1' });
    expect(endpoint.seen).toHaveLength(2);
    expect(upstream.received.map((r) => r.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
  });

  it('refused twice: 502 upstreamRefused (not 401, which would mean the agent’s session ended), sent twice only', async () => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream((c) => c.json({}, 401));
    const { call } = gatewayFor(upstream.base, endpoint.tokenUrl);
    const answer = await call('/troubleTicket/TT-1');
    expect(answer.status).toBe(502);
    expect(await answer.json()).toMatchObject({ code: 'upstreamRefused', message: expect.stringContaining("refused the desk's credentials") });
    expect(upstream.received).toHaveLength(2);
    expect(endpoint.seen).toHaveLength(2);
  });

  it('with the token endpoint down: 503, Retry-After 10, general words (its host in the log only), never the secret', async () => {
    const tokenUrl = `http://127.0.0.1:${await freePort()}/token`;
    const upstream = await startUpstream();
    const { call, lines } = gatewayFor(upstream.base, tokenUrl);
    const answer = await call('/troubleTicket');
    expect(answer.status).toBe(503);
    expect(answer.headers.get('Retry-After')).toBe('10');
    const body = (await answer.json()) as { code: string; message: string };
    expect(body.code).toBe('tokenEndpointUnavailable');
    expect(body.message).not.toContain(new URL(tokenUrl).host);
    expect(JSON.stringify(lines)).toContain(new URL(tokenUrl).host);
    expect(JSON.stringify([body, lines])).not.toContain(CLIENT_SECRET);
    expect(upstream.received).toHaveLength(0);
  });
});

describe('what the provider does', () => {
  it('not answering within the timeout: 504 with Retry-After', async () => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream(async (c) => (await never(), c.json([])));
    const { call } = gatewayFor(upstream.base, endpoint.tokenUrl, { proxy: { timeoutMs: 300 } });
    const answer = await call('/troubleTicket');
    expect(answer.status).toBe(504);
    expect(answer.headers.get('Retry-After')).toBe('5');
    expect(await answer.json()).toMatchObject({ code: 'upstreamTimeout' });
  });

  it('unreachable: 503 with Retry-After, in general words (its host in the log only)', async () => {
    const endpoint = await startTokenEndpoint();
    const host = `127.0.0.1:${await freePort()}`;
    const { call, lines } = gatewayFor(`http://${host}/api/v5`, endpoint.tokenUrl);
    const answer = await call('/troubleTicket');
    expect(answer.status).toBe(503);
    expect(answer.headers.get('Retry-After')).toBe('5');
    const text = await answer.text();
    expect(JSON.parse(text)).toMatchObject({ code: 'upstreamUnavailable' });
    expect(text).not.toContain(host);
    expect(lines).toContainEqual(expect.objectContaining({ level: 'error', message: expect.stringContaining(host) }));
  });

  it.each([
    [1000, 200],
    [1001, 502],
  ])('an answer of %s bytes where 1000 are allowed: %s', async (size, status) => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream(() => new Response('x'.repeat(size), { headers: { 'Content-Type': 'application/json' } }));
    const { call } = gatewayFor(upstream.base, endpoint.tokenUrl, { proxy: { maxResponseBytes: 1000 } });
    const answer = await call('/troubleTicket');
    expect(answer.status).toBe(status);
    if (status === 502) expect(await answer.json()).toMatchObject({ code: 'upstreamTooLarge' });
    else expect((await answer.text()).length).toBe(size);
  });
});

describe('who may call', () => {
  it('nobody signed in: 401 sessionEnded, and nothing goes upstream (not even for a token)', async () => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream();
    const { call } = gatewayFor(upstream.base, endpoint.tokenUrl);
    for (const init of [{}, json({})]) {
      const answer = await call('/troubleTicket', { ...init, as: 'nobody' });
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ code: 'sessionEnded', status: '401' });
    }
    expect(upstream.received).toHaveLength(0);
    expect(endpoint.seen).toHaveLength(0);
  });

  it.each([
    ['viewer', 'GET', 200],
    ['viewer', 'POST', 403],
    // Not an operation of the interface at all (allow-list.test.ts): refused before the role is asked.
    ['viewer', 'PATCH', 405],
    ['agent', 'POST', 201],
  ] as const)('a %s’s %s: %s', async (as, method, status) => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream((c) => (c.req.method === 'GET' ? c.json([]) : c.json({ id: 'TT-9' }, 201)));
    const { call } = gatewayFor(upstream.base, endpoint.tokenUrl);
    const answer = await call('/troubleTicket', { ...(method === 'GET' ? {} : { ...json({ externalIdentifier: [{ id: 'E-1' }] }), method }), as });
    expect(answer.status).toBe(status);
    if (status === 403) {
      expect(await answer.json()).toMatchObject({ code: 'forbidden', message: 'Your role on this desk can read, not write.' });
      expect(upstream.received).toHaveLength(0);
    } else if (status === 405) {
      expect(upstream.received).toHaveLength(0);
    } else expect(upstream.received).toHaveLength(1);
  });
});

describe('headers and bodies', () => {
  it('only the listed request headers go upstream: never the cookie or the agent’s Authorization; the desk’s token instead', async () => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream();
    const { call } = gatewayFor(upstream.base, endpoint.tokenUrl);
    await call('/troubleTicket?status=acknowledged', {
      headers: {
        Authorization: 'Bearer agents-own-token',
        Accept: 'application/json',
        'Accept-Language': 'de',
        'If-None-Match': '"v1"',
        'X-Request-Id': 'req-123',
        'X-Forwarded-For': '10.0.0.1',
        'X-Custom': 'no',
      },
    });
    const [received] = upstream.received;
    expect(received?.path).toBe('/api/v5/troubleTicket?status=acknowledged');
    expect(received?.headers).toMatchObject({ authorization: 'Bearer tok-1', accept: 'application/json', 'accept-language': 'de', 'if-none-match': '"v1"', 'x-request-id': 'req-123' });
    expect(JSON.stringify(received?.headers)).not.toMatch(/agents-own-token|s=agent|10\.0\.0\.1|x-custom/);
    expect(received?.headers.cookie).toBeUndefined();
  });

  it('only the listed response headers come back, Location under the public path, with the request id', async () => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream((c) =>
      c.json({ id: 'TT-1' }, 201, {
        Location: `${upstream.base}/troubleTicket/TT-1`,
        ETag: '"e1"',
        'X-Total-Count': '1',
        'Cache-Control': 'private',
        'Set-Cookie': 'provider=1',
        'X-Powered-By': 'provider',
        'Access-Control-Allow-Origin': '*',
      }),
    );
    const { call } = gatewayFor(upstream.base, endpoint.tokenUrl);
    const answer = await call('/troubleTicket', json({ externalIdentifier: [{ id: 'E-1' }] }));
    expect(answer.status).toBe(201);
    expect([...answer.headers.keys()].sort()).toEqual(['cache-control', 'content-security-policy', 'content-type', 'etag', 'location', 'x-request-id', 'x-total-count']);
    expect(answer.headers.get('Location')).toBe(`${API_PATH}/troubleTicket/TT-1`);
    const requestId = answer.headers.get('X-Request-Id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(upstream.received[0]?.headers['x-request-id']).toBe(requestId);
  });

  it.each([
    ['with a trailing slash', (base: string) => `${base}/`],
    ['with the scheme in capitals', (base: string) => base.replace('http:', 'HTTP:')],
  ])('a base URL written %s reaches the same paths and Locations', async (_, written) => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream((c) => c.json({ id: 'TT-1' }, 201, { Location: `${upstream.base}/troubleTicket/TT-1` }));
    const { call } = gatewayFor(written(upstream.base), endpoint.tokenUrl);
    const answer = await call('/troubleTicket', json({}));
    expect(answer.status).toBe(201);
    expect(answer.headers.get('Location')).toBe(`${API_PATH}/troubleTicket/TT-1`);
    expect(upstream.received[0]?.path).toBe('/api/v5/troubleTicket');
  });

  it('behind Hono’s requestId middleware, the id it chose is the one sent upstream and returned', async () => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream();
    const app = new Hono();
    app.use('*', requestId({ generator: () => 'chosen-by-middleware' }));
    const { tokens, audit } = gatewayFor(upstream.base, endpoint.tokenUrl);
    addApiProxy(app, { apiPath: API_PATH, upstreamBase: upstream.base, tokens, audit, sessionOf: async () => agentSession });
    for (const headers of [{}, { 'X-Request-Id': 'given-1' }] as Record<string, string>[]) {
      const answer = await app.request(`${API_PATH}/troubleTicket`, { headers });
      expect(upstream.received.at(-1)?.headers['x-request-id']).toBe(answer.headers.get('X-Request-Id'));
    }
    expect(upstream.received.map((r) => r.headers['x-request-id'])).toEqual(['chosen-by-middleware', 'given-1']);
  });

  it('a Location pointing away from the provider’s API is not passed on', async () => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream((c) => c.json({}, 201, { Location: 'https://elsewhere.example/x' }));
    const { call } = gatewayFor(upstream.base, endpoint.tokenUrl);
    expect((await call('/troubleTicket', json({}))).headers.get('Location')).toBeNull();
  });

  it.each([
    [1024 * 1024, 201],
    [1024 * 1024 + 1, 413],
  ])('a request body of %s bytes: %s', async (size, status) => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream((c) => c.json({ id: 'TT-1' }, 201));
    const { call } = gatewayFor(upstream.base, endpoint.tokenUrl);
    const body = JSON.stringify({ description: 'x'.repeat(size - 18) });
    expect(new TextEncoder().encode(body).byteLength).toBe(size);
    const answer = await call('/troubleTicket', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    expect(answer.status).toBe(status);
    expect(upstream.received).toHaveLength(status === 413 ? 0 : 1);
    if (status === 201) expect(upstream.received[0]?.body).toBe(body);
  });

  it('a path that climbs out of the API with encoded dots does not leave the provider’s base', async () => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream();
    const { call } = gatewayFor(upstream.base, endpoint.tokenUrl);
    const answer = await call('/%2e%2e/%2e%2e/admin');
    expect(answer.status).not.toBe(200);
    expect(upstream.received.filter((r) => !r.path.startsWith('/api/v5/'))).toHaveLength(0);
  });
});

describe('a request its client abandons', () => {
  it('a read: the provider’s call is cancelled at once, not left to run until the timeout', async () => {
    const endpoint = await startTokenEndpoint();
    let cancelled = false;
    const upstream = await startUpstream(async (c) => {
      // The provider's side of the call: it sees its connection close when the gateway cancels.
      await new Promise<void>((resolve) => c.req.raw.signal.addEventListener('abort', () => resolve()));
      cancelled = true;
      return c.json([]);
    });
    const { call, lines } = gatewayFor(upstream.base, endpoint.tokenUrl, { proxy: { timeoutMs: 60_000 } });
    const client = new AbortController();
    const answer = call('/troubleTicket', { signal: client.signal });
    await until(() => upstream.received.length === 1, 'the call reached the provider');
    client.abort();
    await Promise.resolve(answer).catch(() => undefined);
    await until(() => cancelled, 'the provider saw the call cancelled');
    await until(() => lines.some((l) => l.kind === 'info' && l.message.includes('the client went away')), 'the cancel logged');
  });

  it('a write: runs to the provider’s answer (it may have been taken) and leaves exactly one audit record of it', async () => {
    const endpoint = await startTokenEndpoint();
    const client = new AbortController();
    const upstream = await startUpstream(async (c) => {
      // The client has gone before the provider answers.
      client.abort();
      await new Promise((resolve) => setTimeout(resolve, 50));
      return c.json({ id: 'TT-9' }, 201);
    });
    const { call, lines } = gatewayFor(upstream.base, endpoint.tokenUrl);
    const answer = call('/troubleTicket', { ...json({ externalIdentifier: [{ id: 'EXT-9' }] }), signal: client.signal });
    await Promise.resolve(answer).catch(() => undefined);
    await until(() => lines.some((l) => l.kind === 'audit'), 'the write audited');
    const audits = lines.filter((l) => l.kind === 'audit');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'createTroubleTicket', externalIdentifier: 'EXT-9', outcome: { status: 201, resourceId: 'TT-9' } });
    expect(upstream.received).toHaveLength(1);
  });
});
