/** The default log for one receiver: a ring buffer in memory, ids with the start time in them (event-ids.ts). */
import { type EventBus, type PublishResult } from './event-bus';
import { floorAt, nextId } from './event-ids';
import { createEventRing } from './event-ring';

export type InProcessBusOptions = {
  /** How many events are kept for resuming (LISTENER_BUFFER_SIZE). */
  capacity: number;
  /** Upper bound of the buffered events' JSON (default 64 MiB). */
  maxBytes?: number;
  /** How many recent (listener, eventId) pairs are remembered to drop duplicates (default max(capacity, 10,000)). */
  dedupeWindow?: number;
  now?: () => number;
};

export const DEFAULT_MAX_BUFFER_BYTES = 64 * 1024 * 1024;

/** Duplicates are judged per listener: the same eventId on two listeners is two events. */
export const dedupeKeyOf = (eventType: string, eventId: string) => `${eventType}\n${eventId}`;

export function createInProcessBus({ capacity, maxBytes = DEFAULT_MAX_BUFFER_BYTES, dedupeWindow, now = Date.now }: InProcessBusOptions): EventBus {
  // This process's epoch: a position below it was given by an earlier process (a restart), never by this one.
  const floor = floorAt(now());
  const ring = createEventRing({ capacity, maxBytes, start: floor });
  const window = dedupeWindow ?? Math.max(capacity, 10_000);
  // A Map iterates in insertion order, so the oldest key is the first: a bounded FIFO set (keys are bounded too).
  const recent = new Map<string, number>();
  const listeners = new Set<() => void>();

  return {
    kind: 'in-process',
    async publish(input): Promise<PublishResult> {
      const key = input.eventId === undefined ? undefined : dedupeKeyOf(input.eventType, input.eventId);
      if (key !== undefined) {
        const seen = recent.get(key);
        if (seen !== undefined) return { duplicate: true, id: seen };
      }
      const id = nextId(ring.head(), now());
      ring.append({ ...input, id });
      if (key !== undefined) {
        recent.set(key, id);
        if (recent.size > window) recent.delete(recent.keys().next().value as string);
      }
      for (const listener of [...listeners]) listener();
      return { duplicate: false, id };
    },
    head: () => ring.head(),
    async read(after, limit) {
      // Before this process's epoch, or beyond its newest: not one of our positions, so everything here is new to it.
      if (after < floor || after > ring.head()) {
        const events = ring.after(-1, limit);
        return { reset: 'restart', events, cursor: events.at(-1)?.id ?? ring.head() };
      }
      if (after < ring.coveredFrom()) {
        const events = ring.after(-1, limit);
        return { reset: 'gap', events, cursor: events.at(-1)?.id ?? ring.head() };
      }
      const events = ring.after(after, limit);
      return { events, cursor: events.at(-1)?.id ?? after };
    },
    pendingBytes: (after) => ring.pendingBytes(after),
    onAppend(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    ready: async () => true,
    close: async () => {
      listeners.clear();
    },
    stats: () => ({ buffered: ring.size(), bufferedBytes: ring.bytes(), head: ring.head() }),
  };
}
