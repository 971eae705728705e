// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CancelProductOrder } from '../../src/domain/cancel-order';
import type { ErrorMessage } from '../../src/domain/error';
import type { FaultTicket } from '../../src/domain/ticket';
import { cancelOrderBody, faultTicketBody } from '../fixtures';
import { createTestClient } from '../../src/testing/service-client';
import { advanceEveryFromEnvironment, startHttpServer, ticketCountFromEnvironment, type RunningServer } from './http';
import { DEMO_ADVANCE_EVERY_MS } from '../store';

let running: RunningServer;
let call: ReturnType<typeof createTestClient>;

beforeAll(async () => {
  running = await startHttpServer({ port: 0, host: '127.0.0.1' });
  call = createTestClient(`${running.url}/tmf-api/troubleTicket/v5`);
});
afterAll(() => running.close());

describe('the mocked service over real HTTP', () => {
  it('listens on 127.0.0.1 on the port it was given (0 = any free one)', () => {
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('runs all six operations', async () => {
    const created = await call<FaultTicket>('/troubleTicket?fields=status', { method: 'POST', json: faultTicketBody() });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('acknowledged');
    const location = created.headers.get('Location') ?? '';
    expect(location).toMatch(/\/tmf-api\/troubleTicket\/v5\/troubleTicket\/TT-\d{6}$/);

    const list = await call<FaultTicket[]>('/troubleTicket?limit=2&fields=status');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    expect(list.headers.get('X-Total-Count')).toBe(String(running.store.tickets().length));
    expect(list.headers.get('X-Result-Count')).toBe('2');

    const retrieved = await fetch(new URL(location, running.url), { headers: { Authorization: 'Bearer demo' } });
    expect(retrieved.status).toBe(200);
    expect(((await retrieved.json()) as FaultTicket).id).toBe(created.body.id);

    const order = await call<CancelProductOrder>('/cancelProductOrder', {
      method: 'POST',
      body: JSON.stringify(cancelOrderBody()),
      headers: { 'Content-Type': 'application/json;charset=utf-8' },
    });
    expect(order.status).toBe(201);
    expect(order.headers.get('Content-Type')).toBe('application/json;charset=utf-8');
    expect(order.body.state).toBe('acknowledged');

    const orders = await call<CancelProductOrder[]>('/cancelProductOrder?state=acknowledged&limit=100');
    expect(orders.status).toBe(200);
    expect(orders.body.map((o) => o.id)).toContain(order.body.id);

    const one = await call<CancelProductOrder>(`/cancelProductOrder/${order.body.id}`);
    expect(one.body).toEqual(order.body);
  });

  it('answers 401 without a bearer token, with CORS headers so a browser can read it', async () => {
    const res = await call<ErrorMessage>('/troubleTicket', { anonymous: true, headers: { Origin: 'http://localhost:5173' } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthorized');
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
  });

  it('answers a CORS preflight from another origin', async () => {
    const res = await fetch(`${running.url}/tmf-api/troubleTicket/v5/troubleTicket`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(res.headers.get('Access-Control-Allow-Headers')).toMatch(/Authorization/);
    expect(res.headers.get('Access-Control-Allow-Headers')).toMatch(/Content-Type/);
    expect(res.headers.get('Access-Control-Expose-Headers')?.split(', ').sort()).toEqual(['Location', 'Retry-After', 'X-Result-Count', 'X-Total-Count']);
  });

  it('answers 404 with an ErrorMessage where nothing is served', async () => {
    const res = await fetch(`${running.url}/elsewhere`, { headers: { Authorization: 'Bearer demo' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ '@type': 'Error', code: 'notFound', status: '404' });
  });
});

describe('TICKET_COUNT', () => {
  it.each([
    [{}, undefined],
    [{ TICKET_COUNT: '' }, undefined],
    [{ TICKET_COUNT: '1' }, 1],
    [{ TICKET_COUNT: '100000' }, 100_000],
  ])('%j seeds %s tickets', (env, expected) => {
    expect(ticketCountFromEnvironment(env)).toBe(expected);
  });

  it.each(['0', '-5', '2.5', 'many'])('refuses %s with a sentence', (raw) => {
    expect(() => ticketCountFromEnvironment({ TICKET_COUNT: raw })).toThrow(`TICKET_COUNT must be a whole number of 1 or more, not "${raw}".`);
  });
});

describe('MOCK_ADVANCE_EVERY_MS', () => {
  it.each([
    [{}, DEMO_ADVANCE_EVERY_MS],
    [{ MOCK_ADVANCE_EVERY_MS: '' }, DEMO_ADVANCE_EVERY_MS],
    [{ MOCK_ADVANCE_EVERY_MS: '0' }, 0],
    [{ MOCK_ADVANCE_EVERY_MS: '1' }, 1],
    [{ MOCK_ADVANCE_EVERY_MS: '5000' }, 5_000],
  ])('%j moves tickets on every %s ms (0: never)', (env, expected) => {
    expect(advanceEveryFromEnvironment(env)).toBe(expected);
  });

  it.each(['-1', '2.5', 'often'])('refuses %s with a sentence', (raw) => {
    expect(() => advanceEveryFromEnvironment({ MOCK_ADVANCE_EVERY_MS: raw })).toThrow(
      `MOCK_ADVANCE_EVERY_MS must be a whole number of 0 or more (milliseconds), not "${raw}".`,
    );
  });
});

describe('POST /__mock/advance (test-only: an e2e changes a ticket on demand)', () => {
  let own: RunningServer;
  beforeAll(async () => {
    own = await startHttpServer({ port: 0, host: '127.0.0.1', testHooks: true });
  });
  afterAll(() => own.close());
  const hook = (init: RequestInit = {}) => fetch(`${own.url}/__mock/advance`, { ...init, headers: { Authorization: 'Bearer test' } });

  it('moves a ticket created through the API one status on and answers the changes', async () => {
    const ownCall = createTestClient(`${own.url}/tmf-api/troubleTicket/v5`);
    const created = await ownCall<FaultTicket>('/troubleTicket', { method: 'POST', json: faultTicketBody() });
    const res = await hook({ method: 'POST' });
    expect(res.status).toBe(200);
    const changes = (await res.json()) as { resource: string; id: string; from: string; to: string }[];
    const change = changes.find((c) => c.id === created.body.id);
    expect(change).toMatchObject({ resource: 'troubleTicket', from: 'acknowledged' });
    const after = await ownCall<FaultTicket>(`/troubleTicket/${created.body.id}`);
    expect(after.body.status).toBe(change?.to);
    expect(after.body.status).not.toBe('acknowledged');
  });

  it('answers 405 with Allow: POST to other methods', async () => {
    const res = await hook();
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('POST');
    expect(await res.json()).toMatchObject({ code: 'methodNotAllowed' });
  });
});

describe('at an origin root, with its settings changed while it runs (the e2e of both dialects)', () => {
  let root: RunningServer;
  const auth = { Authorization: 'Bearer test' };
  beforeAll(async () => {
    root = await startHttpServer({ port: 0, storeOptions: { baseUrl: '' }, testHooks: true });
  });
  afterAll(() => root.close());

  it('serves both collections at the root, with hrefs there', async () => {
    const res = await fetch(`${root.url}/troubleTicket?limit=1`, { headers: auth });
    expect(res.status).toBe(200);
    expect(((await res.json()) as FaultTicket[])[0]?.href).toMatch(/^\/troubleTicket\/TT-\d{6}$/);
    expect((await fetch(`${root.url}/cancelProductOrder?limit=1`, { headers: auth })).status).toBe(200);
  });

  it('POST /__mock/settings switches dialect and counting; a wrong value is a 400', async () => {
    const post = (body: unknown) => fetch(`${root.url}/__mock/settings`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect(await (await post({ dialect: 'v4', totalCount: 'omit' })).json()).toEqual({ dialect: 'v4', totalCount: 'omit' });
    const list = await fetch(`${root.url}/troubleTicket?limit=1`, { headers: auth });
    expect(list.headers.get('X-Total-Count')).toBeNull();
    expect(((await list.json()) as Record<string, unknown>[])[0]).toHaveProperty('lastUpdate');
    expect((await post({ dialect: 'v3' })).status).toBe(400);
    expect((await post({ dialect: 'v5', totalCount: 'exact' })).status).toBe(200);
    expect((await fetch(`${root.url}/troubleTicket?limit=1`, { headers: auth })).headers.get('X-Total-Count')).not.toBeNull();
  });
});
