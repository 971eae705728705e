/** Open streams per agent and relay session starts in Redis, shared by every receiver (agent-streams.ts, decision 0053). */
import { randomBytes } from 'node:crypto';
import { PRESENCE_MS, retryAfterOf, type AgentStreams } from './agent-streams';
import type { RedisConnection, RedisKeys } from './redis-connection';
import { BEAT_STREAM, OPEN_STREAM, SINCE } from './redis-scripts';

export type RedisAgentStreamOptions = { redis: RedisConnection; keys: RedisKeys; max: number; staleMs: number; presenceMs?: number };

export function createRedisAgentStreams({ redis, keys, max, staleMs, presenceMs = PRESENCE_MS }: RedisAgentStreamOptions): AgentStreams {
  return {
    async since(subject) {
      return Number(await redis.evaluate<string>(SINCE, [keys.sinceOf(subject)], [String(presenceMs)]));
    },
    async open(subject) {
      const id = randomBytes(12).toString('base64url');
      const streams = keys.streamsOf(subject);
      const [opened, waitMs] = await redis.evaluate<[number, number]>(OPEN_STREAM, [streams], [String(staleMs), String(max), id]);
      if (opened !== 1) return { retryAfterSeconds: retryAfterOf(Number(waitMs)) };
      let released = false;
      return {
        slot: {
          async beat() {
            if (!released) await redis.evaluate(BEAT_STREAM, [streams, keys.sinceOf(subject)], [String(staleMs), String(presenceMs), id]);
          },
          async release() {
            if (released) return;
            released = true;
            await redis.command(['ZREM', streams, id]);
          },
        },
      };
    },
  };
}
