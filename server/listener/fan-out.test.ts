/**
 * One frame for all (issue 42): with many streams open, each event is read from the log once per receiver, not once
 * per stream; a stream that cannot keep up is reset and catches up from the log with its last id.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listeners, type Listener } from '../../src/domain/event';
import type { EventBus } from './event-bus';
import { createFanOut, PASS_INTERVAL_MS, type LiveStream } from './fan-out';
import { createInProcessBus } from './in-process-bus';
import { envelopeFor, idAt, relayHarness, sseReader, T0, until } from '../testing/listener-helpers';
import { closeAll, serveApp } from '../testing/upstream';

afterEach(closeAll);

const status = listeners.find((l) => l.eventType === 'TroubleTicketStatusChangeEvent') as Listener;

/** The in-process log, counting what is read from it. */
function countingBus() {
  const bus = createInProcessBus({ capacity: 1000, now: () => T0 });
  const counted = { reads: 0 };
  const wrapped: EventBus = {
    ...bus,
    read(after, limit) {
      counted.reads += 1;
      return bus.read(after, limit);
    },
  };
  return { bus: wrapped, counted };
}

/** A live stream that notes each write as the ids it holds. */
function writesOf(cursor: number) {
  const writes: number[][] = [];
  const live: LiveStream = {
    cursor,
    sinceId: 0,
    deliver(frame) {
      writes.push([...new TextDecoder().decode(frame).matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1])));
      return true;
    },
    behind() {},
  };
  return { live, writes };
}

const publishOne = (bus: EventBus, n: number) =>
  bus.publish({ eventType: status.eventType, eventId: `spaced-${n}`, receivedAt: '2026-11-22T10:00:00.000Z', data: '{}' });

