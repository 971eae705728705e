// @vitest-environment node
/** The list operation's kept sort orders: fast pages over a large store, and never a stale answer after a change. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer } from './node';
import { createTestClient } from '../src/testing/service-client';

const BASE = 'http://localhost/tmf-api/troubleTicket/v5';
const { server, store } = createMockServer({ now: () => new Date('2026-11-22T10:00:00+01:00') });
const call = createTestClient(BASE);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => store.reset());
afterAll(() => server.close());

const ids = (body: { id: string }[]) => body.map((t) => t.id);

describe('store lists', () => {
  it('hands out the same frozen list until something changes, then a new one', () => {
    const first = store.tickets();
    expect(store.tickets()).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => (first as unknown[]).push(1)).toThrow(TypeError);
    store.advance();
    expect(store.tickets()).not.toBe(first);
    const orders = store.cancelOrders();
    expect(store.cancelOrders()).toBe(orders);
    store.reset();
    expect(store.cancelOrders()).not.toBe(orders);
  });
});

describe('list answers after changes', () => {
  it('shows a created ticket at once, first in the default order and in its status', async () => {
    await call('/troubleTicket?limit=5');
    await call('/troubleTicket?limit=5&status=acknowledged');
    const { faultTicketBody } = await import('./fixtures');
    const created = await call<{ id: string }>('/troubleTicket', { method: 'POST', json: faultTicketBody() });
    expect(created.status).toBe(201);
    expect(ids((await call<{ id: string }[]>('/troubleTicket?limit=1')).body)).toEqual([created.body.id]);
    const acknowledged = await call<{ id: string }[]>('/troubleTicket?limit=1&status=acknowledged');
    expect(ids(acknowledged.body)).toEqual([created.body.id]);
    expect(acknowledged.headers.get('X-Total-Count')).toBe(String(store.tickets().filter((t) => t.status === 'acknowledged').length));
  });

  it('moves a ticket between status filters when it moves on', async () => {
    const before = await call<{ id: string }[]>('/troubleTicket?limit=100&status=closed&fields=status');
    const changes = store.advance(5).filter((c) => c.resource === 'troubleTicket' && c.to === 'closed');
    expect(changes.length).toBeGreaterThan(0);
    const after = await call<{ id: string }[]>('/troubleTicket?limit=100&status=closed&fields=status');
    expect(Number(after.headers.get('X-Total-Count'))).toBe(Number(before.headers.get('X-Total-Count')) + changes.length);
  });

  it('pages through a sort order the same way twice (the kept order is the computed one)', async () => {
    const once = ids((await call<{ id: string }[]>('/troubleTicket?sort=status,-lastUpdateDate&limit=100&offset=50')).body);
    const again = ids((await call<{ id: string }[]>('/troubleTicket?sort=status,-lastUpdateDate&limit=100&offset=50')).body);
    expect(again).toEqual(once);
    const byHand = [...store.tickets()]
      .map((t, index) => ({ t, index }))
      .sort((a, b) => (a.t.status < b.t.status ? -1 : a.t.status > b.t.status ? 1 : Date.parse(b.t.lastUpdateDate) - Date.parse(a.t.lastUpdateDate) || a.index - b.index))
      .slice(50, 150)
      .map(({ t }) => t.id);
    expect(once).toEqual(byHand);
  });

  it('answers a page of a 20,000-ticket store without sorting it again', async () => {
    const large = createMockServer({ ticketCount: 20_000 });
    server.close();
    large.server.listen({ onUnhandledRequest: 'error' });
    try {
      const first = performance.now();
      await call('/troubleTicket?limit=100&fields=status');
      const cold = performance.now() - first;
      const times: number[] = [];
      for (let page = 1; page <= 5; page += 1) {
        const start = performance.now();
        const res = await call<{ id: string }[]>(`/troubleTicket?limit=100&offset=${page * 100}&fields=status`);
        times.push(performance.now() - start);
        expect(ids(res.body)[0]).toBe(`TT-${String(20_000 - page * 100).padStart(6, '0')}`);
      }
      // The cold request sorts 20,000 items; the next pages are a slice, many times faster (a busy machine adds noise,
      // so the best of five counts).
      expect(Math.min(...times) * 3).toBeLessThan(cold);
    } finally {
      large.server.close();
      server.listen({ onUnhandledRequest: 'error' });
    }
  });
});
