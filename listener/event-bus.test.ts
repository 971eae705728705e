/** The in-process bus: bounded ring buffer, bounded dedupe, resume from a position with reset on gaps and restarts. */
import { describe, expect, it } from 'vitest';
import { createInProcessBus, type BusMessage, type PublishInput } from './event-bus';

let n = 0;
const input = (eventId: string | undefined = `e-${(n += 1)}`, data = '{"x":1}'): PublishInput => ({
  eventType: 'TroubleTicketStatusChangeEvent',
  eventId,
  receivedAt: '2026-11-22T10:00:00.000Z',
  data,
});

function collect(bus: ReturnType<typeof createInProcessBus>, after: number | undefined) {
  const got: BusMessage[] = [];
  const unsubscribe = bus.subscribe(after, (m) => got.push(m));
  const seqs = () => got.map((m) => (m.kind === 'event' ? m.event.seq : m.reason));
  return { got, seqs, unsubscribe };
}

describe('createInProcessBus', () => {
  it('keeps at most `capacity` events however many are published (10x capacity)', () => {
    const bus = createInProcessBus({ capacity: 100 });
    for (let i = 0; i < 1000; i += 1) {
      bus.publish(input());
      expect(bus.stats().buffered).toBeLessThanOrEqual(100);
    }
    expect(bus.stats()).toMatchObject({ buffered: 100, lastSeq: 1000 });
    // What is left is the newest 100, in order.
    expect(collect(bus, 900).seqs()).toEqual(Array.from({ length: 100 }, (_, i) => 901 + i));
  });

  it('keeps the buffered JSON under maxBytes, evicting the oldest (but always the newest one)', () => {
    const bus = createInProcessBus({ capacity: 100, maxBytes: 1000 });
    for (let i = 0; i < 10; i += 1) bus.publish(input(undefined, 'x'.repeat(300)));
    expect(bus.stats()).toMatchObject({ buffered: 3, bufferedBytes: 900 });
    bus.publish(input(undefined, 'x'.repeat(5000)));
    expect(bus.stats()).toMatchObject({ buffered: 1, bufferedBytes: 5000 });
  });

  it('drops a repeated eventId (publishes it once), and never dedupes events without one', () => {
    const bus = createInProcessBus({ capacity: 10 });
    const live = collect(bus, undefined);
    expect(bus.publish(input('same'))).toEqual({ duplicate: false, seq: 1 });
    expect(bus.publish(input('same'))).toEqual({ duplicate: true, seq: 1 });
    bus.publish(input(undefined));
    bus.publish(input(undefined));
    expect(live.seqs()).toEqual([1, 2, 3]);
  });

  it('remembers only the last `dedupeWindow` eventIds', () => {
    const bus = createInProcessBus({ capacity: 5, dedupeWindow: 3 });
    for (const id of ['a', 'b', 'c', 'd']) bus.publish(input(id));
    expect(bus.publish(input('a')).duplicate).toBe(false);
    expect(bus.publish(input('d')).duplicate).toBe(true);
  });

  it.each([
    ['nothing buffered, from now on', undefined, []],
    ['after 0 with nothing evicted', 0, [1, 2, 3, 4, 5]],
    ['after 3', 3, [4, 5]],
    ['after the newest', 5, []],
    ['after a seq this process never reached (restart)', 9, ['restart', 1, 2, 3, 4, 5]],
  ])('subscribing %s replays %j', (_name, after, expected) => {
    const bus = createInProcessBus({ capacity: 10 });
    for (let i = 0; i < 5; i += 1) bus.publish(input());
    expect(collect(bus, after).seqs()).toEqual(expected);
  });

  it.each([
    [0, ['gap', 6, 7, 8, 9, 10]],
    [4, ['gap', 6, 7, 8, 9, 10]],
    [5, [6, 7, 8, 9, 10]],
  ])('after %i with seq 1-5 evicted replays %j', (after, expected) => {
    const bus = createInProcessBus({ capacity: 5 });
    for (let i = 0; i < 10; i += 1) bus.publish(input());
    expect(collect(bus, after).seqs()).toEqual(expected);
  });

  it('follows new events after the replay, until unsubscribed', () => {
    const bus = createInProcessBus({ capacity: 5 });
    bus.publish(input());
    const sub = collect(bus, 0);
    bus.publish(input());
    sub.unsubscribe();
    bus.publish(input());
    expect(sub.seqs()).toEqual([1, 2]);
    expect(bus.stats().subscribers).toBe(0);
  });

  it.each([0, -1, 1.5])('refuses a capacity of %s', (capacity) => {
    expect(() => createInProcessBus({ capacity })).toThrow('The buffer capacity must be a whole number of 1 or more');
  });
});
