/** The fan-out seam: accepted events go in with publish, relays read them with subscribe. In-process by default. */

/** One accepted event as it is relayed. `data` is the SSE message's JSON, serialised once for every subscriber. */
export type RelayedEvent = {
  /** Receiver-wide sequence number, increasing from 1 (the SSE `id`). */
  seq: number;
  eventType: string;
  /** The envelope's eventId; undefined for a body-optional listener POSTed without a body. */
  eventId: string | undefined;
  receivedAt: string;
  data: string;
};

export type PublishInput = Omit<RelayedEvent, 'seq'>;

/** What a subscriber receives: events in seq order, or a reset when events after its position may be missing. */
export type BusMessage = { kind: 'event'; event: RelayedEvent } | { kind: 'reset'; reason: 'gap' | 'restart' };

export type PublishResult = { duplicate: false; seq: number } | { duplicate: true; seq: number | undefined };

/**
 * A broker (Redis streams, NATS JetStream) can stand behind the same three calls: publish appends, subscribe replays
 * from a position and then follows, and the bus, not the relay, knows whether a position is still covered.
 */
export type EventBus = {
  /** Appends an event unless its eventId was seen recently (then `duplicate`, nothing is relayed). */
  publish(input: PublishInput): PublishResult;
  /**
   * `after` undefined: only events published from now on. A number: first every buffered event with a larger seq
   * (after a `reset` when some may be missing; after a `restart` reset, all buffered ones), then new ones. Returns the unsubscribe function.
   */
  subscribe(after: number | undefined, handler: (message: BusMessage) => void): () => void;
  stats(): { buffered: number; bufferedBytes: number; subscribers: number; lastSeq: number };
};

export type InProcessBusOptions = {
  /** How many events are kept for resuming (LISTENER_BUFFER_SIZE). */
  capacity: number;
  /** Upper bound of the buffered events' JSON, so that big bodies cannot multiply memory (default 64 MiB). */
  maxBytes?: number;
  /** How many recent eventIds are remembered to drop duplicates (default max(capacity, 10,000)). */
  dedupeWindow?: number;
};

export const DEFAULT_MAX_BUFFER_BYTES = 64 * 1024 * 1024;

/** A ring buffer of the last `capacity` events and a bounded set of recent eventIds. */
export function createInProcessBus({ capacity, maxBytes = DEFAULT_MAX_BUFFER_BYTES, dedupeWindow }: InProcessBusOptions): EventBus {
  if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`The buffer capacity must be a whole number of 1 or more, not ${capacity}`);
  const ring: (RelayedEvent | undefined)[] = new Array<RelayedEvent | undefined>(capacity);
  let lastSeq = 0;
  let count = 0;
  let bytes = 0;
  const window = dedupeWindow ?? Math.max(capacity, 10_000);
  // A Map iterates in insertion order, so the oldest eventId is the first key: a bounded FIFO set.
  const recentIds = new Map<string, number>();
  const handlers = new Set<(message: BusMessage) => void>();

  const at = (seq: number) => ring[(seq - 1) % capacity];
  const oldestSeq = () => lastSeq - count + 1;

  function evictOldest() {
    const index = (oldestSeq() - 1) % capacity;
    bytes -= ring[index]?.data.length ?? 0;
    ring[index] = undefined;
    count -= 1;
  }

  return {
    publish(input) {
      if (input.eventId !== undefined) {
        const seen = recentIds.get(input.eventId);
        if (seen !== undefined) return { duplicate: true, seq: seen };
      }
      if (count === capacity) evictOldest();
      lastSeq += 1;
      const event: RelayedEvent = { ...input, seq: lastSeq };
      ring[(lastSeq - 1) % capacity] = event;
      count += 1;
      bytes += event.data.length;
      // Keep at least the newest event even when it alone is over the byte bound.
      while (bytes > maxBytes && count > 1) evictOldest();
      if (input.eventId !== undefined) {
        recentIds.set(input.eventId, lastSeq);
        if (recentIds.size > window) recentIds.delete(recentIds.keys().next().value as string);
      }
      for (const handler of handlers) handler({ kind: 'event', event });
      return { duplicate: false, seq: lastSeq };
    },

    subscribe(after, handler) {
      if (after !== undefined) {
        // After a restart the client's position lies beyond our newest; after an overflow, before our oldest.
        if (after > lastSeq) handler({ kind: 'reset', reason: 'restart' });
        else if (after < oldestSeq() - 1) handler({ kind: 'reset', reason: 'gap' });
        // After a restart every buffered event is one the client has not seen (it came from this process).
        const from = after > lastSeq ? oldestSeq() : Math.max(after + 1, oldestSeq());
        for (let seq = from; seq <= lastSeq; seq += 1) {
          const event = at(seq);
          if (event) handler({ kind: 'event', event });
        }
      }
      handlers.add(handler);
      return () => {
        handlers.delete(handler);
      };
    },

    stats: () => ({ buffered: count, bufferedBytes: bytes, subscribers: handlers.size, lastSeq }),
  };
}
