/** The mocked service's in-memory state: tickets and cancel orders, how they are created, and how they move on. */
import type { CancelProductOrder, CancelProductOrderFvo } from '../src/domain/cancel-order';
import type { FaultTicket, FaultTicketFvo, TicketStatus } from '../src/domain/ticket';
import { finalTicketStatuses, nextCancelOrderState, nextTicketStatus, openCancelOrderStates } from './progression';
import { createPrng, type Prng } from './prng';
import { CANCEL_ORDER_RATE_LIMIT, CANCEL_ORDER_RATE_WINDOW_SECONDS, createRateLimiter, type RateLimiter } from './rate-limit';
import {
  DEFAULT_BASE_URL,
  DEFAULT_CANCEL_ORDER_COUNT,
  DEFAULT_TICKET_COUNT,
  SEED,
  SEED_REFERENCE,
  cancelOrderId,
  reasonFor,
  seedCancelOrders,
  seedTickets,
  ticketId,
} from './seed';
import { createdTicketTriage } from './seed-parts';
import { HOUR, toBerlinIso } from './time';

export type StoreOptions = {
  /** The clock for creation dates, status changes and the rate limit; tests pass a fixed one. */
  now?: () => Date;
  /** Start with the seed data (default) or empty. */
  seed?: boolean;
  /** Base of every `href`; the handlers serve the same base by default. */
  baseUrl?: string;
  ticketCount?: number;
  cancelOrderCount?: number;
  /** Seeded dates lie before this moment (default SEED_REFERENCE, fixed, so tests are stable). */
  seedReference?: Date;
  /**
   * The seed's tickets, built ahead with the same options (the demo builds them in slices: seedTicketsInSlices): the
   * first load takes them instead of building them again; `reset` builds them.
   */
  seededTickets?: FaultTicket[];
  /** How many seeded open tickets one advance step moves besides the ones created through the API (default 3). */
  seededMovesPerStep?: number;
};

/** One status (ticket) or state (cancel order) change made by `advance`. */
export type Change = {
  resource: 'troubleTicket' | 'cancelProductOrder';
  id: string;
  from: string;
  to: string;
  /** RFC 3339 date-time of the change. */
  at: string;
  /** Made on purpose (Store.act, the demo controls), not by the progression: what comes with it is said by its notices. */
  onPurpose?: true;
};

/** A ticket or cancel order created through the API. */
export type Creation = { resource: 'troubleTicket' | 'cancelProductOrder'; id: string; at: string };

/**
 * What the provider says about a ticket besides its status (the demo controls, issue 39): it needs information (a JSON
 * Pointer into the ticket), the ticket is in jeopardy, a milestone is reached, or other attributes changed.
 */
export type Notice =
  | { kind: 'informationRequired'; id: string; at: string; path: string }
  | { kind: 'jeopardy'; id: string; at: string }
  | { kind: 'milestone'; id: string; at: string; milestone: string }
  | { kind: 'attributeChange'; id: string; at: string; fields: string[] };

/** What a store subscriber hears: every change `advance` or `act` makes, every creation, every notice. */
export type StoreEvent = { type: 'change'; change: Change } | { type: 'created'; created: Creation } | { type: 'notice'; notice: Notice };

/** What a demo-giver makes the provider do to one ticket (`npm run provider`, the demo controls). */
export const providerActions = ['askForInformation', 'resolve', 'close', 'reject', 'jeopardy', 'milestone'] as const;
export type ProviderAction = (typeof providerActions)[number];
export type ActOptions = { path?: string; milestone?: string };
/** What `act` did: its events, or why it could not (no such ticket, a final status, a path that is no JSON Pointer). */
export type ActResult = { ok: true; events: StoreEvent[] } | { ok: false; status: 404 | 409 | 400; message: string };

