import { beforeEach, describe, expect, it } from 'vitest';
import { createEventStream, reconnectWait, type EventStreamOptions, type StreamEvent } from './event-stream';
import { readRelayData } from './relay-data';
import type { ConnectionState } from '../model/notification-types';
import { FakeEventSource, fakeEventSource, manualTimers, settle, statusChange, ticketFetch } from '../../../testing/fake-event-source';

beforeEach(() => {
  FakeEventSource.instances = [];
});

/** The key of a status change event with this eventId. */
const sc = (eventId: string) => `TroubleTicketStatusChangeEvent:${eventId}`;

function connect(overrides: Partial<EventStreamOptions> = {}) {
  const events: StreamEvent[] = [];
  const states: ConnectionState[] = [];
  const resets: string[] = [];
  const { fetch, requests } = ticketFetch();
  const clock = manualTimers();
  const stream = createEventStream({
    eventsUrl: 'https://events.example.net/relay',
    tokenSource: { getAccessToken: () => Promise.resolve('secret-token') },
    onEvent: (event) => events.push(event),
    onState: (state) => states.push(state),
    onReset: (reason) => resets.push(reason),
    // Loaded at the first notification; the messages then wait a microtask or two (settle() lets them through).
    loadReader: () => Promise.resolve(readRelayData),
    fetch,
    EventSource: fakeEventSource,
    // The largest factor: each delay is its base (1 s, 2 s, 4 s …).
    random: () => 1,
    timers: clock.timers,
    ...overrides,
  });
  stream.start();
  return { stream, events, states, resets, requests, clock };
}

describe('the reconnect backoff', () => {
  it.each([
    [1, 0, 500],
    [1, 1, 1_000],
    [2, 0, 1_000],
    [2, 1, 2_000],
    [5, 1, 16_000],
    [6, 0, 15_000],
    [6, 1, 30_000],
    [20, 1, 30_000],
  ])('attempt %i with random %f waits %i ms', (attempt, random, ms) => {
    expect(reconnectWait(attempt, () => random)).toBe(ms);
  });
});

