/**
 * The log on Redis Streams (REDIS_URL): every receiver appends to one stream and reads it, so a browser on any
 * receiver gets every event, once, and ids and duplicates outlive restarts (decision 0030). Each receiver tails the
 * stream into a local mirror (one blocking read per receiver, not per browser) and reads older positions from Redis.
 */
import { BusUnavailableError, type EventBus, type PublishResult, type ReadResult, type RelayedEvent } from './event-bus';
import { idOfStreamId, streamIdOf } from './event-ids';
import { createEventRing, type EventRing } from './event-ring';
import { dedupeKeyOf, DEFAULT_MAX_BUFFER_BYTES } from './in-process-bus';
import type { RedisConnection, RedisKeys } from './redis-connection';
import { INIT, PUBLISH, READ } from './redis-scripts';
import { thinRelayData } from './thin-event';

export type RedisBusOptions = {
  redis: RedisConnection;
  keys: RedisKeys;
  /** The stream's length and the local mirror's capacity (LISTENER_BUFFER_SIZE). */
  capacity: number;
  maxBytes?: number;
  /** How long a (listener, eventId) pair is remembered as received (the duplicate window; fractions for tests). */
  dedupeSeconds: number;
};

type Entry = [string, string[]];

function eventOf([streamId, fields]: Entry): RelayedEvent {
  const field = (name: string) => fields[fields.indexOf(name) + 1] ?? '';
  const eventId = field('eventId');
  return { id: idOfStreamId(streamId), eventType: field('eventType'), eventId: eventId === '' ? undefined : eventId, receivedAt: field('receivedAt'), data: field('data') };
}

/** XREAD's answer: nil on timeout; per stream its entries, as pairs (RESP2) or, as the client maps it, an object. */
type StreamsReply = null | [string, Entry[]][] | Record<string, Entry[]>;

const entriesOf = (reply: StreamsReply): Entry[] => (reply === null ? [] : Array.isArray(reply) ? (reply[0]?.[1] ?? []) : (Object.values(reply)[0] ?? []));

const READ_BATCH = 500;
const BLOCK_MS = 1000;

export function createRedisBus({ redis, keys, capacity, maxBytes = DEFAULT_MAX_BUFFER_BYTES, dedupeSeconds }: RedisBusOptions): EventBus {
  let mirror: EventRing | undefined;
  let floor = 0;
  let closed = false;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  /** (Re)loads the newest events and the epoch: at start and after every lost connection (Redis may have restarted empty). */
  async function seed(): Promise<EventRing> {
    const [floorText, headText] = await redis.evaluate<[string, string]>(INIT, [keys.floor, keys.head], []);
    const newest = (await redis.command<Entry[]>(['XREVRANGE', keys.stream, '+', '-', 'COUNT', String(capacity)])).map(eventOf).reverse();
    const ring = createEventRing({ capacity, maxBytes, start: newest.length ? (newest[0] as RelayedEvent).id - 1 : Number(headText) });
    for (const event of newest) ring.append(event);
    floor = Number(floorText);
    return ring;
  }

  async function tail(): Promise<void> {
    while (!closed) {
      try {
        if (!mirror) {
          mirror = await seed();
          notify();
        }
        const reply = await redis.blocking<StreamsReply>(['XREAD', 'COUNT', String(READ_BATCH), 'BLOCK', String(BLOCK_MS), 'STREAMS', keys.stream, streamIdOf(mirror.head())]);
        const entries = entriesOf(reply);
        for (const entry of entries) mirror.append(eventOf(entry));
        if (entries.length) notify();
      } catch {
        if (closed) return;
        // Reload after the outage: the stream may have restarted, and then old positions must get a reset.
        mirror = undefined;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }
  void tail();

  const available = (): EventRing => {
    if (!mirror || !redis.isReady()) throw new BusUnavailableError('Redis is not reachable');
    return mirror;
  };

  return {
    kind: 'redis',
    shared: { redis, keys },
    async publish(input): Promise<PublishResult> {
      available();
      try {
        const [duplicate, id] = await redis.evaluate<[number, string]>(PUBLISH, [keys.stream, keys.head, keys.floor, keys.seen], [
          String(capacity),
          String(Math.max(1, Math.round(dedupeSeconds * 1000))),
          input.eventType,
          input.eventId ?? '',
          input.receivedAt,
          // Stored as every stream sends it, thin (decision 0053): no contact media, names or free text lie in Redis.
          thinRelayData(input.data),
          keys.seenMember(dedupeKeyOf(input.eventType, input.eventId ?? '')),
        ]);
        return { duplicate: duplicate === 1, id: Number(id) };
      } catch (error) {
        throw new BusUnavailableError(`Redis refused the event: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    head: () => mirror?.head() ?? floor,
    async read(after, limit): Promise<ReadResult> {
      const ring = available();
      // The mirror serves every position it covers; older ones, and ones it has not tailed yet, are Redis's to judge.
      if (after >= ring.coveredFrom() && after <= ring.head() && after >= floor) {
        const events = ring.after(after, limit);
        return { events, cursor: events.at(-1)?.id ?? after };
      }
      let reply: [string, string, Entry[]];
      try {
        reply = await redis.evaluate<[string, string, Entry[]]>(READ, [keys.stream, keys.head, keys.floor], [String(after), String(limit)]);
      } catch (error) {
        throw new BusUnavailableError(`Redis could not be read: ${error instanceof Error ? error.message : String(error)}`);
      }
      const [reset, head, entries] = reply;
      const events = entries.map(eventOf);
      if (reset === 'gap' || reset === 'restart') return { reset, events, cursor: events.at(-1)?.id ?? Number(head) };
      return { events, cursor: events.at(-1)?.id ?? after };
    },
    pendingBytes: (after) => mirror?.pendingBytes(after) ?? 0,
    onAppend(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async ready() {
      if (!mirror || !redis.isReady()) return false;
      try {
        return (await Promise.race([redis.command<string>(['PING']), new Promise<string>((resolve) => setTimeout(resolve, 1000, 'timeout'))])) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      closed = true;
      listeners.clear();
      await redis.close();
    },
    stats: () => ({ buffered: mirror?.size() ?? 0, bufferedBytes: mirror?.bytes() ?? 0, head: mirror?.head() ?? floor }),
  };
}
