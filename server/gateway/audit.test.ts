/** Who did what: the record of each write's outcome through the proxy, its log line, and the look-up route. */
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../testing/processes';
import { addAuditRoutes, createAuditLog, type AuditInput } from './audit';
import { agentSession, closeAll, gatewayFor, startTokenEndpoint, startUpstream } from '../testing/upstream';

afterEach(closeAll);

const T0 = Date.parse('2026-11-26T10:42:00Z');
const ticket = { '@type': 'FaultTicket', ticketType: 'fault', externalIdentifier: [{ id: 'EXT-7' }, { id: 'EXT-8' }] };
const cancellation = { '@type': 'CancelProductOrder', productOrder: { id: 'PO-3', '@referredType': 'ProductOrder' } };
const post = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const agent = { subject: agentSession.subject, name: agentSession.name };

describe('a write leaves one record of its outcome', () => {
  it.each([
    ['a created ticket', 201, { id: 'TT-42' }, { status: 201, resourceId: 'TT-42' }],
    ['a ticket refused as invalid', 400, { code: 'invalidBody' }, { status: 400 }],
    ['a duplicate', 409, { code: 'duplicateExternalIdentifier' }, { status: 409 }],
    ['an accepted ticket without body', 202, null, { status: 202 }],
  ] as const)('%s (%s)', async (_, status, body, outcome) => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream((c) => (body ? c.json(body, status) : c.body(null, status)));
    const { call, lines } = gatewayFor(upstream.base, endpoint.tokenUrl);
    const answer = await call('/troubleTicket', post(ticket, { 'X-Request-Id': 'req-1' }));
    expect(answer.status).toBe(status);
    expect(lines.filter((line) => line.kind === 'audit')).toEqual([
      { kind: 'audit', id: expect.stringMatching(/^[0-9a-f-]{36}$/), requestId: 'req-1', agent, action: 'createTroubleTicket', externalIdentifier: 'EXT-7', outcome },
    ]);
  });

  it('the token endpoint down (503): the record says so, and nothing was sent', async () => {
    const upstream = await startUpstream();
    const { call, lines } = gatewayFor(upstream.base, `http://127.0.0.1:${await freePort()}/token`);
    expect((await call('/cancelProductOrder', post(cancellation))).status).toBe(503);
    const [record] = lines.filter((line) => line.kind === 'audit');
    expect(record).toMatchObject({ action: 'createCancelProductOrder', externalIdentifier: 'PO-3', outcome: { status: 503 } });
    expect(upstream.received).toHaveLength(0);
  });

  it.each([
    ['a viewer’s attempt', 'viewer', 'not json', 403, null],
    ['a body too large', 'agent', 'x'.repeat(1024 * 1024 + 1), 413, null],
  ] as const)('%s is recorded too (%s)', async (_, as, body, status, externalIdentifier) => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream();
    const { call, lines } = gatewayFor(upstream.base, endpoint.tokenUrl);
    expect((await call('/troubleTicket', { method: 'POST', body, as })).status).toBe(status);
    expect(lines.filter((line) => line.kind === 'audit')).toMatchObject([{ externalIdentifier, outcome: { status } }]);
  });

  it('reads leave none', async () => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream();
    const { call, lines } = gatewayFor(upstream.base, endpoint.tokenUrl);
    await call('/troubleTicket');
    await call('/troubleTicket/TT-1');
    expect(lines.filter((line) => line.kind === 'audit')).toEqual([]);
  });
});

describe('GET /gateway/audit/:resource/:id', () => {
  it('says who entered a ticket and a cancellation on this desk, and when', async () => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream((c, r) => c.json({ id: r.path.endsWith('/troubleTicket') ? 'TT-42' : 'CPO-5' }, 201));
    const { call } = gatewayFor(upstream.base, endpoint.tokenUrl, { audit: { now: () => T0 } });
    await call('/troubleTicket', post(ticket));
    await call('/cancelProductOrder', post(cancellation));
    const found = await call('/gateway/audit/troubleTicket/TT-42', { as: 'viewer' });
    expect(found.status).toBe(200);
    expect(found.headers.get('Cache-Control')).toBe('no-store');
    expect(await found.json()).toEqual({ action: 'createTroubleTicket', agent, at: '2026-11-26T10:42:00.000Z', externalIdentifier: 'EXT-7' });
    expect(await (await call('/gateway/audit/cancelProductOrder/CPO-5')).json()).toMatchObject({ action: 'createCancelProductOrder', externalIdentifier: 'PO-3' });
  });

  it.each([
    ['a ticket not entered here', '/gateway/audit/troubleTicket/TT-999', 'agent', 404, 'notFound'],
    ['a cancellation id asked for as a ticket', '/gateway/audit/troubleTicket/CPO-5', 'agent', 404, 'notFound'],
    ['an unknown kind of resource', '/gateway/audit/productOrder/TT-42', 'agent', 404, 'notFound'],
    ['nobody signed in', '/gateway/audit/troubleTicket/TT-42', 'nobody', 401, 'sessionEnded'],
  ] as const)('%s: %s', async (_, path, as, status, code) => {
    const endpoint = await startTokenEndpoint();
    const upstream = await startUpstream((c, r) => c.json({ id: r.path.endsWith('/troubleTicket') ? 'TT-42' : 'CPO-5' }, 201));
    const { call } = gatewayFor(upstream.base, endpoint.tokenUrl);
    await call('/troubleTicket', post(ticket));
    await call('/cancelProductOrder', post(cancellation));
    const answer = await call(path, { as });
    expect(answer.status).toBe(status);
    expect(await answer.json()).toMatchObject({ code, status: String(status) });
  });

  it('with the history unreadable (Redis down): 503 with Retry-After', async () => {
    const app = new Hono();
    const audit = { record: async () => {}, find: () => Promise.reject(new Error('The client is closed')) };
    addAuditRoutes(app, { audit, sessionOf: async () => agentSession });
    const answer = await app.request('/gateway/audit/troubleTicket/TT-1');
    expect(answer.status).toBe(503);
    expect(answer.headers.get('Retry-After')).toBe('5');
    expect(await answer.json()).toMatchObject({ code: 'notReady' });
  });
});

describe('the memory of look-ups without Redis', () => {
  const entry = (id: string): AuditInput => ({ requestId: id, agent, action: 'createTroubleTicket', externalIdentifier: null, outcome: { status: 201, resourceId: id } });

  it.each([
    [3, ['TT-1', 'TT-2', 'TT-3']],
    [4, ['TT-2', 'TT-3', 'TT-4']],
  ])('keeps the newest 3 of %s', async (count, kept) => {
    const audit = createAuditLog({ log: () => {}, memoryLimit: 3 });
    for (let i = 1; i <= count; i += 1) await audit.record(entry(`TT-${i}`));
    const found = await Promise.all(Array.from({ length: count }, (_, i) => audit.find('troubleTicket', `TT-${i + 1}`)));
    expect(found.flatMap((f, i) => (f ? [`TT-${i + 1}`] : []))).toEqual(kept);
  });
});
