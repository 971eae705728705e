/** The receiver's two Redis connections (commands, and one for the blocking stream read) and its key names. */
import { createHash } from 'node:crypto';
import { createClient } from '@redis/client';
import type { Logger } from './log';

export type RedisKeys = {
  stream: string;
  head: string;
  floor: string;
  /** The duplicate window: one sorted set of recent (listener, eventId) hashes, scored by their event's id. */
  seen: string;
  /** A (listener, eventId) pair's member in it. */
  seenMember(dedupeKey: string): string;
  ticket(ticket: string): string;
  ticketsOf(owner: string): string;
  tickets: string;
  /** An agent's open streams (sorted set: stream id by last heartbeat) and its relay session's start (decision 0053). */
  streamsOf(subject: string): string;
  sinceOf(subject: string): string;
};

/**
 * Every key starts with the prefix; its default `{trouble-ticket-desk}` is a hash tag, so on a Redis Cluster all
 * keys of one deployment live in one slot, as the Lua scripts need.
 */
export function redisKeys(prefix: string): RedisKeys {
  // Hashed: a key's length does not depend on what a sender or a browser chose, and no ticket is stored as itself.
  const hash = (text: string) => createHash('sha256').update(text).digest('base64url');
  return {
    stream: `${prefix}:events`,
    head: `${prefix}:head`,
    floor: `${prefix}:floor`,
    seen: `${prefix}:recent-events`,
    seenMember: (dedupeKey) => hash(dedupeKey),
    ticket: (ticket) => `${prefix}:ticket:${hash(ticket)}`,
    ticketsOf: (owner) => `${prefix}:tickets-of:${owner}`,
    tickets: `${prefix}:tickets`,
    streamsOf: (subject) => `${prefix}:streams-of:${hash(subject)}`,
    sinceOf: (subject) => `${prefix}:since-of:${hash(subject)}`,
  };
}

export type RedisConnection = {
  /** Runs a Lua script (redis-scripts.ts) with its keys and arguments. */
  evaluate<T>(script: string, keys: readonly string[], args: readonly string[]): Promise<T>;
  command<T>(args: readonly string[]): Promise<T>;
  /** For XREAD BLOCK only: a blocking read would hold up every other command on a shared connection. */
  blocking<T>(args: readonly string[]): Promise<T>;
  isReady(): boolean;
  close(): Promise<void>;
};

/** Connects in the background and reconnects for ever (backing off to 2 s); commands fail at once while it is down. */
export function connectRedis(url: string, log: Logger): RedisConnection {
  const client = createClient({
    url,
    // Fail at once while disconnected: the receiver answers 503 and the sender retries, rather than waiting.
    disableOfflineQueue: true,
    socket: { connectTimeout: 2000, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2000) },
  });
  const reader = client.duplicate();
  for (const [name, c] of [['commands', client], ['stream reader', reader]] as const) {
    let down = false;
    c.on('error', (error: Error) => {
      // Said once per outage, not once per retry.
      if (down) return;
      down = true;
      // A failure, found by the guide's monitoring (`"level":"error"`); its return is said at info.
      log({ kind: 'info', level: 'error', message: `Redis (${name}): ${error.message}; reconnecting` });
    });
    c.on('ready', () => {
      if (down) log({ kind: 'info', message: `Redis (${name}): connected again` });
      down = false;
    });
    c.connect().catch(() => {
      // The error handler above has said it; the reconnect strategy keeps trying.
    });
  }

  return {
    evaluate: (script, keys, args) => client.sendCommand(['EVAL', script, String(keys.length), ...keys, ...args]) as Promise<never>,
    command: (args) => client.sendCommand(args) as Promise<never>,
    blocking: (args) => reader.sendCommand(args) as Promise<never>,
    isReady: () => client.isReady && reader.isReady,
    async close() {
      reader.destroy();
      await client.close().catch(() => client.destroy());
    },
  };
}
