/**
 * The parts of `npm run bench:scale` (issue 42) other than the fan-out (fan-out.ts): sign-ins and what sessions cost,
 * the API through the gateway and direct under concurrency, and what the event log leaves in Redis per event.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { listeners } from '../../src/domain/event';
import { startReceiver, startRedis } from '../../server/testing/processes';
import { percentile } from './gateway-figures';
import { cpuSecondsOfGroup, statTimes, type RunningStack } from './gateway-processes';
import { deskTokens, signIn } from './sign-in';

/** The largest resident set (MiB) of the processes of a group: the node process of npx → tsx → node. */
export function rssOfGroup(group: number): number {
  let most = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (statTimes(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.group !== group) continue;
      const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:')) ?? '';
      most = Math.max(most, Number(/(\d+)/.exec(line)?.[1] ?? 0) / 1024);
    } catch {
      // Gone between the listing and the read.
    }
  }
  return most;
}

async function redisInfo(url: string): Promise<{ usedBytes: number; keys: number }> {
  const { createClient } = await import('@redis/client');
  const client = createClient({ url });
  await client.connect();
  try {
    const memory = await client.info('memory');
    const keys = await client.dbSize();
    return { usedBytes: Number(/used_memory:(\d+)/.exec(memory)?.[1] ?? NaN), keys };
  } finally {
    await client.close();
  }
}

export type SignInFigures = { signIns: number; perSecond: number; refused: number; gatewayMiBPer100: number; redisKiBPer100: number; redisKeysPerSession: number };

/** A sign-in, started again after a short wait when the gateway's limit of starts (429, sign-in.ts) refuses it. */
export async function signInPaced(origin: string, refused: { count: number } = { count: 0 }): Promise<string> {
  for (;;) {
    try {
      return await signIn(origin);
    } catch (error) {
      if (!(error instanceof Error && error.message.includes('status 429'))) throw error;
      refused.count += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** `count` sign-ins, `concurrency` at a time, each a new session; the gateway's RSS and Redis's memory before and after. */
export async function measureSignIns(running: RunningStack, redisUrl: string, count: number, concurrency: number): Promise<SignInFigures> {
  await signIn(running.origin);
  const [rssBefore, redisBefore] = [rssOfGroup(running.groups.gateway), await redisInfo(redisUrl)];
  let next = 0;
  const refused = { count: 0 };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        await signInPaced(running.origin, refused);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const [rssAfter, redisAfter] = [rssOfGroup(running.groups.gateway), await redisInfo(redisUrl)];
  return {
    signIns: count,
    perSecond: count / seconds,
    refused: refused.count,
    gatewayMiBPer100: ((rssAfter - rssBefore) * 100) / count,
    redisKiBPer100: ((redisAfter.usedBytes - redisBefore.usedBytes) * 100) / count / 1024,
    redisKeysPerSession: (redisAfter.keys - redisBefore.keys) / count,
  };
}

export type ApiFigures = { route: 'direct' | 'gateway'; concurrency: number; perSecond: number; p50Ms: number; p99Ms: number; gatewayCpuMsPerCall: number; serviceCpuMsPerCall: number };

/** List calls (`?limit=20`) for `seconds`, `concurrency` at a time, direct with the desk's token or through the gateway. */
export async function measureApi(running: RunningStack, cookie: string, route: 'direct' | 'gateway', concurrency: number, seconds: number): Promise<ApiFigures> {
  const token = deskTokens(running);
  const direct = running.stack.apiBase;
  const url = route === 'direct' ? `${direct}/troubleTicket?limit=20` : `${running.origin}${new URL(direct).pathname}/troubleTicket?limit=20`;
  const headers = async (): Promise<Record<string, string>> => (route === 'direct' ? { authorization: `Bearer ${await token()}` } : { cookie });
  await headers();
  const times: number[] = [];
  const cpu = () => ({ gateway: cpuSecondsOfGroup(running.groups.gateway), api: cpuSecondsOfGroup(running.groups.api) });
  const before = cpu();
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const sent = performance.now();
        const response = await fetch(url, { headers: { accept: 'application/json', ...(await headers()) } });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${route} list answered ${response.status}`);
        times.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const after = cpu();
  const perCall = (s: number) => (s * 1000) / times.length;
  return {
    route,
    concurrency,
    perSecond: times.length / elapsed,
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    gatewayCpuMsPerCall: route === 'gateway' ? perCall(after.gateway - before.gateway) : 0,
    serviceCpuMsPerCall: perCall(after.api - before.api),
  };
}

export type RedisGrowth = { events: number; keysPerEvent: number; bytesPerEvent: number };

/** A receiver on a fresh Redis (from `cwd`: another checkout for "before"): what `events` accepted events leave there. */
export async function measureRedisGrowth(events: number, cwd?: string): Promise<RedisGrowth> {
  const redis = await startRedis();
  const receiver = await startReceiver({ ...(cwd ? { cwd } : {}), env: { REDIS_URL: redis.url } });
  try {
    const listener = listeners.find((l) => l.eventType === 'TroubleTicketStatusChangeEvent') ?? (listeners[0] as (typeof listeners)[number]);
    const post = async (i: number) => {
      const body = JSON.stringify({ eventId: `growth-${i}`, eventTime: new Date().toISOString(), eventType: listener.eventType, event: { [listener.resourceName]: { id: `TT-${i}` } } });
      const res = await fetch(`${receiver.base}${listener.path}`, { method: 'POST', headers: { Authorization: 'Bearer bench', 'Content-Type': listener.contentType }, body });
      await res.arrayBuffer();
    };
    // The log's own keys exist after the first event; the stream is capped at LISTENER_BUFFER_SIZE (1,000) entries.
    for (let i = 0; i < 1000; i += 1) await post(i);
    const before = await redisInfo(redis.url);
    for (let i = 1000; i < 1000 + events; i += 1) await post(i);
    const after = await redisInfo(redis.url);
    return { events, keysPerEvent: (after.keys - before.keys) / events, bytesPerEvent: (after.usedBytes - before.usedBytes) / events };
  } finally {
    await receiver.stop();
    await redis.stop();
  }
}