describe('event stream', () => {
  it('buys a ticket with the token in the Authorization header and opens the stream with the ticket only', async () => {
    const { requests, states } = connect();
    await settle();
    expect(requests).toHaveLength(1);
    expect(requests[0].url).toBe('https://events.example.net/relay/stream-tickets');
    expect(requests[0].init?.method).toBe('POST');
    expect(new Headers(requests[0].init?.headers).get('Authorization')).toBe('Bearer secret-token');
    const source = FakeEventSource.latest();
    expect(source.url).toBe('https://events.example.net/relay/events?ticket=ticket-1');
    expect(source.url).not.toContain('secret-token');
    source.open();
    expect(states).toEqual([{ status: 'connecting' }, { status: 'live' }]);
  });

  it('reconnects after errors with 1, 2, 4 … 30 s waits, a new ticket each time, and starts over after an open', async () => {
    const { clock, requests, states } = connect();
    await settle();
    for (let i = 0; i < 7; i += 1) {
      FakeEventSource.latest().fail();
      expect(FakeEventSource.latest().closed).toBe(true);
      clock.runNext();
      await settle();
    }
    expect(clock.delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(states.at(-1)).toEqual({ status: 'reconnecting', attempt: 7, delaySeconds: 30 });
    expect(requests).toHaveLength(8);
    expect(FakeEventSource.instances.map((s) => new URL(s.url).searchParams.get('ticket'))).toEqual(
      Array.from({ length: 8 }, (_, i) => `ticket-${i + 1}`),
    );
    FakeEventSource.latest().open();
    FakeEventSource.latest().fail();
    expect(clock.delays.at(-1)).toBe(1_000);
  });

  it('resumes from the last event id after a reconnect', async () => {
    const { clock } = connect();
    await settle();
    FakeEventSource.latest().notify('7', statusChange('e-7', 'TT-1', 'inProgress'));
    await settle();
    FakeEventSource.latest().fail();
    clock.runNext();
    await settle();
    const url = new URL(FakeEventSource.latest().url);
    expect(url.searchParams.get('lastEventId')).toBe('7');
    expect(url.searchParams.get('ticket')).toBe('ticket-2');
  });

  it('takes the hello position when it has none: a stream cut before its first event resumes from there', async () => {
    const ids: string[] = [];
    const { clock, events } = connect({ onLastEventId: (id) => ids.push(id) });
    await settle();
    expect(new URL(FakeEventSource.latest().url).searchParams.has('lastEventId')).toBe(false);
    FakeEventSource.latest().send('hello', { lastEventId: '5' }, '5');
    await settle();
    FakeEventSource.latest().fail();
    clock.runNext();
    await settle();
    const url = new URL(FakeEventSource.latest().url);
    expect(url.searchParams.get('lastEventId')).toBe('5');
    expect(url.searchParams.get('ticket')).toBe('ticket-2');
    expect(ids).toEqual(['5']);
    // The replay after that position is handed on; a hello itself is no event.
    FakeEventSource.latest().send('hello', { lastEventId: '6' }, '6');
    FakeEventSource.latest().notify('6', statusChange('e-6', 'TT-1', 'inProgress'));
    await settle();
    expect(events.map((e) => e.key)).toEqual([sc('e-6')]);
  });

  it('takes hello 0 from an empty relay, so the first events after a cut are replayed', async () => {
    const { clock } = connect();
    await settle();
    FakeEventSource.latest().send('hello', { lastEventId: '0' }, '0');
    FakeEventSource.latest().fail();
    clock.runNext();
    await settle();
    expect(new URL(FakeEventSource.latest().url).searchParams.get('lastEventId')).toBe('0');
  });

  it.each([
    ['a stored one', { lastEventId: '3' }, [], '3'],
    ['one from an event', {}, ['7'], '7'],
  ])('never replaces a known position (%s) with a later hello', async (_name, overrides, before, known) => {
    const ids: string[] = [];
    const { clock, events } = connect({ ...overrides, onLastEventId: (id) => ids.push(id) });
    await settle();
    for (const id of before) FakeEventSource.latest().notify(id, statusChange(`e-${id}`, 'TT-1', 'held'));
    FakeEventSource.latest().send('hello', { lastEventId: '20' }, '20');
    await settle();
    FakeEventSource.latest().fail();
    clock.runNext();
    await settle();
    expect(new URL(FakeEventSource.latest().url).searchParams.get('lastEventId')).toBe(known);
    // The replay after the known position follows the next hello and is handed on.
    FakeEventSource.latest().send('hello', { lastEventId: '20' }, '20');
    FakeEventSource.latest().notify('8', statusChange('e-8', 'TT-1', 'inProgress'));
    await settle();
    expect(events.map((e) => e.key)).toEqual([...before.map((id) => sc(`e-${id}`)), sc('e-8')]);
    expect(ids).toEqual([...before, '8']);
  });

  it('starts from a stored last event id, and skips events already shown before the reload', async () => {
    const { events } = connect({ lastEventId: '41', seenKeys: [sc('e-42')] });
    await settle();
    const source = FakeEventSource.latest();
    expect(new URL(source.url).searchParams.get('lastEventId')).toBe('41');
    source.notify('42', statusChange('e-42', 'TT-1', 'held'));
    source.notify('43', statusChange('e-43', 'TT-1', 'inProgress'));
    await settle();
    expect(events.map((e) => e.key)).toEqual([sc('e-43')]);
  });

  it('hands on each event once: a repeated eventId or seq is dropped, a bodiless event is keyed by its seq', async () => {
    const { events } = connect();
    await settle();
    const source = FakeEventSource.latest();
    source.notify('1', statusChange('e-1', 'TT-1', 'inProgress'));
    source.notify('2', statusChange('e-1', 'TT-1', 'inProgress'));
    source.notify('2', statusChange('e-2', 'TT-1', 'resolved'));
    source.notify('3', null, 'ProductOrderMilestoneEvent');
    await settle();
    expect(events.map((e) => [e.seq, e.key, e.eventType])).toEqual([
      [1, sc('e-1'), 'TroubleTicketStatusChangeEvent'],
      [3, 'seq:3', 'ProductOrderMilestoneEvent'],
    ]);
  });

  it('keys by listener and eventId: one eventId on two events is two events; the relay names the event', async () => {
    const { events } = connect();
    await settle();
    const source = FakeEventSource.latest();
    const spec = { eventId: 'shared', eventTime: '2022-08-25T12:18:12Z', eventType: 'TroubleTicketSpecificationCreateEvent', event: { troubleTicketSpecification: { id: 'S-1' } } };
    source.notify('1', { ...statusChange('shared', 'TT-1', 'held') });
    source.notify('2', spec);
    // The OAS's generated example: filler in eventType, the event named by @type (and by the listener that took it).
    source.notify('3', { ...spec, eventId: 'filler', eventType: 'CXJAD', '@type': 'TroubleTicketSpecificationCreateEvent' }, 'TroubleTicketSpecificationCreateEvent');
    await settle();
    expect(events.map((e) => [e.key, e.eventType])).toEqual([
      [sc('shared'), 'TroubleTicketStatusChangeEvent'],
      ['TroubleTicketSpecificationCreateEvent:shared', 'TroubleTicketSpecificationCreateEvent'],
      ['TroubleTicketSpecificationCreateEvent:filler', 'TroubleTicketSpecificationCreateEvent'],
    ]);
  });

  it('drops what is not an event envelope, and keeps unknown fields of one that is', async () => {
    const { events } = connect();
    await settle();
    const source = FakeEventSource.latest();
    source.send('notification', 'not json', '1');
    source.notify('2', { eventType: 'TroubleTicketStatusChangeEvent', event: { troubleTicket: { id: 'TT-1' } } });
    source.notify('3', { ...statusChange('e-3', 'TT-1', 'held'), eventType: 'NoSuchEvent' });
    source.notify('4', { ...statusChange('e-4', 'TT-1', 'held'), vendorField: 'kept' });
    await settle();
    expect(events.map((e) => e.key)).toEqual([sc('e-4')]);
    expect(events[0].envelope).toMatchObject({ vendorField: 'kept' });
  });

  it('passes a reset on, and after a restart takes seq 1 as new again', async () => {
    const { events, resets } = connect();
    await settle();
    const source = FakeEventSource.latest();
    source.notify('9', statusChange('e-9', 'TT-1', 'held'));
    source.send('reset', { reason: 'restart' });
    source.notify('1', statusChange('e-new-1', 'TT-1', 'inProgress'));
    await settle();
    expect(resets).toEqual(['restart']);
    expect(events.map((e) => e.key)).toEqual([sc('e-9'), sc('e-new-1')]);
  });

  it('stops on sign-out: closes the stream, says off, and neither retries nor hands on anything after', async () => {
    const { stream, events, states, clock } = connect();
    await settle();
    const source = FakeEventSource.latest();
    source.open();
    stream.stop();
    expect(source.closed).toBe(true);
    expect(states.at(-1)).toEqual({ status: 'off' });
    source.notify('1', statusChange('e-1', 'TT-1', 'held'));
    source.fail();
    await settle();
    expect(events).toEqual([]);
    expect(clock.pending).toEqual([]);
  });

  it('without a token or a ticket it opens no stream and tries again later', async () => {
    const { clock } = connect({ tokenSource: { getAccessToken: () => Promise.resolve(null) } });
    await settle();
    expect(FakeEventSource.instances).toEqual([]);
    expect(clock.delays).toEqual([1_000]);
    const refused = ticketFetch(401);
    const second = connect({ fetch: refused.fetch });
    await settle();
    expect(FakeEventSource.instances).toEqual([]);
    expect(second.clock.delays).toEqual([1_000]);
  });

  it('"Reconnect now" tries at once instead of waiting', async () => {
    const { stream, clock, requests } = connect();
    await settle();
    FakeEventSource.latest().fail();
    expect(clock.pending).toHaveLength(1);
    stream.reconnectNow();
    await settle();
    expect(clock.pending).toHaveLength(0);
    expect(requests).toHaveLength(2);
  });

  describe('what reads events, loaded with the first one', () => {
    /** A loader whose load ends when the test says. */
    function heldLoader() {
      const loads: { resolve: () => void; reject: () => void }[] = [];
      const loadReader = () =>
        new Promise<typeof readRelayData>((resolve, reject) => loads.push({ resolve: () => resolve(readRelayData), reject: () => reject(new Error('chunk failed')) }));
      return { loads, loadReader };
    }

    it('is not loaded for a hello, is loaded once, and what arrives meanwhile is handed on in order', async () => {
      const { loads, loadReader } = heldLoader();
      const ids: string[] = [];
      const { events, resets } = connect({ loadReader, onLastEventId: (id) => ids.push(id) });
      await settle();
      const source = FakeEventSource.latest();
      source.send('hello', { lastEventId: '5' }, '5');
      expect(ids).toEqual(['5']);
      expect(loads).toHaveLength(0);
      source.notify('6', statusChange('e-6', 'TT-1', 'held'));
      source.send('reset', { reason: 'restart' });
      source.notify('1', statusChange('e-new-1', 'TT-1', 'inProgress'));
      await settle();
      expect(loads).toHaveLength(1);
      expect(events).toEqual([]);
      expect(resets).toEqual([]);
      loads[0]!.resolve();
      await settle();
      // The reset came between the two: seq 1 after it is new, not a repeat of something before 6.
      expect(events.map((e) => e.key)).toEqual([sc('e-6'), sc('e-new-1')]);
      expect(resets).toEqual(['restart']);
      expect(ids).toEqual(['5', '6', '1']);
      source.notify('2', statusChange('e-new-2', 'TT-1', 'resolved'));
      expect(events.map((e) => e.key)).toEqual([sc('e-6'), sc('e-new-1'), sc('e-new-2')]);
      expect(loads).toHaveLength(1);
    });

    it('when it fails to load, reconnects from the last event handed on, so the replay brings the event again', async () => {
      const { loads, loadReader } = heldLoader();
      const { events, states, clock } = connect({ loadReader, lastEventId: '3' });
      await settle();
      FakeEventSource.latest().notify('4', statusChange('e-4', 'TT-1', 'held'));
      loads[0]!.reject();
      await settle();
      expect(FakeEventSource.latest().closed).toBe(true);
      expect(states.at(-1)).toEqual({ status: 'reconnecting', attempt: 1, delaySeconds: 1 });
      clock.runNext();
      await settle();
      expect(new URL(FakeEventSource.latest().url).searchParams.get('lastEventId')).toBe('3');
      FakeEventSource.latest().notify('4', statusChange('e-4', 'TT-1', 'held'));
      loads[1]!.resolve();
      await settle();
      expect(events.map((e) => e.key)).toEqual([sc('e-4')]);
    });

    it('hands on nothing that waited when the stream stops meanwhile', async () => {
      const { loads, loadReader } = heldLoader();
      const { stream, events } = connect({ loadReader });
      await settle();
      FakeEventSource.latest().notify('1', statusChange('e-1', 'TT-1', 'held'));
      stream.stop();
      loads[0]!.resolve();
      await settle();
      expect(events).toEqual([]);
    });
  });
});

describe('event stream in gateway mode (the session cookie, no stream ticket)', () => {
  function gatewayConnect(ended: () => Promise<boolean>) {
    return connect({
      eventsUrl: '/relay',
      tokenSource: { getAccessToken: () => Promise.resolve(null), sessionEnded: ended },
    });
  }

  it('opens <eventsUrl>/events on this site directly, with nothing to buy and no token', async () => {
    const { requests, states } = gatewayConnect(() => Promise.resolve(false));
    await settle();
    expect(requests).toEqual([]);
    expect(FakeEventSource.latest().url).toBe(`${window.location.origin}/relay/events`);
    FakeEventSource.latest().open();
    expect(states).toEqual([{ status: 'connecting' }, { status: 'live' }]);
  });

  it('a refused or cut stream with the session alive reconnects, resuming from the last event', async () => {
    let asked = 0;
    const { clock } = gatewayConnect(() => {
      asked += 1;
      return Promise.resolve(false);
    });
    await settle();
    FakeEventSource.latest().notify('7', statusChange('e-7', 'TT-1', 'inProgress'));
    await settle();
    FakeEventSource.latest().fail();
    await settle();
    expect(asked).toBe(1);
    expect(clock.delays).toEqual([1_000]);
    clock.runNext();
    await settle();
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.latest().url).toBe(`${window.location.origin}/relay/events?lastEventId=7`);
  });

  it('a stream refused because the session ended (401) stops: no reconnecting, the connection shows off', async () => {
    const { clock, states } = gatewayConnect(() => Promise.resolve(true));
    await settle();
    FakeEventSource.latest().fail();
    await settle();
    expect(FakeEventSource.latest().closed).toBe(true);
    expect(clock.pending).toHaveLength(0);
    expect(states.at(-1)).toEqual({ status: 'off' });
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('when the session cannot be asked (offline), reconnects later as after any cut', async () => {
    const { clock, states } = gatewayConnect(() => Promise.reject(new TypeError('Failed to fetch')));
    await settle();
    FakeEventSource.latest().fail();
    await settle();
    expect(clock.delays).toEqual([1_000]);
    expect(states.at(-1)).toEqual({ status: 'reconnecting', attempt: 1, delaySeconds: 1 });
  });
});
