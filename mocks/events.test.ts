// @vitest-environment node
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CancelProductOrderFvo } from '../src/domain/cancel-order';
import { eventEnvelope, listeners } from '../src/domain/event';
import { FaultTicketFvo } from '../src/domain/ticket';
import { createDemoRelay, createRelayHandlers, type RelayedEvent, type StreamMessage } from './events';
import { cancelOrderBody, faultTicketBody } from './fixtures';
import { createStore } from './store';

let clock = Date.parse('2026-11-22T10:00:00+01:00');
const now = () => new Date(clock);
let ids = 0;
const randomId = () => `id-${++ids}`;

function setup(bufferSize?: number) {
  const store = createStore({ now, seed: false });
  const relay = createDemoRelay({ store, now, randomId, bufferSize });
  return { store, relay };
}

const schemaOf = (eventType: string) => {
  const listener = listeners.find((l) => l.eventType === eventType);
  if (!listener) throw new Error(`no listener for ${eventType}`);
  return eventEnvelope(listener);
};

function collect(relay: ReturnType<typeof setup>['relay']): StreamMessage[] {
  const got: StreamMessage[] = [];
  relay.attach((message) => got.push(message), () => undefined);
  return got;
}
const events = (messages: StreamMessage[]): RelayedEvent[] =>
  messages.flatMap((m) => (m.kind === 'notification' ? [m.event] : []));

