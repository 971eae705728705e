// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CancelProductOrder } from '../src/domain/cancel-order';
import { FaultTicket, ticketStatuses } from '../src/domain/ticket';
import { ticketFieldSamples } from '../src/domain/ticket-field-samples';
import { ticketField, ticketFieldNames } from '../src/domain/ticket-fields';
import { DEFAULT_CANCEL_ORDER_COUNT, DEFAULT_TICKET_COUNT, SEED_REFERENCE, seededByHand, seedCancelOrders, seedTickets, seedTicketsInSlices } from './seed';
import { sampledFields } from './seed-parts';

const tickets = seedTickets(DEFAULT_TICKET_COUNT);
const orders = seedCancelOrders(DEFAULT_CANCEL_ORDER_COUNT);

describe('seed data', () => {
  it('has at least 200 tickets and every one parses with the domain FaultTicket schema', () => {
    expect(tickets.length).toBeGreaterThanOrEqual(200);
    const failures = tickets.flatMap((t) => {
      const result = FaultTicket.safeParse(t);
      return result.success ? [] : [`${t.id}: ${result.error.issues.map((i) => i.path.join('.')).join(', ')}`];
    });
    expect(failures).toEqual([]);
  });

  it('has at least 20 cancel product orders in several states, each parsing with CancelProductOrder', () => {
    expect(orders.length).toBeGreaterThanOrEqual(20);
    for (const order of orders) expect(CancelProductOrder.safeParse(order).success, order.id).toBe(true);
    expect(new Set(orders.map((o) => o.state)).size).toBeGreaterThanOrEqual(4);
    expect(orders.some((o) => o.state === 'acknowledged' || o.state === 'inProgress')).toBe(true);
  });

  it('covers every one of the 9 statuses and both ticket types', () => {
    for (const status of ticketStatuses) expect(tickets.filter((t) => t.status === status).length, status).toBeGreaterThan(0);
    expect(tickets.some((t) => t.ticketType === 'fault')).toBe(true);
    expect(tickets.some((t) => t.ticketType === 'dispute')).toBe(true);
  });

  it('points every dispute at an earlier ticket that was resolved before the dispute was raised', () => {
    const byId = new Map(tickets.map((t) => [t.id, t]));
    const disputes = tickets.filter((t) => t.ticketType === 'dispute');
    for (const dispute of disputes) {
      const relationship = dispute.troubleTicketRelationship?.[0];
      expect(relationship?.relationshipType).toBe('disputes');
      const disputed = byId.get(relationship?.id ?? '');
      expect(disputed?.ticketType).toBe('fault');
      expect(disputed?.statusChange?.some((h) => h.status === 'resolved')).toBe(true);
      expect(Date.parse(disputed?.resolutionDate ?? '')).toBeLessThan(Date.parse(dispute.creationDate));
    }
  });

  it('uses German addresses and line ids of the wholesale format', () => {
    const addresses = tickets.flatMap((t) =>
      (t.relatedParty ?? []).flatMap((p) => (p.partyOrPartyRole.contactMedium ?? []).filter((m) => m['@type'] === 'PostalAddressContactMedium')),
    );
    expect(addresses.length).toBeGreaterThan(100);
    for (const a of addresses) {
      expect(a.postcode).toMatch(/^\d{5}$/);
      expect(a.streetNr).toMatch(/^\d{1,4}$/);
    }
    for (const t of tickets) expect(t.accessLineId).toMatch(/^DEU\.[A-Z]{3,4}\.[A-Z]{3}\d{7,8}$/);
  });

  it('keeps every status history in time order, ending in the ticket status, all before the reference', () => {
    for (const t of tickets) {
      const history = t.statusChange ?? [];
      expect(history[0]?.status).toBe('acknowledged');
      expect(history.at(-1)?.status).toBe(t.status);
      const times = history.map((h) => Date.parse(h.changeDate));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(Date.parse(t.lastUpdateDate)).toBeLessThanOrEqual(SEED_REFERENCE.getTime());
    }
  });

  it('is the same on every run and for every size: ids in creation order, unique external ids', () => {
    expect(seedTickets(DEFAULT_TICKET_COUNT)).toEqual(tickets);
    expect(tickets.map((t) => t.id).slice(0, 3)).toEqual(['TT-000001', 'TT-000002', 'TT-000003']);
    const larger = seedTickets(2_000);
    expect(new Set(larger.map((t) => t.id)).size).toBe(2_000);
    expect(new Set(larger.map((t) => t.externalIdentifier[0].id)).size).toBe(2_000);
    expect(larger.every((t) => FaultTicket.safeParse(t).success)).toBe(true);
  });

  it('built in slices (the demo, on the main thread), is the same data, with a pause between slices', async () => {
    // A clock that moves 1 ms per reading: with slices of 10 ms, the 240 tickets take a pause every 5 tickets or so.
    let clock = 0;
    let pauses = 0;
    const sliced = await seedTicketsInSlices(DEFAULT_TICKET_COUNT, { reference: SEED_REFERENCE }, {
      sliceMs: 10,
      now: () => (clock += 1),
      nextTask: async () => {
        pauses += 1;
      },
    });
    expect(sliced).toEqual(tickets);
    expect(pauses).toBeGreaterThan(20);
    expect(pauses).toBeLessThan(DEFAULT_TICKET_COUNT);
  });

  it.each(ticketFieldNames)('gives %s of the field table to some tickets, and different values where the service sorts by it', (name) => {
    const values = tickets.map((t) => (t as Record<string, unknown>)[name]).filter((v) => v !== undefined);
    expect(values.length).toBeGreaterThan(0);
    if (ticketField(name).sort !== undefined) expect(new Set(values).size).toBeGreaterThanOrEqual(2);
    if (ticketField(name).only === 'dispute') expect(tickets.filter((t) => t.ticketType === 'fault').some((t) => name in t)).toBe(false);
  });

  it('writes by hand only fields of the table', () => {
    for (const name of seededByHand) expect(ticketFieldNames).toContain(name);
  });

  it('draws a field it does not write by hand from its samples, on its own stream: one more such field changes none other', () => {
    const blank = () => tickets.slice(0, 50).map(({ categoryId: _c, priority: _p, ...t }) => structuredClone(t) as FaultTicket);
    const created = (t: FaultTicket) => Date.parse(t.creationDate);
    // Two fields drawn alone, then together: each gets the same values either way.
    const drawn = (names: ('categoryId' | 'priority')[]) => {
      const draw = sampledFields(7, names);
      return blank().map((t) => (draw(t, created(t)), t));
    };
    const alone = (name: 'categoryId' | 'priority') => drawn([name]).map((t) => t[name]);
    const together = drawn(['categoryId', 'priority']);
    expect(together.map((t) => t.categoryId)).toEqual(alone('categoryId'));
    expect(together.map((t) => t.priority)).toEqual(alone('priority'));
    const categories = drawn(['categoryId']).map((t) => t.categoryId);
    // Most tickets get one, each one of the samples, not all the same.
    expect(categories.filter((value) => value !== undefined).length).toBeGreaterThan(30);
    for (const value of new Set(categories)) if (value !== undefined) expect(ticketFieldSamples.categoryId).toContain(value);
    expect(new Set(categories).size).toBeGreaterThanOrEqual(3);
  });
});
