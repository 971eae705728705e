// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { FaultTicketFvo } from '../src/domain/ticket';
import { CancelProductOrderFvo } from '../src/domain/cancel-order';
import { cancelOrderBody, faultTicketBody } from './fixtures';
import { DEFAULT_TICKET_COUNT, SEED_REFERENCE, seedTickets } from './seed';
import { createStore } from './store';
import { toBerlinIso } from './time';

const fixedNow = () => new Date('2026-11-22T10:00:00+01:00');
const ticketInput = (externalId?: string) => FaultTicketFvo.parse(faultTicketBody(externalId));

describe('store', () => {
  it('creates an acknowledged ticket with id, href, dates and a first history entry', () => {
    const store = createStore({ now: fixedNow, seed: false });
    const ticket = store.createTicket(ticketInput());
    expect(ticket).toMatchObject({
      id: 'TT-000001',
      href: '/tmf-api/troubleTicket/v5/troubleTicket/TT-000001',
      status: 'acknowledged',
      creationDate: '2026-11-22T10:00:00+01:00',
      lastUpdateDate: '2026-11-22T10:00:00+01:00',
      statusChangeDate: '2026-11-22T10:00:00+01:00',
    });
    expect(ticket.statusChange).toEqual([expect.objectContaining({ status: 'acknowledged', changeDate: '2026-11-22T10:00:00+01:00' })]);
    expect(store.ticket('TT-000001')).toEqual(ticket);
  });

  it('continues the id sequence after the seed', () => {
    const store = createStore({ now: fixedNow });
    expect(store.createTicket(ticketInput()).id).toBe(`TT-${String(store.tickets().length).padStart(6, '0')}`);
  });

  it('advance moves a created ticket one status on, appends history and updates lastUpdateDate/statusChangeDate', () => {
    let clock = Date.parse('2026-11-22T10:00:00+01:00');
    const store = createStore({ now: () => new Date(clock), seed: false });
    const { id } = store.createTicket(ticketInput());
    clock += 30 * 60_000;
    const changes = store.advance();
    expect(changes).toEqual([{ resource: 'troubleTicket', id, from: 'acknowledged', to: 'inProgress', at: '2026-11-22T10:30:00+01:00' }]);
    const moved = store.ticket(id);
    expect(moved?.status).toBe('inProgress');
    expect(moved?.lastUpdateDate).toBe('2026-11-22T10:30:00+01:00');
    expect(moved?.statusChangeDate).toBe('2026-11-22T10:30:00+01:00');
    expect(moved?.statusChange?.map((h) => h.status)).toEqual(['acknowledged', 'inProgress']);
  });

  it('brings a created ticket to closed in the end, along the usual flow', () => {
    const store = createStore({ now: fixedNow, seed: false });
    const { id } = store.createTicket(ticketInput());
    store.advance(30);
    const ticket = store.ticket(id);
    expect(ticket?.status).toBe('closed');
    const path = ticket?.statusChange?.map((h) => h.status) ?? [];
    expect(path.slice(0, 2)).toEqual(['acknowledged', 'inProgress']);
    expect(path.slice(-2)).toEqual(['resolved', 'closed']);
    expect(ticket?.resolutionDate).toBeDefined();
  });

  it('moves cancel orders from acknowledged to a final state; a done one gets its effective date', () => {
    const store = createStore({ now: fixedNow, seed: false });
    const ids = ['PO-1', 'PO-2', 'PO-3', 'PO-4', 'PO-5', 'PO-6'].map((po) => store.createCancelOrder(CancelProductOrderFvo.parse(cancelOrderBody(po))).id);
    expect(store.cancelOrder(ids[0])?.state).toBe('acknowledged');
    store.advance(3);
    for (const id of ids) {
      const order = store.cancelOrder(id);
      expect(['done', 'terminatedWithError', 'rejected']).toContain(order?.state);
      expect(order?.effectiveCancellationDate !== undefined).toBe(order?.state === 'done');
    }
  });

  it('is deterministic: two stores advanced alike end alike, and reset restores the seed', () => {
    const a = createStore({ now: fixedNow });
    const b = createStore({ now: fixedNow });
    const changesA = a.advance(5);
    expect(changesA.length).toBeGreaterThan(0);
    expect(b.advance(5)).toEqual(changesA);
    a.createTicket(ticketInput());
    a.reset();
    expect(a.tickets()).toEqual(createStore({ now: fixedNow }).tickets());
    expect(a.advance(5)).toEqual(changesA);
  });

  it('started from a seed built ahead, holds and moves the same tickets as one that builds it, and resets alike', () => {
    const built = createStore({ now: fixedNow });
    const ahead = createStore({ now: fixedNow, seededTickets: seedTickets(DEFAULT_TICKET_COUNT, { reference: SEED_REFERENCE }) });
    expect(ahead.tickets()).toEqual(built.tickets());
    expect(ahead.openTicketWithExternalId([built.tickets()[239]!.externalIdentifier[0]!.id])?.id).toBe(built.tickets()[239]!.id);
    expect(ahead.advance(3)).toEqual(built.advance(3));
    ahead.reset();
    built.reset();
    expect(ahead.tickets()).toEqual(built.tickets());
  });

  it('finds open tickets by external id, but not closed, cancelled or rejected ones', () => {
    const store = createStore({ now: fixedNow, seed: false });
    const { id } = store.createTicket(ticketInput('X-1'));
    expect(store.openTicketWithExternalId(['X-1'])?.id).toBe(id);
    store.advance(30);
    expect(store.ticket(id)?.status).toBe('closed');
    expect(store.openTicketWithExternalId(['X-1'])).toBeUndefined();
  });
});

describe('toBerlinIso', () => {
  it.each([
    ['2026-11-01T07:00:00Z', '2026-11-01T08:00:00+01:00'],
    ['2026-07-15T12:30:45.678Z', '2026-07-15T14:30:45+02:00'],
    ['2026-03-29T00:59:59Z', '2026-03-29T01:59:59+01:00'],
    ['2026-03-29T01:00:00Z', '2026-03-29T03:00:00+02:00'],
    ['2026-10-25T00:59:59Z', '2026-10-25T02:59:59+02:00'],
    ['2026-10-25T01:00:00Z', '2026-10-25T02:00:00+01:00'],
    ['2026-12-31T23:30:00Z', '2027-01-01T00:30:00+01:00'],
  ])('%s is %s in Berlin', (utc, berlin) => {
    expect(toBerlinIso(new Date(utc))).toBe(berlin);
    expect(Date.parse(berlin)).toBe(Math.floor(Date.parse(utc) / 1000) * 1000);
  });
});