describe('demo relay: envelopes from the store', () => {
  it('relays a ticket created through the API as a TroubleTicketCreateEvent that passes the domain schema', () => {
    const { store, relay } = setup();
    const got = collect(relay);
    const ticket = store.createTicket(FaultTicketFvo.parse(faultTicketBody()));
    const [event] = events(got);
    expect(event).toMatchObject({ seq: 1, eventType: 'TroubleTicketCreateEvent' });
    const parsed = schemaOf('TroubleTicketCreateEvent').parse(event.envelope);
    expect(parsed.event.troubleTicket).toMatchObject({ id: ticket.id, status: 'acknowledged' });
  });

  it('relays each advance as status and state change events that pass their schemas, in order with increasing ids', () => {
    const { store, relay } = setup();
    const ticket = store.createTicket(FaultTicketFvo.parse(faultTicketBody()));
    const order = store.createCancelOrder(CancelProductOrderFvo.parse(cancelOrderBody()));
    const got = collect(relay);
    clock += 60_000;
    const changes = store.advance();
    const relayed = events(got);
    expect(relayed.map((e) => e.eventType)).toEqual(['TroubleTicketStatusChangeEvent', 'CancelProductOrderStateChangeEvent']);
    expect(relayed.map((e) => e.seq)).toEqual([3, 4]);
    const ticketEvent = schemaOf('TroubleTicketStatusChangeEvent').parse(relayed[0].envelope);
    expect(ticketEvent.event.troubleTicket).toMatchObject({ id: ticket.id, status: changes[0].to });
    const orderEvent = schemaOf('CancelProductOrderStateChangeEvent').parse(relayed[1].envelope);
    expect(orderEvent.event.cancelProductOrder).toMatchObject({ id: order.id, state: changes[1].to });
    expect(new Set(relayed.map((e) => (e.envelope as { eventId: string }).eventId)).size).toBe(2);
  });

  it('names each event in @type as well, the TMF621 v5 way', () => {
    const { store, relay } = setup();
    const got = collect(relay);
    store.createTicket(FaultTicketFvo.parse(faultTicketBody()));
    expect(events(got)[0]?.envelope).toMatchObject({ '@type': 'TroubleTicketCreateEvent', eventType: 'TroubleTicketCreateEvent' });
  });

  it('when a ticket created through the API goes to pending, the provider asks for information in a v5 envelope', () => {
    const { store, relay } = setup();
    const ticket = store.createTicket(FaultTicketFvo.parse(faultTicketBody()));
    const got = collect(relay);
    let pending;
    for (let step = 0; step < 40 && !pending; step += 1) {
      clock += 60_000;
      pending = store.advance().find((c) => c.id === ticket.id && c.to === 'pending');
    }
    expect(pending, 'the ticket reached pending within 40 steps').toBeDefined();
    const asked = events(got).filter((e) => e.eventType === 'TroubleTicketInformationRequiredEvent');
    expect(asked).toHaveLength(1);
    const parsed = schemaOf('TroubleTicketInformationRequiredEvent').parse(asked[0]?.envelope);
    expect(parsed.event.troubleTicketInformationRequired).toMatchObject({ id: ticket.id, informationRequiredPath: [expect.objectContaining({ op: 'add', path: expect.stringMatching(/^\//) })] });
  });

  it('a seeded ticket going to pending brings no request (the demo asks only about the agent\'s own tickets)', () => {
    const store = createStore({ now });
    const relay = createDemoRelay({ store, now, randomId });
    const got = collect(relay);
    const changes = Array.from({ length: 30 }, () => store.advance()).flat();
    expect(changes.some((c) => c.to === 'pending')).toBe(true);
    expect(events(got).some((e) => e.eventType === 'TroubleTicketInformationRequiredEvent')).toBe(false);
  });

  it.each([
    ['askForInformation', ['TroubleTicketStatusChangeEvent', 'TroubleTicketInformationRequiredEvent']],
    ['resolve', ['TroubleTicketStatusChangeEvent']],
    ['reject', ['TroubleTicketStatusChangeEvent']],
    ['jeopardy', ['TroubleTicketJeopardyAlertEvent', 'TroubleTicketAttributeValueChangeEvent']],
    ['milestone', ['TroubleTicketMilestoneEvent', 'TroubleTicketAttributeValueChangeEvent']],
  ] as const)('the demo controls: %s relays %j, each passing its schema', (action, names) => {
    const { store, relay } = setup();
    const ticket = store.createTicket(FaultTicketFvo.parse(faultTicketBody()));
    const got = collect(relay);
    expect(store.act(ticket.id, action, { path: '/appointment', milestone: 'Techniker vor Ort' }).ok).toBe(true);
    const relayed = events(got);
    expect(relayed.map((e) => e.eventType)).toEqual(names);
    for (const event of relayed) expect(schemaOf(event.eventType).safeParse(event.envelope).success, event.eventType).toBe(true);
    if (action === 'askForInformation') {
      // Asked on purpose: exactly the path named, not the one the progression would have picked.
      expect(relayed[1]?.envelope).toMatchObject({ event: { troubleTicketInformationRequired: { id: ticket.id, informationRequiredPath: [{ op: 'add', path: '/appointment' }] } } });
    }
  });

  it('emit relays an arbitrary envelope as it is', () => {
    const { relay } = setup();
    const got = collect(relay);
    const hostile = { eventId: 'x', eventType: 'TroubleTicketStatusChangeEvent', title: '<img src=x onerror=alert(1)>' };
    relay.emit(hostile);
    expect(events(got)[0]).toMatchObject({ seq: 1, eventType: 'TroubleTicketStatusChangeEvent', envelope: hostile });
  });
});

describe('demo relay: resume', () => {
  it.each([
    ['no lastEventId: only what comes next', null, [], []],
    ['lastEventId 1', '1', [], [2, 3]],
    ['lastEventId 3 (newest)', '3', [], []],
    ['lastEventId 4 (beyond the newest: restarted, so all buffered are new)', '4', ['restart'], [1, 2, 3]],
    ['lastEventId 0 (all still buffered)', '0', [], [1, 2, 3]],
  ])('%s', (_name, lastEventId, resets, seqs) => {
    const { relay } = setup();
    for (let i = 0; i < 3; i += 1) relay.emit({ eventType: 'TroubleTicketCreateEvent' });
    const messages = relay.replay(lastEventId);
    expect(messages.flatMap((m) => (m.kind === 'reset' ? [m.reason] : []))).toEqual(resets);
    expect(events(messages).map((e) => e.seq)).toEqual(seqs);
  });

  it('keeps only the last N events and says "gap" before replaying when older ones are gone', () => {
    const { relay } = setup(2);
    for (let i = 0; i < 5; i += 1) relay.emit({ eventType: 'TroubleTicketCreateEvent' });
    expect(relay.replay('3').map((m) => m.kind)).toEqual(['notification', 'notification']);
    const messages = relay.replay('2');
    expect(messages[0]).toEqual({ kind: 'reset', reason: 'gap' });
    expect(events(messages).map((e) => e.seq)).toEqual([4, 5]);
  });
});

describe('demo relay: hello at stream open', () => {
  it.each([
    ['an empty relay, no lastEventId', 0, null, [{ kind: 'hello', lastEventId: 0 }]],
    ['after 3 events, no lastEventId', 3, null, [{ kind: 'hello', lastEventId: 3 }]],
  ])('opens with hello carrying the newest seq: %s', (_name, n, lastEventId, expected) => {
    const { relay } = setup();
    for (let i = 0; i < n; i += 1) relay.emit({ eventType: 'TroubleTicketCreateEvent' });
    expect(relay.opening(lastEventId)).toEqual(expected);
  });

  it('sends hello before the replays and before a reset', () => {
    const { relay } = setup(2);
    for (let i = 0; i < 5; i += 1) relay.emit({ eventType: 'TroubleTicketCreateEvent' });
    const resumed = relay.opening('3');
    expect(resumed.map((m) => m.kind)).toEqual(['hello', 'notification', 'notification']);
    expect(resumed[0]).toEqual({ kind: 'hello', lastEventId: 5 });
    expect(relay.opening('1').map((m) => m.kind)).toEqual(['hello', 'reset', 'notification', 'notification']);
    expect(relay.opening('9').map((m) => m.kind)).toEqual(['hello', 'reset', 'notification', 'notification']);
  });

  it('a client that resumes from the hello position gets every event emitted after it', () => {
    const { relay } = setup();
    relay.emit({ eventType: 'TroubleTicketCreateEvent' });
    const [hello] = relay.opening(null);
    relay.emit({ eventId: 'during-gap', eventType: 'TroubleTicketStatusChangeEvent' });
    const position = hello?.kind === 'hello' ? String(hello.lastEventId) : null;
    const resumed = events(relay.opening(position));
    expect(resumed.map((e) => [e.seq, (e.envelope as { eventId?: string }).eventId])).toEqual([[2, 'during-gap']]);
  });
});

describe('demo relay: tickets', () => {
  it('a ticket is good once, and only for 30 s', () => {
    const { relay } = setup();
    const { ticket, expiresInSeconds } = relay.issueTicket();
    expect(expiresInSeconds).toBe(30);
    expect(relay.takeTicket(ticket)).toBe(true);
    expect(relay.takeTicket(ticket)).toBe(false);
    const late = relay.issueTicket().ticket;
    clock += 30_000;
    expect(relay.takeTicket(late)).toBe(false);
    const early = relay.issueTicket().ticket;
    clock += 29_999;
    expect(relay.takeTicket(early)).toBe(true);
    expect(relay.takeTicket('made-up')).toBe(false);
    expect(relay.takeTicket(null)).toBe(false);
  });
});

describe('demo relay over HTTP (msw)', () => {
  // msw's sse() wants a global EventSource when it is built (browsers have one); the handler itself never uses it.
  const hadEventSource = 'EventSource' in globalThis;
  if (!hadEventSource) (globalThis as Record<string, unknown>).EventSource = class {};
  const { relay } = setup();
  const server = setupServer(...createRelayHandlers(relay));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => relay.dropStreams());
  afterAll(() => {
    server.close();
    if (!hadEventSource) delete (globalThis as Record<string, unknown>).EventSource;
  });

  const base = 'http://app.test/relay';
  const buy = () => fetch(`${base}/stream-tickets`, { method: 'POST', headers: { Authorization: 'Bearer demo' } });

  it('sells a ticket for a bearer token (201) and refuses without one (401 ErrorMessage)', async () => {
    const ok = await buy();
    expect(ok.status).toBe(201);
    expect(await ok.json()).toEqual({ ticket: expect.any(String), expiresInSeconds: 30 });
    const refused = await fetch(`${base}/stream-tickets`, { method: 'POST' });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'unauthorized', status: '401' });
  });

  it('streams the replay and new events as SSE messages, and refuses the spent ticket (401 JSON)', async () => {
    relay.emit({ eventId: 'before', eventType: 'TroubleTicketCreateEvent' });
    const lastSeq = relay.emit({ eventId: 'before-2', eventType: 'TroubleTicketCreateEvent' }).seq;
    const { ticket } = (await (await buy()).json()) as { ticket: string };
    const url = `${base}/events?ticket=${ticket}&lastEventId=${lastSeq - 1}`;
    const response = await fetch(url, { headers: { Accept: 'text/event-stream' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    relay.emit({ eventId: 'after', eventType: 'TroubleTicketStatusChangeEvent' });

    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('"after"')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    const [hello, ...frames] = text.split('\n\n').filter(Boolean);
    // The hello first, with the newest seq at stream open, in the contract's shape.
    expect(hello).toBe(`id:${lastSeq}\nevent:hello\ndata:${JSON.stringify({ lastEventId: String(lastSeq) })}`);
    expect(frames).toHaveLength(2);
    expect(frames[0]).toContain(`id:${lastSeq}\nevent:notification\ndata:`);
    expect(frames[0]).toContain('"before-2"');
    expect(frames[1]).toContain(`id:${lastSeq + 1}\nevent:notification\n`);
    const data = JSON.parse(frames[1].split('data:')[1]) as Record<string, unknown>;
    expect(data).toEqual({ eventType: 'TroubleTicketStatusChangeEvent', receivedAt: expect.any(String), envelope: { eventId: 'after', eventType: 'TroubleTicketStatusChangeEvent' } });

    const again = await fetch(url, { headers: { Accept: 'text/event-stream' } });
    expect(again.status).toBe(401);
    expect(again.headers.get('content-type')).toContain('application/json');
    // (Reading that body while the interceptor still holds the open stream stalls under msw/node; the 401 body is
    // the same errorResponse as the ticket refusal above.)
    void again.body?.cancel();
    void reader.cancel();
  });
});
