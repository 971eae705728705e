// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CancelProductOrder } from '../src/domain/cancel-order';
import type { ErrorMessage } from '../src/domain/error';
import type { FaultTicket } from '../src/domain/ticket';
import { createMockServer } from './node';
import { createTestClient } from '../src/testing/service-client';

const BASE = 'http://localhost/tmf-api/troubleTicket/v5';
// Nothing here writes, so one seeded store serves every test.
const { server, store } = createMockServer({ now: () => new Date('2026-11-22T10:00:00+01:00') });
const call = createTestClient(BASE);
const all = store.tickets();
const TOTAL = all.length;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const counts = (res: { headers: Headers }) => [Number(res.headers.get('X-Total-Count')), Number(res.headers.get('X-Result-Count'))];
const ids = (body: { id: string }[]) => body.map((t) => t.id);
const time = (iso: string) => Date.parse(iso);

describe('GET /troubleTicket paging', () => {
  it('serves 20 tickets by default, newest creationDate first, with both count headers', async () => {
    const res = await call<FaultTicket[]>('/troubleTicket');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(20);
    expect(counts(res)).toEqual([TOTAL, 20]);
    const newest = [...all].sort((a, b) => time(b.creationDate) - time(a.creationDate)).slice(0, 20);
    expect(ids(res.body)).toEqual(ids(newest));
  });

  it.each([
    ['offset at the end', `offset=${TOTAL}`, 0],
    ['offset past the end', `offset=${TOTAL + 50}`, 0],
    ['the last partial page', `offset=${TOTAL - 7}&limit=20`, 7],
    ['limit=0', 'limit=0', 0],
    ['limit=100', 'limit=100', 100],
    ['limit=101 (served as 100)', 'limit=101', 100],
    ['limit=5000 (served as 100)', 'limit=5000', 100],
  ])('%s', async (_name, query, expected) => {
    const res = await call<FaultTicket[]>(`/troubleTicket?${query}`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(expected);
    expect(counts(res)).toEqual([TOTAL, expected]);
  });

  it('pages through every ticket exactly once', async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < TOTAL; offset += 100) seen.push(...ids((await call<FaultTicket[]>(`/troubleTicket?offset=${offset}&limit=100`)).body));
    expect(seen).toHaveLength(TOTAL);
    expect(new Set(seen).size).toBe(TOTAL);
  });

  it.each([
    ['limit=-1', 'limit', 'Page size: a whole number, 0 or more'],
    ['offset=abc', 'offset', 'Offset: a whole number, 0 or more'],
    ['offset=-5', 'offset', 'Offset: a whole number, 0 or more'],
    ['limit=1.5', 'limit', 'Page size: a whole number, 0 or more'],
    ['creationDate.gte=yesterday', 'creationDate.gte', 'creationDate.gte: enter a date and time with its time zone, like 2026-12-01T10:00:00+01:00'],
  ])('answers 400 to %s, naming the parameter', async (query, path, message) => {
    const res = await call<ErrorMessage>(`/troubleTicket?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ '@type': 'Error', code: 'invalidQuery', status: '400' });
    expect(res.body.invalidFields).toEqual([{ path, message }]);
  });
});

describe('GET /troubleTicket fields, filters, sort', () => {
  it('keeps only the asked first-level attributes plus id, href and @type', async () => {
    const res = await call<Record<string, unknown>[]>('/troubleTicket?fields=status,ticketType&limit=50');
    for (const item of res.body) expect(Object.keys(item).sort()).toEqual(['@type', 'href', 'id', 'status', 'ticketType']);
  });

  it.each([
    ['one value', 'status=pending', (t: FaultTicket) => t.status === 'pending'],
    ['comma = OR', 'status=pending,held', (t: FaultTicket) => t.status === 'pending' || t.status === 'held'],
    ['a repeated parameter = OR', 'status=pending&status=held', (t: FaultTicket) => t.status === 'pending' || t.status === 'held'],
    ['two attributes = AND', 'status=closed&ticketType=dispute', (t: FaultTicket) => t.status === 'closed' && t.ticketType === 'dispute'],
    ['a boolean', 'interimMessagesRequested=true', (t: FaultTicket) => t.interimMessagesRequested === true],
    ['a dotted path into an array', `externalIdentifier.id=${all[10].externalIdentifier[0].id}`, (t: FaultTicket) => t.id === all[10].id],
    ['a value nobody has', 'status=unheardOf', () => false],
  ])('filters by %s', async (_name, query, expected) => {
    const res = await call<FaultTicket[]>(`/troubleTicket?${query}&limit=100`);
    const want = all.filter(expected);
    expect(counts(res)[0]).toBe(want.length);
    const newestFirst = [...want].sort((a, b) => time(b.creationDate) - time(a.creationDate));
    expect(ids(res.body)).toEqual(ids(newestFirst.slice(0, 100)));
    expect(res.body.every(expected)).toBe(true);
  });

  it('filters a creationDate range (gte inclusive, lt exclusive), whatever the offset of the bound', async () => {
    const from = all[100].creationDate;
    const to = all[140].creationDate;
    const fromUtc = new Date(from).toISOString();
    const res = await call<FaultTicket[]>(`/troubleTicket?creationDate.gte=${encodeURIComponent(fromUtc)}&creationDate.lt=${encodeURIComponent(to)}&limit=100`);
    expect(counts(res)[0]).toBe(40);
    expect(ids(res.body).sort()).toEqual(ids(all.slice(100, 140)).sort());
  });

  it.each([
    ['creationDate', 1],
    ['-creationDate', -1],
  ])('sorts by %s', async (sort, direction) => {
    const res = await call<FaultTicket[]>(`/troubleTicket?sort=${sort}&limit=100&fields=creationDate`);
    const times = res.body.map((t) => time(t.creationDate));
    expect(times).toEqual([...times].sort((a, b) => (a - b) * direction));
    expect(res.body[0].id).toBe(direction === 1 ? 'TT-000001' : `TT-${String(TOTAL).padStart(6, '0')}`);
  });

  it('sorts by several keys: status ascending, then newest first within a status', async () => {
    const res = await call<FaultTicket[]>(`/troubleTicket?sort=status,-creationDate&limit=100&fields=status,creationDate`);
    const rows = res.body.map((t) => [t.status, time(t.creationDate)] as const);
    for (let i = 1; i < rows.length; i += 1) {
      const [[s0, t0], [s1, t1]] = [rows[i - 1], rows[i]];
      expect(s0 < s1 || (s0 === s1 && t0 >= t1)).toBe(true);
    }
    expect(rows[0][0]).toBe('acknowledged');
  });
});

describe('GET /cancelProductOrder list', () => {
  const orders = store.cancelOrders();

  it('pages, counts, filters and selects fields like the ticket list', async () => {
    const res = await call<CancelProductOrder[]>('/cancelProductOrder?limit=5&fields=state');
    expect(res.headers.get('Content-Type')).toBe('application/json;charset=utf-8');
    expect(counts(res)).toEqual([orders.length, 5]);
    expect(Object.keys(res.body[0]).sort()).toEqual(['@type', 'href', 'id', 'state']);
    const done = await call<CancelProductOrder[]>('/cancelProductOrder?state=done,terminatedWithError&limit=100');
    expect(counts(done)[0]).toBe(orders.filter((o) => o.state === 'done' || o.state === 'terminatedWithError').length);
    expect(done.body.every((o) => o.state === 'done' || o.state === 'terminatedWithError')).toBe(true);
    const last = await call<CancelProductOrder[]>(`/cancelProductOrder?offset=${orders.length}`);
    expect(last.body).toEqual([]);
    expect(counts(last)).toEqual([orders.length, 0]);
    expect((await call('/cancelProductOrder?limit=-1')).status).toBe(400);
  });
});
