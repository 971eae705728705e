// @vitest-environment node
// The filters the app sends for "overdue" (docs/decisions/0035): the statuses awaiting resolution, OR-ed, and
// `expectedResolutionDate.lt` with the app's clock as a UTC instant with milliseconds; and the empty range it sends
// when the chosen statuses leave none awaiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaultTicket } from '../domain/ticket';
import { overdueFilters } from '../lib/overdue';
import { listQueryString } from './query-string';
import { createMockServer } from '../../mocks/node';
import { createTestClient } from '../testing/service-client';

const BASE = 'http://localhost/tmf-api/troubleTicket/v5';
const { server, store } = createMockServer({ now: () => new Date('2026-11-22T10:00:00+01:00') });
const call = createTestClient(BASE);
const all = store.tickets();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const awaiting = ['acknowledged', 'inProgress', 'pending', 'held'];
/** A moment inside the seed's last days, so that some awaited tickets are overdue and others are not yet. */
const NOW = Date.parse(all[all.length - 30].creationDate) + 12 * 3_600_000;

describe('GET /troubleTicket with the overdue filters', () => {
  it('finds exactly the tickets awaiting resolution whose expected resolution is before now', async () => {
    const expected = all.filter(
      (ticket) => awaiting.includes(ticket.status) && ticket.expectedResolutionDate && Date.parse(ticket.expectedResolutionDate) < NOW,
    );
    const later = all.filter((ticket) => awaiting.includes(ticket.status) && Date.parse(ticket.expectedResolutionDate ?? '') >= NOW);
    // The seed has both kinds around this moment, so the test can tell a filter from none.
    expect(expected.length).toBeGreaterThan(0);
    expect(later.length).toBeGreaterThan(0);
    const res = await call<FaultTicket[]>(`/troubleTicket${listQueryString({ filters: overdueFilters(NOW), limit: 100, fields: ['id'] })}`);
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('X-Total-Count'))).toBe(expected.length);
    expect(res.body.map((ticket) => ticket.id).sort()).toEqual(expected.map((ticket) => ticket.id).sort().slice(0, 100));
  });

  it('a ticket expected exactly now is not yet overdue (lt is strict)', async () => {
    const ticket = all.find((t) => awaiting.includes(t.status) && t.expectedResolutionDate) as FaultTicket;
    const at = Date.parse(ticket.expectedResolutionDate as string);
    const ask = (now: number) =>
      call<FaultTicket[]>(`/troubleTicket${listQueryString({ filters: { ...overdueFilters(now), id: ticket.id }, limit: 1 })}`);
    expect(Number((await ask(at)).headers.get('X-Total-Count'))).toBe(0);
    expect(Number((await ask(at + 1)).headers.get('X-Total-Count'))).toBe(1);
  });

  it('the empty range for settled statuses finds nothing', async () => {
    const res = await call<FaultTicket[]>(`/troubleTicket${listQueryString({ filters: overdueFilters(NOW, ['closed']), limit: 1 })}`);
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('X-Total-Count'))).toBe(0);
  });
});