export type Store = {
  readonly baseUrl: string;
  now(): Date;
  /**
   * All tickets, in creation order: the same (frozen) array until something changes, so the list operation can keep
   * its sort orders for it (mocks/list.ts). Copy it before sorting or changing it.
   */
  tickets(): FaultTicket[];
  ticket(id: string): FaultTicket | undefined;
  createTicket(input: FaultTicketFvo): FaultTicket;
  /** A ticket not in a final status (closed, cancelled, rejected, failed) carrying one of these ids (-> 409). */
  openTicketWithExternalId(ids: readonly string[]): FaultTicket | undefined;
  /** All cancel orders, in creation order; the same (frozen) array until something changes, as `tickets()`. */
  cancelOrders(): CancelProductOrder[];
  cancelOrder(id: string): CancelProductOrder | undefined;
  createCancelOrder(input: CancelProductOrderFvo): CancelProductOrder;
  /** An acknowledged or inProgress cancellation of this product order (-> 409). */
  openCancellationOf(productOrderId: string): CancelProductOrder | undefined;
  readonly cancelOrderRateLimit: RateLimiter;
  /**
   * Moves things on by `steps` (default 1). Each step moves every open ticket and cancel order created through the
   * API one status further, plus a few seeded open ones chosen by the seeded PRNG: the same calls give the same result.
   */
  advance(steps?: number): Change[];
  /** Back to the state right after creation (seed, ids, PRNG, rate limit). Subscribers stay. */
  reset(): void;
  /** The provider acts on one ticket on purpose (demo controls): status changes and notices, heard by subscribers. */
  act(id: string, action: ProviderAction, options?: ActOptions): ActResult;
  /** Calls `listener` after each change and creation, in order; returns the unsubscribe function. */
  subscribe(listener: (event: StoreEvent) => void): () => void;
};

/** How often a demo (the browser worker, `npm run mock-api`) moves tickets and cancel orders one step on. */
export const DEMO_ADVANCE_EVERY_MS = 20_000;

const ACKNOWLEDGED_REASON = 'Störungsmeldung eingegangen';

/** The reasons and texts the demo controls write, as the provider's staff would. */
const actReasons: Record<'pending' | 'resolved' | 'closed' | 'rejected', string> = {
  pending: 'Rückfrage an den Auftraggeber',
  resolved: 'Störung behoben',
  closed: 'Ticket abgeschlossen',
  rejected: 'Meldung abgelehnt',
};
const DEFAULT_MILESTONE = 'Techniker vor Ort';
const JEOPARDY_DELAY_HOURS = 24;

