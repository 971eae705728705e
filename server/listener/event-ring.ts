/** The newest events in id order, bounded by count and by characters: the in-process log, and Redis's local mirror. */
import type { RelayedEvent } from './event-bus';

export type EventRingOptions = {
  /** How many events are kept (LISTENER_BUFFER_SIZE). */
  capacity: number;
  /** Upper bound of the kept events' JSON (characters), so that big bodies cannot multiply memory. */
  maxBytes: number;
  /** The position the ring starts at: it covers every position from here on until it evicts. */
  start: number;
};

export type EventRing = {
  /** Appends an event whose id is above every id in the ring; evicts the oldest beyond the bounds. */
  append(event: RelayedEvent): void;
  /** Up to `limit` events with an id above `after`, oldest first. */
  after(after: number, limit: number): RelayedEvent[];
  /** Characters of the events above `after`. */
  pendingBytes(after: number): number;
  /** The newest id, or the start while empty. */
  head(): number;
  /** Positions from here on see every event appended since (nothing was evicted above it). */
  coveredFrom(): number;
  size(): number;
  bytes(): number;
};

type Entry = { event: RelayedEvent; /** characters appended up to and including this event */ total: number };

export function createEventRing({ capacity, maxBytes, start }: EventRingOptions): EventRing {
  if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`The buffer capacity must be a whole number of 1 or more, not ${capacity}`);
  // A plain array with a moving first index: appends at the end, evictions move `first`, compaction is amortised.
  let entries: Entry[] = [];
  let first = 0;
  let appended = 0;
  let evictedTotal = 0;
  let covered = start;
  let head = start;

  const size = () => entries.length - first;

  function evictOldest() {
    const entry = entries[first] as Entry;
    covered = entry.event.id;
    evictedTotal = entry.total;
    entries[first] = undefined as unknown as Entry;
    first += 1;
    if (first > 1024 && first * 2 > entries.length) {
      entries = entries.slice(first);
      first = 0;
    }
  }

  /** Index of the first entry with an id above `after` (entries.length when none). */
  function firstAbove(after: number): number {
    let low = first;
    let high = entries.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((entries[mid] as Entry).event.id <= after) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  return {
    append(event) {
      if (event.id <= head) throw new Error(`Event ids must increase: ${event.id} after ${head}`);
      appended += event.data.length;
      entries.push({ event, total: appended });
      head = event.id;
      if (size() > capacity) evictOldest();
      // Keep at least the newest event even when it alone is over the byte bound.
      while (appended - evictedTotal > maxBytes && size() > 1) evictOldest();
    },
    after(after, limit) {
      const from = firstAbove(after);
      return entries.slice(from, from + limit).map((entry) => entry.event);
    },
    pendingBytes(after) {
      const from = firstAbove(after);
      if (from >= entries.length) return 0;
      return appended - ((entries[from] as Entry).total - (entries[from] as Entry).event.data.length);
    },
    head: () => head,
    coveredFrom: () => covered,
    size,
    bytes: () => appended - evictedTotal,
  };
}
