/**
 * The API's allow-list (issue 38): exactly the interface's operations reach the provider, spelt as it spells them; every
 * other method or path spelling is answered by the gateway; every write that reaches the provider is audited once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../testing/processes';
import { closeAll, gatewayFor, never, startTokenEndpoint, startUpstream } from '../testing/upstream';

afterEach(closeAll);

const ticket = { '@type': 'FaultTicket', ticketType: 'fault', externalIdentifier: [{ id: 'EXT-7' }] };
const post = (body: unknown = ticket, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** Every spelling of the two collections (and their items) that the interface does not use. */
const foreignPaths = [
  '/TROUBLETICKET',
  '/troubleticket',
  '/TroubleTicket',
  '/troubleTicket/',
  '/troubleTicket/TT-1/',
  '/troubleTicket/TT-1/note',
  '/troubleTicket/%2F',
  '/troubleTicket/a%5Cb',
  '/CANCELPRODUCTORDER',
  '/cancelproductorder',
  '/cancelProductOrder/',
  '/troubleTicketSpecification',
  '/productOrder',
  '/',
  '/hub',
];

describe('a path outside the interface', () => {
  it.each(foreignPaths.flatMap((path) => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND', 'OPTIONS', 'HEAD', 'BREW'].map((method) => [method, path] as const)))(
    '%s %s: 404 from the gateway, nothing upstream, no audit',
    async (method, path) => {
      const endpoint = await startTokenEndpoint();
      const upstream = await startUpstream((c) => c.json({ id: 'TT-1' }, 201));
      const { call, lines } = gatewayFor(upstream.base, endpoint.tokenUrl);
      const answer = await call(path, method === 'GET' || method === 'HEAD' ? { method } : { ...post(), method });
      expect(answer.status).toBe(404);
      expect(upstream.received).toEqual([]);
      expect(endpoint.seen).toEqual([]);
      expect(lines.filter((line) => line.kind === 'audit')).toEqual([]);
    },
  );
});

describe('a method the interface does not have on a path it does', () => {
  it.each([
    ...['PUT', 'PATCH', 'DELETE', 'PROPFIND', 'OPTIONS', 'HEAD', 'BREW'].flatMap((method) => [
      [method, '/troubleTicket', 'GET, POST'],
      [method, '/cancelProductOrder', 'GET, POST'],
    ]),
    ...['POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND', 'HEAD'].flatMap((method) => [
      [method, '/troubleTicket/TT-1', 'GET'],
      [method, '/cancelProductOrder/CPO-1', 'GET'],
    ]),
  ] as const)('%s %s: 405 with Allow %s, nothing upstream, no audit', async (method, path, allow) => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream((c) => c.json({ id: 'TT-1' }, 201));
    const { call, lines } = gatewayFor(upstream.base, endpoint.tokenUrl);
    const answer = await call(path, method === 'HEAD' ? { method } : { ...post(), method });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('Allow')).toBe(allow);
    expect(upstream.received).toEqual([]);
    expect(lines.filter((line) => line.kind === 'audit')).toEqual([]);
  });
});

describe('the interface’s operations', () => {
  it.each([
    ['GET', '/troubleTicket?offset=0&limit=5', 'listTroubleTicket'],
    ['GET', '/troubleTicket/TT-000001', 'retrieveTroubleTicket'],
    ['GET', '/troubleTicket/TT-000002?fields=status', 'retrieveTroubleTicket'],
    ['POST', '/troubleTicket', 'createTroubleTicket'],
    ['GET', '/cancelProductOrder', 'listCancelProductOrder'],
    ['GET', '/cancelProductOrder/CPO-1', 'retrieveCancelProductOrder'],
    ['POST', '/cancelProductOrder', 'createCancelProductOrder'],
  ] as const)('%s %s (%s) reaches the provider as sent', async (method, path, _operation) => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream((c) => (c.req.method === 'POST' ? c.json({ id: 'X-1' }, 201) : c.json([])));
    const { call } = gatewayFor(upstream.base, endpoint.tokenUrl);
    const answer = await call(path, method === 'POST' ? post() : {});
    expect(answer.status).toBe(method === 'POST' ? 201 : 200);
    expect(upstream.received.map((r) => `${r.method} ${r.path}`)).toEqual([`${method} /api/v5${path}`]);
  });
});

