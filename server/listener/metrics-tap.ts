/**
 * The receiver's metrics read off its log lines (issue 30): the log already sees every event, refusal and stream, so
 * counting there keeps the routes free of a second bookkeeping. Label values come from fixed lists only.
 */
import { listeners } from '../../src/domain/event';
import type { Metrics } from '../metrics';
import type { Logger } from './log';
import type { RedisConnection } from './redis-connection';

/** `troubleTicketStatusChangeEvent` for `/listener/troubleTicketStatusChangeEvent` (and its event type). */
const names = new Map(listeners.map((listener) => [listener.eventType, listener.path.replace('/listener/', '')]));
const known = new Set(names.values());
/** Anything else at /listener/… (a typo, a scanner) is one label, not one per path sent. */
const listenerPathOf = (path: string) => {
  const name = /\/listener\/([^/]+)$/.exec(path)?.[1];
  return name === undefined ? undefined : known.has(name) ? name : 'other';
};

export function withMetrics(log: Logger, metrics: Metrics): Logger {
  return (line) => {
    if (line.kind === 'event') {
      const path = names.get(line.eventType) ?? 'other';
      metrics.eventsReceived.inc({ path });
      metrics.eventsAccepted.inc({ path });
      if (line.outcome === 'duplicate') metrics.eventsDuplicate.inc({ path });
    } else if (line.kind === 'refused' || line.kind === 'failed') {
      const path = listenerPathOf(line.path);
      if (path !== undefined) {
        metrics.eventsReceived.inc({ path });
        metrics.eventsRefused.inc({ path, reason: line.code });
      }
    } else if (line.kind === 'stream' && line.action === 'dropped' && line.reason?.startsWith('slow')) {
      metrics.slowSubscribersDropped.inc();
    }
    log(line);
  };
}

/** The same connection, its commands timed by name (a fixed set: the code's own) and its failures counted. */
export function withRedisMetrics(redis: RedisConnection, metrics: Metrics): RedisConnection {
  const timed = async <T>(command: string, run: () => Promise<T>): Promise<T> => {
    const end = metrics.redisRoundTrip.startTimer({ command });
    try {
      return await run();
    } catch (error) {
      metrics.redisErrors.inc();
      throw error;
    } finally {
      end();
    }
  };
  return {
    ...redis,
    evaluate: (script, keys, args) => timed('EVAL', () => redis.evaluate(script, keys, args)),
    command: (args) => timed(String(args[0]).toUpperCase(), () => redis.command(args)),
    // A blocking read waits on purpose: its time says nothing of Redis; a failure does.
    async blocking<T>(args: readonly string[]) {
      try {
        return await redis.blocking<T>(args);
      } catch (error) {
        metrics.redisErrors.inc();
        throw error;
      }
    },
  };
}
