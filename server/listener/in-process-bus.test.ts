/** The in-process log: bounded by count and characters, duplicates per listener, epoch ids, resets on gaps and restarts. */
import { describe, expect, it } from 'vitest';
import type { PublishInput, ReadResult } from './event-bus';
import { floorAt } from './event-ids';
import { createInProcessBus } from './in-process-bus';

let n = 0;
const input = (eventId: string | undefined = `e-${(n += 1)}`, data = '{"x":1}', eventType = 'TroubleTicketStatusChangeEvent'): PublishInput => ({
  eventType,
  eventId,
  receivedAt: '2026-11-22T10:00:00.000Z',
  data,
});

const T0 = Date.parse('2026-11-22T10:00:00Z');
/** A clock that stands still unless moved: ids then count up from the epoch one by one. */
function clock(start = T0) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

const shape = (result: ReadResult, floor: number) => [...(result.reset ? [result.reset] : []), ...result.events.map((e) => e.id - floor)];

async function publishMany(bus: ReturnType<typeof createInProcessBus>, count: number, data?: string) {
  for (let i = 0; i < count; i += 1) await bus.publish(input(undefined, data));
}

describe('createInProcessBus', () => {
  it('gives ids from its start time on: time in ms × 100 + n, the newest being the head', async () => {
    const bus = createInProcessBus({ capacity: 10, now: clock().now });
    expect(bus.head()).toBe(floorAt(T0));
    expect(await bus.publish(input())).toEqual({ duplicate: false, id: floorAt(T0) + 1 });
    expect(await bus.publish(input())).toEqual({ duplicate: false, id: floorAt(T0) + 2 });
    expect(bus.head()).toBe(floorAt(T0) + 2);
  });

  it('follows the clock when it is ahead of the counter', async () => {
    const c = clock();
    const bus = createInProcessBus({ capacity: 10, now: c.now });
    await bus.publish(input());
    c.advance(5);
    expect((await bus.publish(input())).id).toBe(floorAt(T0 + 5));
  });

  it('keeps at most `capacity` events however many are published (10x capacity)', async () => {
    const bus = createInProcessBus({ capacity: 100, now: clock().now });
    for (let i = 0; i < 1000; i += 1) {
      await bus.publish(input());
      expect(bus.stats().buffered).toBeLessThanOrEqual(100);
    }
    expect(bus.stats()).toMatchObject({ buffered: 100, head: floorAt(T0) + 1000 });
    expect(shape(await bus.read(floorAt(T0) + 900, 1000), floorAt(T0))).toEqual(Array.from({ length: 100 }, (_, i) => 901 + i));
  });

  it('keeps the buffered JSON under maxBytes, evicting the oldest (but always the newest one)', async () => {
    const bus = createInProcessBus({ capacity: 100, maxBytes: 1000, now: clock().now });
    await publishMany(bus, 10, 'x'.repeat(300));
    expect(bus.stats()).toMatchObject({ buffered: 3, bufferedBytes: 900 });
    await bus.publish(input(undefined, 'x'.repeat(5000)));
    expect(bus.stats()).toMatchObject({ buffered: 1, bufferedBytes: 5000 });
  });

  it('drops a repeated eventId on the same listener, not on another listener, and never dedupes events without one', async () => {
    const bus = createInProcessBus({ capacity: 10, now: clock().now });
    const first = await bus.publish(input('same'));
    expect(await bus.publish(input('same'))).toEqual({ duplicate: true, id: first.id });
    expect((await bus.publish(input('same', '{}', 'TroubleTicketCreateEvent'))).duplicate).toBe(false);
    expect((await bus.publish(input(undefined))).duplicate).toBe(false);
    expect((await bus.publish(input(undefined))).duplicate).toBe(false);
    expect(bus.stats().buffered).toBe(4);
  });

  it('remembers only the last `dedupeWindow` eventIds', async () => {
    const bus = createInProcessBus({ capacity: 5, dedupeWindow: 3, now: clock().now });
    for (const id of ['a', 'b', 'c', 'd']) await bus.publish(input(id));
    expect((await bus.publish(input('a'))).duplicate).toBe(false);
    expect((await bus.publish(input('d'))).duplicate).toBe(true);
  });

  it.each([
    ['the epoch (a hello before any event)', 0, [1, 2, 3, 4, 5]],
    ['after 3', 3, [4, 5]],
    ['after the newest', 5, []],
    ['after an id beyond the newest', 9, ['restart', 1, 2, 3, 4, 5]],
    ['before the epoch (a position of an earlier process)', -1, ['restart', 1, 2, 3, 4, 5]],
  ])('reading from %s gives %j', async (_name, after, expected) => {
    const bus = createInProcessBus({ capacity: 10, now: clock().now });
    await publishMany(bus, 5);
    expect(shape(await bus.read(floorAt(T0) + after, 100), floorAt(T0))).toEqual(expected);
  });

  it.each([
    [0, ['gap', 6, 7, 8, 9, 10]],
    [4, ['gap', 6, 7, 8, 9, 10]],
    [5, [6, 7, 8, 9, 10]],
  ])('after %i with 1-5 evicted gives %j', async (after, expected) => {
    const bus = createInProcessBus({ capacity: 5, now: clock().now });
    await publishMany(bus, 10);
    expect(shape(await bus.read(floorAt(T0) + after, 100), floorAt(T0))).toEqual(expected);
  });

  it('reads at most `limit` events and says where to go on, also after a reset', async () => {
    const bus = createInProcessBus({ capacity: 10, now: clock().now });
    await publishMany(bus, 5);
    const first = await bus.read(0, 2);
    expect(shape(first, floorAt(T0))).toEqual(['restart', 1, 2]);
    const rest = await bus.read(first.cursor, 10);
    expect(shape(rest, floorAt(T0))).toEqual([3, 4, 5]);
    expect(rest.cursor).toBe(bus.head());
  });

  it('tells a position of the process before a restart apart from its own: 9 events there, 12 here', async () => {
    const before = createInProcessBus({ capacity: 100, now: clock(T0).now });
    await publishMany(before, 9);
    const position = before.head();
    const after = createInProcessBus({ capacity: 100, now: clock(T0 + 60_000).now });
    await publishMany(after, 12);
    const result = await after.read(position, 100);
    expect(result.reset).toBe('restart');
    expect(result.events).toHaveLength(12);
  });

  it('counts the characters waiting after a position', async () => {
    const bus = createInProcessBus({ capacity: 10, now: clock().now });
    await publishMany(bus, 3, 'x'.repeat(100));
    expect(bus.pendingBytes(floorAt(T0))).toBe(300);
    expect(bus.pendingBytes(floorAt(T0) + 2)).toBe(100);
    expect(bus.pendingBytes(bus.head())).toBe(0);
  });

  it('tells its listeners about every append until they unsubscribe', async () => {
    const bus = createInProcessBus({ capacity: 5, now: clock().now });
    let calls = 0;
    const stop = bus.onAppend(() => (calls += 1));
    await bus.publish(input());
    await bus.publish(input());
    stop();
    await bus.publish(input());
    expect(calls).toBe(2);
  });

  it.each([0, -1, 1.5])('refuses a capacity of %s', (capacity) => {
    expect(() => createInProcessBus({ capacity })).toThrow('The buffer capacity must be a whole number of 1 or more');
  });
});
