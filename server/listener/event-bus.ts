/** The fan-out seam: accepted events go in with publish, every relay reads them from a position. In-process or Redis. */
import type { RedisConnection, RedisKeys } from './redis-connection';

/** One accepted event as it is relayed. `data` is the SSE message's JSON, serialised once for every subscriber. */
export type RelayedEvent = {
  /** The SSE `id`: increasing, and never given twice by the same log, across restarts too (event-ids.ts). */
  id: number;
  eventType: string;
  /** The envelope's eventId; undefined for a body-optional listener POSTed without a body. */
  eventId: string | undefined;
  receivedAt: string;
  data: string;
};

export type PublishInput = Omit<RelayedEvent, 'id'>;

/** A duplicate (same listener, same eventId, seen recently) is not appended; `id` is the original's when known. */
export type PublishResult = { duplicate: boolean; id: number | undefined };

/** gap: events after the position were dropped from the log; restart: the position is not one of this log's. */
export type ResetReason = 'gap' | 'restart';

/**
 * What a subscriber reads after its position: a reset when some events after it may be missing (then the log's
 * oldest events follow), at most `limit` events in id order, and the position to read from next.
 */
export type ReadResult = { reset?: ResetReason; events: RelayedEvent[]; cursor: number };

export type BusStats = { buffered: number; bufferedBytes: number; head: number };

/**
 * Every relay reads the log itself (pull), so a subscriber costs a position, not a queue: a slow one holds nothing
 * but the message being written to it, and is dropped when more than a bound of bytes waits for it (relay.ts).
 */
export type EventBus = {
  readonly kind: 'in-process' | 'redis';
  /** The Redis the log lives in, so that what else the relay counts is shared by every receiver too (agent-streams.ts). */
  readonly shared?: { redis: RedisConnection; keys: RedisKeys };
  /** Appends an event unless its listener and eventId were seen recently. Throws when the broker is unreachable. */
  publish(input: PublishInput): Promise<PublishResult>;
  /** The newest id this receiver knows of: a stream's `hello`, and where a subscriber without a position starts. */
  head(): number;
  /** Events after `after` (see ReadResult). Throws when the broker is unreachable. */
  read(after: number, limit: number): Promise<ReadResult>;
  /** Characters of the events after `after` that this receiver holds: what waits for a subscriber at that position. */
  pendingBytes(after: number): number;
  /** Called whenever events were appended (to this receiver's view of the log); returns the unsubscribe function. */
  onAppend(listener: () => void): () => void;
  /** True when events can be published and read (the broker answers). */
  ready(): Promise<boolean>;
  close(): Promise<void>;
  stats(): BusStats;
};

/** Thrown by publish/read when the broker cannot be reached: the receiver answers 503 and the sender retries. */
export class BusUnavailableError extends Error {
  override name = 'BusUnavailableError';
}