export function createStore(options: StoreOptions = {}): Store {
  const now = options.now ?? (() => new Date());
  const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
  const seedOptions = { baseUrl, reference: options.seedReference ?? SEED_REFERENCE };
  const seededMovesPerStep = options.seededMovesPerStep ?? 3;
  const cancelOrderRateLimit = createRateLimiter({ limit: CANCEL_ORDER_RATE_LIMIT, windowSeconds: CANCEL_ORDER_RATE_WINDOW_SECONDS, now });

  let tickets = new Map<string, FaultTicket>();
  let orders = new Map<string, CancelProductOrder>();
  let seededTicketIds: string[] = [];
  let seededOrderIds: string[] = [];
  let liveTicketIds: string[] = [];
  let liveOrderIds: string[] = [];
  let rnd: Prng = createPrng(SEED);
  // Which tickets carry each external id: the 409 check looks up the body's ids, never walks every ticket's ids (a
  // large body against a large ticket would hold up every other request for seconds; decision 0028).
  let byExternalId = new Map<string, string[]>();
  const indexExternalIds = (ticket: FaultTicket) => {
    for (const { id } of ticket.externalIdentifier) {
      const carriers = byExternalId.get(id);
      if (carriers) carriers.push(ticket.id);
      else byExternalId.set(id, [ticket.id]);
    }
  };
  // The lists handed out, until the next change (see Store.tickets).
  let ticketList: FaultTicket[] | undefined;
  let orderList: CancelProductOrder[] | undefined;
  const subscribers = new Set<(event: StoreEvent) => void>();
  const notify = (event: StoreEvent) => {
    for (const subscriber of subscribers) subscriber(event);
  };
  const setTicket = (ticket: FaultTicket) => {
    tickets.set(ticket.id, ticket);
    ticketList = undefined;
  };
  const setOrder = (order: CancelProductOrder) => {
    orders.set(order.id, order);
    orderList = undefined;
  };

  function load(builtAhead?: FaultTicket[]) {
    const seeded = options.seed === false ? [] : (builtAhead ?? seedTickets(options.ticketCount ?? DEFAULT_TICKET_COUNT, seedOptions));
    const seededOrders = options.seed === false ? [] : seedCancelOrders(options.cancelOrderCount ?? DEFAULT_CANCEL_ORDER_COUNT, seedOptions);
    tickets = new Map(seeded.map((t) => [t.id, t]));
    orders = new Map(seededOrders.map((o) => [o.id, o]));
    seededTicketIds = seeded.map((t) => t.id);
    byExternalId = new Map();
    for (const ticket of seeded) indexExternalIds(ticket);
    seededOrderIds = seededOrders.map((o) => o.id);
    liveTicketIds = [];
    liveOrderIds = [];
    rnd = createPrng(SEED + 7);
    cancelOrderRateLimit.reset();
    ticketList = undefined;
    orderList = undefined;
  }
  load(options.seededTickets);

  function moveTicket(id: string, at: string, changes: Change[], given?: { to: TicketStatus; reason: string }) {
    const current = tickets.get(id);
    if (!current) return;
    const to = given?.to ?? nextTicketStatus(current.status, rnd);
    if (!to) return;
    const statusChangeReason = given?.reason ?? reasonFor(rnd, to);
    const next: FaultTicket = {
      ...current,
      status: to,
      statusChangeDate: at,
      statusChangeReason,
      lastUpdateDate: at,
      statusChange: [...(current.statusChange ?? []), { status: to, changeDate: at, changeReason: statusChangeReason }],
    };
    if (to === 'resolved') next.resolutionDate = at;
    setTicket(next);
    changes.push({ resource: 'troubleTicket', id, from: current.status, to, at, ...(given ? { onPurpose: true as const } : {}) });
  }

  function moveOrder(id: string, at: string, changes: Change[]) {
    const current = orders.get(id);
    if (!current) return;
    const to = nextCancelOrderState(current.state, rnd);
    if (!to) return;
    setOrder({ ...current, state: to, ...(to === 'done' ? { effectiveCancellationDate: at } : {}) });
    changes.push({ resource: 'cancelProductOrder', id, from: current.state, to, at });
  }

  /** A few seeded items that can still move, picked at random; a bounded number of tries keeps a 100,000 store fast. */
  function pickSeeded(ids: readonly string[], count: number, canMove: (id: string) => boolean): string[] {
    const picked = new Set<string>();
    for (let tries = 0; ids.length > 0 && picked.size < count && tries < count * 20; tries += 1) {
      const id = ids[rnd.int(ids.length)];
      if (canMove(id)) picked.add(id);
    }
    return [...picked];
  }

  const ticketCanMove = (id: string) => {
    const t = tickets.get(id);
    return t !== undefined && !finalTicketStatuses.includes(t.status);
  };
  const orderCanMove = (id: string) => {
    const o = orders.get(id);
    return o !== undefined && openCancelOrderStates.includes(o.state);
  };

  return {
    baseUrl,
    now,
    tickets: () => (ticketList ??= Object.freeze([...tickets.values()]) as FaultTicket[]),
    ticket: (id) => tickets.get(id),
    createTicket(input) {
      const at = now();
      const date = toBerlinIso(at);
      const id = ticketId(tickets.size + 1);
      const status: TicketStatus = 'acknowledged';
      const ticket: FaultTicket = {
        ...input,
        '@type': 'FaultTicket',
        id,
        href: `${baseUrl}/troubleTicket/${id}`,
        status,
        statusChangeDate: date,
        statusChangeReason: ACKNOWLEDGED_REASON,
        statusChange: [{ status, changeDate: date, changeReason: ACKNOWLEDGED_REASON }],
        creationDate: date,
        lastUpdateDate: date,
        expectedResolutionDate: toBerlinIso(at.getTime() + (input.expressFaultResolution === 'oneTime' ? 8 : 24) * HOUR),
        ...createdTicketTriage(input),
      };
      setTicket(ticket);
      indexExternalIds(ticket);
      liveTicketIds.push(id);
      notify({ type: 'created', created: { resource: 'troubleTicket', id, at: date } });
      return ticket;
    },
    openTicketWithExternalId(ids) {
      for (const id of ids) {
        for (const carrier of byExternalId.get(id) ?? []) {
          const t = tickets.get(carrier);
          if (t && !finalTicketStatuses.includes(t.status)) return t;
        }
      }
      return undefined;
    },
    cancelOrders: () => (orderList ??= Object.freeze([...orders.values()]) as CancelProductOrder[]),
    cancelOrder: (id) => orders.get(id),
    createCancelOrder(input) {
      const id = cancelOrderId(orders.size + 1);
      const order: CancelProductOrder = {
        ...input,
        id,
        href: `${baseUrl}/cancelProductOrder/${id}`,
        state: 'acknowledged',
        creationDate: toBerlinIso(now()),
      };
      setOrder(order);
      liveOrderIds.push(id);
      notify({ type: 'created', created: { resource: 'cancelProductOrder', id, at: order.creationDate } });
      return order;
    },
    openCancellationOf(productOrderId) {
      for (const o of orders.values()) {
        if (o.productOrder.id === productOrderId && openCancelOrderStates.includes(o.state)) return o;
      }
      return undefined;
    },
    cancelOrderRateLimit,
    advance(steps = 1) {
      const changes: Change[] = [];
      for (let step = 0; step < steps; step += 1) {
        const at = toBerlinIso(now());
        const ticketIds = [...liveTicketIds.filter(ticketCanMove), ...pickSeeded(seededTicketIds, seededMovesPerStep, ticketCanMove)];
        for (const id of new Set(ticketIds)) moveTicket(id, at, changes);
        const orderIds = [...liveOrderIds.filter(orderCanMove), ...pickSeeded(seededOrderIds, rnd.chance(0.3) ? 1 : 0, orderCanMove)];
        for (const id of new Set(orderIds)) moveOrder(id, at, changes);
      }
      // After the whole step: a subscriber that reads the store sees every change of it made.
      for (const change of changes) notify({ type: 'change', change });
      return changes;
    },
    act(id, action, options = {}) {
      const current = tickets.get(id);
      if (!current) return { ok: false, status: 404, message: `No trouble ticket ${id}` };
      if (finalTicketStatuses.includes(current.status)) {
        return { ok: false, status: 409, message: `Ticket ${id} is ${current.status}: a final status, nothing more happens to it` };
      }
      const at = toBerlinIso(now());
      const events: StoreEvent[] = [];
      const changeTo = (to: 'pending' | 'resolved' | 'closed' | 'rejected') => {
        const changes: Change[] = [];
        if (current.status !== to) moveTicket(id, at, changes, { to, reason: actReasons[to] });
        events.push(...changes.map((change): StoreEvent => ({ type: 'change', change })));
      };
      const note = (text: string) => {
        const ticket = tickets.get(id)!;
        const notes = ticket.note ?? [];
        setTicket({ ...ticket, lastUpdateDate: at, note: [...notes, { id: `${id}-N${notes.length + 1}`, author: 'Entstörung (mocked provider)', date: at, text }] });
      };
      switch (action) {
        case 'askForInformation': {
          const path = options.path ?? '/accessLineId';
          if (!/^(\/[^/]+)+$/.test(path)) return { ok: false, status: 400, message: `The path must be a JSON Pointer into the ticket, like /accessLineId, not "${path}"` };
          changeTo('pending');
          events.push({ type: 'notice', notice: { kind: 'informationRequired', id, at, path } });
          break;
        }
        case 'resolve':
          changeTo('resolved');
          break;
        case 'close':
          changeTo('closed');
          break;
        case 'reject':
          changeTo('rejected');
          break;
        case 'jeopardy': {
          const ticket = tickets.get(id)!;
          const from = Date.parse(ticket.expectedResolutionDate ?? at);
          setTicket({ ...ticket, lastUpdateDate: at, expectedResolutionDate: toBerlinIso(Math.max(from, now().getTime()) + JEOPARDY_DELAY_HOURS * HOUR) });
          events.push({ type: 'notice', notice: { kind: 'jeopardy', id, at } });
          events.push({ type: 'notice', notice: { kind: 'attributeChange', id, at, fields: ['expectedResolutionDate'] } });
          break;
        }
        case 'milestone': {
          const milestone = options.milestone?.trim() || DEFAULT_MILESTONE;
          note(`Meilenstein erreicht: ${milestone}`);
          events.push({ type: 'notice', notice: { kind: 'milestone', id, at, milestone } });
          events.push({ type: 'notice', notice: { kind: 'attributeChange', id, at, fields: ['note'] } });
          break;
        }
      }
      for (const event of events) notify(event);
      return { ok: true, events };
    },
    reset: () => load(),
    subscribe(listener) {
      subscribers.add(listener);
      return () => {
        subscribers.delete(listener);
      };
    },
  };
}