describe('every write that reaches the provider leaves exactly one audit record', () => {
  it.each([
    ['created', (c: { json: (b: unknown, s: 201) => Response }) => c.json({ id: 'TT-1' }, 201), 201],
    ['a provider failure (500)', (c: { json: (b: unknown, s: 500) => Response }) => c.json({ code: 'x' }, 500), 500],
    ['a provider unavailable (503)', (c: { json: (b: unknown, s: 503) => Response }) => c.json({ code: 'x' }, 503), 503],
    ['an answer that is not JSON', () => new Response('<h1>hi</h1>', { status: 200, headers: { 'Content-Type': 'text/html' } }), 502],
    ['the provider refusing the token (401)', (c: { json: (b: unknown, s: 401) => Response }) => c.json({}, 401), 502],
  ] as const)('%s: answered %s', async (_, answer, status) => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream((c) => answer(c as never));
    const { call, lines } = gatewayFor(upstream.base, endpoint.tokenUrl);
    expect((await call('/troubleTicket', post())).status).toBe(status);
    expect(upstream.received.length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.kind === 'audit')).toMatchObject([{ action: 'createTroubleTicket', externalIdentifier: 'EXT-7', outcome: { status } }]);
  });

  it('the provider not answering in time: one record with 504', async () => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream(async (c) => (await never(), c.json({})));
    const { call, lines } = gatewayFor(upstream.base, endpoint.tokenUrl, { proxy: { timeoutMs: 200 } });
    expect((await call('/cancelProductOrder', post({ productOrder: { id: 'PO-1' } }))).status).toBe(504);
    expect(lines.filter((line) => line.kind === 'audit')).toMatchObject([{ action: 'createCancelProductOrder', externalIdentifier: 'PO-1', outcome: { status: 504 } }]);
  });

  it('the provider unreachable: one record with 503', async () => {
    const endpoint = await startTokenEndpoint();
    const { call, lines } = gatewayFor(`http://127.0.0.1:${await freePort()}/api/v5`, endpoint.tokenUrl);
    expect((await call('/troubleTicket', post())).status).toBe(503);
    expect(lines.filter((line) => line.kind === 'audit')).toMatchObject([{ outcome: { status: 503 } }]);
  });

  it('each record has an id of the server’s own: two agents sending one X-Request-Id leave two records apart', async () => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream((c) => c.json({ id: 'TT-1' }, 201));
    const { call, lines } = gatewayFor(upstream.base, endpoint.tokenUrl);
    await call('/troubleTicket', { ...post(ticket, { 'X-Request-Id': 'same-id' }), as: 'agent' });
    await call('/troubleTicket', { ...post(ticket, { 'X-Request-Id': 'same-id' }), as: 'agent' });
    const records = lines.flatMap((line) => (line.kind === 'audit' ? [line] : []));
    expect(records).toHaveLength(2);
    expect(records.map((r) => r.requestId)).toEqual(['same-id', 'same-id']);
    expect(records.map((r) => r.id)).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/), expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    expect(records[0]?.id).not.toBe(records[1]?.id);
    expect(records.map((r) => r.id)).not.toContain('same-id');
  });
});

describe('what the gateway answers for the provider', () => {
  it('JSON only, never cached, never a document: no-store and a sandboxing policy whatever the provider said', async () => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream((c) => c.json([{ id: 'TT-1' }], 200, { 'Cache-Control': 'public, max-age=86400' }));
    const { call } = gatewayFor(upstream.base, endpoint.tokenUrl);
    const answer = await call('/troubleTicket');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Cache-Control')).toBe('no-store');
    expect(answer.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox");
    expect(answer.headers.get('Content-Type')).toMatch(/^application\/json/);
  });

  it.each([
    ['text/html', 502],
    ['application/javascript', 502],
    ['text/plain', 502],
    ['application/json;charset=utf-8', 200],
    ['application/json', 200],
  ] as const)('an upstream answer of type %s: %s', async (type, status) => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream(() => new Response('[]', { status: 200, headers: { 'Content-Type': type, 'Cache-Control': 'max-age=86400' } }));
    const { call } = gatewayFor(upstream.base, endpoint.tokenUrl);
    const answer = await call('/troubleTicket');
    expect(answer.status).toBe(status);
    expect(answer.headers.get('Cache-Control')).toBe('no-store');
    expect(answer.headers.get('Content-Type')).toMatch(/^application\/json/);
    if (status === 502) expect(await answer.json()).toMatchObject({ code: 'upstreamInvalid' });
  });
});

describe('the desk’s token after a 401', () => {
  it('one agent cannot force a token fetch per request: at most one refetch within the interval', async () => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream((c) => c.json({}, 401));
    const { call } = gatewayFor(upstream.base, endpoint.tokenUrl);
    for (let i = 0; i < 10; i += 1) expect((await call('/troubleTicket/TT-1')).status).toBe(502);
    expect(endpoint.seen).toHaveLength(2);
  });

  it.each([
    ['POST', 1],
    ['GET', 2],
  ] as const)('a %s refused with 401 is sent %s time(s): a write is never resent', async (method, times) => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream((c, r) => (r.headers.authorization === 'Bearer tok-1' ? c.json({}, 401) : c.json({ id: 'TT-1' }, 201)));
    const { call } = gatewayFor(upstream.base, endpoint.tokenUrl);
    await call('/troubleTicket', method === 'POST' ? post() : {});
    expect(upstream.received).toHaveLength(times);
    // The refused token is gone all the same: the next call goes with a new one.
    await call('/troubleTicket', method === 'POST' ? post() : {});
    expect(upstream.received.at(-1)?.headers.authorization).toBe('Bearer tok-2');
  });
});