describe('one frame for all', () => {
  it('reads each event from the log once for 50 live streams, and every stream gets every event once, in order', async () => {
    const { bus, counted } = countingBus();
    const { open, post } = relayHarness({ bus, maxStreamsPerAgent: 50 });
    const streams = [];
    for (let i = 0; i < 50; i += 1) streams.push(await open());
    // Each stream read the log once to catch up, and is live.
    await until(() => counted.reads >= 50, 'every stream caught up');
    const before = counted.reads;
    for (let i = 0; i < 10; i += 1) expect((await post(status, envelopeFor(status))).status).toBe(204);
    for (const stream of streams) expect((await stream.events(10)).map((m) => m.id)).toEqual(Array.from({ length: 10 }, (_, k) => idAt(k + 1)));
    // Without the fan-out, each stream read the log once per event: 500 reads or more.
    expect(counted.reads - before).toBeLessThanOrEqual(10);
    for (const stream of streams) await stream.close();
  });

  it('resets a stream that cannot keep up, and its reconnect with Last-Event-ID catches up from the log, nothing lost', async () => {
    // Each event is awaited before the next is posted: passes at once, not spaced (spacing is tested below).
    const { app, ticket, open, post, stats, lines } = relayHarness({ subscriberMaxBytes: 65_536, maxStreamsPerAgent: 5, fanOutPassMs: 0 });
    const reader = await open();
    const slow = await app.request(`/relay/events?ticket=${await ticket()}`);
    expect(stats().subscribers).toBe(2);
    let posted = 0;
    while (stats().subscribers === 2) {
      await post(status, envelopeFor(status));
      posted += 1;
      // The reading stream keeps up all along.
      expect((await reader.events(1))[0]?.id).toBe(idAt(posted));
    }
    expect(lines).toContainEqual(expect.objectContaining({ kind: 'stream', action: 'dropped', reason: expect.stringMatching(/^slow: \d+ bytes of events waiting/) }));
    await expect(slow.body?.getReader().read()).rejects.toThrow();
    // The slow client had read up to its hello; it comes back with that id and gets every event from the log.
    for (let i = 0; i < 3; i += 1) await post(status, envelopeFor(status));
    const back = await open('', { 'Last-Event-ID': String(T0 * 100) });
    const caughtUp = await back.events(posted + 3);
    expect(caughtUp.map((m) => m.id)).toEqual(Array.from({ length: posted + 3 }, (_, k) => idAt(k + 1)));
    expect(caughtUp.every((m) => m.event === 'notification')).toBe(true);
    await back.close();
    await reader.close();
  });

  it('queues a burst on each live stream as one write, in order; a stream that had part of it is sent the rest', async () => {
    const bus = createInProcessBus({ capacity: 1000, now: () => T0 });
    const fanOut = createFanOut(bus, () => {}, { passIntervalMs: 0 });
    const head = bus.head();
    const fresh = writesOf(head);
    const partly = writesOf(head + 2);
    fanOut.join(fresh.live);
    fanOut.join(partly.live);
    // Five events in one turn: the fan-out reads them as one batch.
    await Promise.all(Array.from({ length: 5 }, (_, i) => bus.publish({ eventType: status.eventType, eventId: `burst-${i}`, receivedAt: '2026-11-22T10:00:00.000Z', data: '{}' })));
    const ids = Array.from({ length: 5 }, (_, k) => head + k + 1);
    await until(() => fresh.writes.flat().length === 5 && partly.writes.flat().length === 3, 'the burst was delivered');
    expect(fresh.writes).toEqual([ids]);
    expect(partly.writes).toEqual(ids.slice(2).map((id) => [id]));
  });

  it('served by Node (frames written to the Node response): streams replaying and live get every event once, in order', async () => {
    const { app, post, ticket } = relayHarness({ maxStreamsPerAgent: 20 });
    const served = await serveApp(app);
    for (let i = 0; i < 150; i += 1) await post(status, envelopeFor(status));
    // Half resume from the start (a replay of 150, then live), half from now (live at once).
    const streams = [];
    for (let i = 0; i < 10; i += 1) {
      const from = i % 2 ? '' : `&lastEventId=${T0 * 100}`;
      const res = await fetch(`${served.url}/relay/events?ticket=${await ticket()}${from}`);
      expect(res.status).toBe(200);
      streams.push({ reader: sseReader(res), replays: !from ? 0 : 150 });
    }
    const live = Promise.all(streams.map(async ({ reader, replays }) => {
      const [hello] = await reader.events(1);
      expect(hello?.event).toBe('hello');
      return (await reader.events(replays + 100)).map((m) => m.id);
    }));
    for (let i = 0; i < 100; i += 1) await post(status, envelopeFor(status));
    const seen = await live;
    streams.forEach(({ replays }, i) => {
      expect(seen[i]).toEqual(Array.from({ length: replays + 100 }, (_, k) => idAt(150 - replays + k + 1)));
    });
    for (const { reader } of streams) await reader.close();
  });

  describe(`passes spaced by ${PASS_INTERVAL_MS} ms: events that come close together share each stream's write`, () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    /** A fan-out on the in-process log with a clock the test moves, and its timers under the test's hand. */
    function spaced() {
      vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate'] });
      const clock = { now: 1_000_000 };
      const bus = createInProcessBus({ capacity: 1000, now: () => T0 });
      const fanOut = createFanOut(bus, () => {}, { now: () => clock.now });
      const head = bus.head();
      const stream = writesOf(head);
      fanOut.join(stream.live);
      /** Lets time pass: the clock and the timers together. */
      const pass = async (ms: number) => {
        clock.now += ms;
        await vi.advanceTimersByTimeAsync(ms);
      };
      return { bus, stream, pass, id: (n: number) => head + n };
    }

    it('sends the first event after a quiet spell at once, and the next ones that come within the interval in one write at its end', async () => {
      const { bus, stream, pass, id } = spaced();
      await publishOne(bus, 1);
      await pass(0);
      expect(stream.writes).toEqual([[id(1)]]);
      // Two more, 50 ms apart, both within the interval of the first pass: they wait for the next one.
      await pass(50);
      await publishOne(bus, 2);
      await pass(50);
      await publishOne(bus, 3);
      await pass(PASS_INTERVAL_MS - 101);
      expect(stream.writes).toEqual([[id(1)]]);
      await pass(1);
      expect(stream.writes).toEqual([[id(1)], [id(2), id(3)]]);
      // Quiet for longer than the interval: the next event goes at once again.
      await pass(PASS_INTERVAL_MS);
      await publishOne(bus, 4);
      await pass(0);
      expect(stream.writes).toEqual([[id(1)], [id(2), id(3)], [id(4)]]);
    });

    it('reads a backlog of more than a batch on at once, in batches, not one batch per interval', async () => {
      const { bus, stream, pass, id } = spaced();
      await Promise.all(Array.from({ length: 250 }, (_, n) => publishOne(bus, n + 1)));
      // 10 ms, far less than the interval: the steps' yields to the event loop run, a spaced pass would not.
      for (let turn = 0; turn < 10; turn += 1) await pass(1);
      expect(stream.writes.flat()).toEqual(Array.from({ length: 250 }, (_, n) => id(n + 1)));
      expect(stream.writes.map((write) => write.length)).toEqual([100, 100, 50]);
    });
  });
});
