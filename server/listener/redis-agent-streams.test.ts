/**
 * Streams per agent counted in Redis across receivers (decision 0053), with a real redis-server: the N+1st stream of
 * one agent is refused whichever receiver it reaches, and the streams of a receiver that died age out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorMessage } from '../../src/domain/error';
import { createListenerApp, type ListenerApp } from './app';
import { silentLogger } from './log';
import { createRedisBus } from './redis-bus';
import { connectRedis, redisKeys } from './redis-connection';
import { createRedisTickets } from './redis-tickets';
import { sseReader, until } from '../testing/listener-helpers';
import { startRedis, type RedisServer } from '../testing/processes';

let redis: RedisServer;
const started: ListenerApp[] = [];

beforeAll(async () => {
  redis = await startRedis();
}, 30_000);

afterAll(async () => {
  await Promise.all(started.map((l) => l.bus.close().catch(() => {})));
  await redis.stop();
});

let deployments = 0;
const deployment = () => `{agents-${process.pid}-${(deployments += 1)}}`;

/** A receiver of the deployment on the test's Redis, its own connection (as another process would have). */
async function receiver(prefix: string, options: { maxStreamsPerAgent: number; heartbeatMs?: number }) {
  const connection = connectRedis(redis.url, silentLogger);
  const keys = redisKeys(prefix);
  const listener = createListenerApp({
    log: silentLogger,
    bus: createRedisBus({ redis: connection, keys, capacity: 100, dedupeSeconds: 3600 }),
    tickets: createRedisTickets({ redis: connection, keys, now: Date.now }),
    // The streams here are read for their hello only: their pings wait unread, which is not what is counted here.
    writeStallMs: 60_000,
    ...options,
  });
  started.push(listener);
  await until(() => listener.bus.ready(), 'ready');
  const connect = async (agent: string) => {
    const bought = await listener.app.request('/relay/stream-tickets', { method: 'POST', headers: { Authorization: `Bearer ${agent}` } });
    expect(bought.status).toBe(201);
    return listener.app.request(`/relay/events?ticket=${((await bought.json()) as { ticket: string }).ticket}`);
  };
  const stream = async (agent: string) => {
    const res = await connect(agent);
    expect(res.status).toBe(200);
    const reader = sseReader(res);
    expect((await reader.events(1))[0]?.event).toBe('hello');
    return reader;
  };
  return { ...listener, connect, stream };
}

describe('streams per agent with Redis', () => {
  it('refuses the N+1st stream of one agent across two receivers (429 tooManyStreams), not another agent’s', async () => {
    const prefix = deployment();
    const a = await receiver(prefix, { maxStreamsPerAgent: 3 });
    const b = await receiver(prefix, { maxStreamsPerAgent: 3 });
    const open = [await a.stream('anna'), await b.stream('anna'), await a.stream('anna')];
    for (const at of [a, b]) {
      const refused = await at.connect('anna');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
      expect(ErrorMessage.parse(await refused.json()).code).toBe('tooManyStreams');
    }
    const ben = await b.stream('ben');
    // A stream that ends gives its place back, on any receiver.
    await open[1]?.close();
    await until(async () => {
      const res = await a.connect('anna');
      if (res.status === 200) open.push(sseReader(res));
      return res.status === 200;
    }, 'a place given back');
    for (const s of [...open, ben]) await s.close();
  });

  it('lets the streams of a receiver that died age out (no heartbeat), while a living receiver’s stay counted', async () => {
    const prefix = deployment();
    const heartbeatMs = 100;
    const dying = await receiver(prefix, { maxStreamsPerAgent: 2, heartbeatMs });
    const living = await receiver(prefix, { maxStreamsPerAgent: 2, heartbeatMs });
    await dying.stream('anna');
    const kept = await living.stream('anna');
    expect((await living.connect('anna')).status).toBe(429);
    // The dying receiver loses Redis at once: it can neither beat nor give its stream's place back.
    await dying.bus.close();
    await until(async () => {
      const res = await living.connect('anna');
      if (res.status === 200) await sseReader(res).close();
      return res.status === 200;
    }, 'the dead receiver’s stream aged out');
    // The living receiver's stream kept beating: still counted, so one more fills the place again.
    const second = await living.stream('anna');
    expect((await living.connect('anna')).status).toBe(429);
    await kept.close();
    await second.close();
  });
});
