/**
 * The relay's fan-out under load (issue 42): one receiver process (in-process log, or Redis), N streams read by plain
 * HTTP clients in this process, events POSTed at a steady rate. Figures: the receiver's CPU per delivery (/proc, user +
 * system, less what the same events cost with no stream open), delivery latency p50/p95 (POST sent → frame read), the
 * POST's answer p95, and every event delivered once to every stream (lost, duplicated).
 */
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { listeners } from '../../src/domain/event';
import { startReceiver, startRedis, type Receiver, type RedisServer } from '../../server/testing/processes';
import { percentile } from './gateway-figures';

export type FanOutOptions = {
  streams: number;
  eventsPerSecond: number;
  seconds: number;
  /** Another checkout to run the receiver from (the "before" figures: main's code). */
  cwd?: string;
  broker?: 'in-process' | 'redis';
  log?: (message: string) => void;
};

export type FanOutFigures = {
  streams: number;
  events: number;
  deliveries: number;
  lost: number;
  duplicates: number;
  /** Receiver CPU per delivery (µs), the POSTs' own cost taken out. */
  cpuMicrosPerDelivery: number;
  /** Receiver CPU per event with no stream open (µs): what was taken out. */
  cpuMicrosPerPost: number;
  deliveryP50Ms: number;
  deliveryP95Ms: number;
  postP95Ms: number;
  peakRssMiB: number;
};

/** What goes to and comes from the readers' worker (fan-out-readers.mjs). */
export type ReadersInput = { base: string; streams: number; offset: number };
export type ReadersMessage =
  | { type: 'open' }
  | { type: 'count'; delivered: number }
  | { type: 'done'; delivered: number; duplicates: number; arrivals: Float64Array }
  | { type: 'failed'; message: string };
export type ReadersCommand = { type: 'count' } | { type: 'finish' };

const USER_HZ = 100;
const status = listeners.find((l) => l.eventType === 'TroubleTicketStatusChangeEvent') ?? (listeners[0] as (typeof listeners)[number]);

function cpuSeconds(pid: number, part: 'user' | 'system' | 'both' = 'both'): number {
  const rest = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const [user, system] = [Number(rest[11]), Number(rest[12])];
  return (part === 'user' ? user : part === 'system' ? system : user + system) / USER_HZ;
}

function rssMiB(pid: number, field: 'VmHWM' | 'VmRSS' = 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`)) ?? '';
  return Number(/(\d+)/.exec(line)?.[1] ?? NaN) / 1024;
}

async function postEvents(base: string, count: number, perSecond: number, sentAt: Map<number, number>, offset: number): Promise<number[]> {
  const times: number[] = [];
  const pending: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i += 1) {
    const due = started + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const n = offset + i;
    const body = JSON.stringify({
      eventId: `fan-${n}`,
      eventTime: new Date().toISOString(),
      eventType: status.eventType,
      event: { [status.resourceName]: { id: `TT-${n}`, status: 'inProgress' } },
    });
    const sent = performance.now();
    sentAt.set(n, performance.timeOrigin + sent);
    pending.push(
      fetch(`${base}${status.path}`, { method: 'POST', headers: { Authorization: 'Bearer bench-service', 'Content-Type': status.contentType }, body }).then(async (res) => {
        await res.arrayBuffer();
        if (res.status !== 204) throw new Error(`An event was refused: ${res.status}`);
        times.push(performance.now() - sent);
      }),
    );
  }
  await Promise.all(pending);
  return times;
}

/** Starts the receiver, opens the streams, posts, and measures; everything is stopped before it returns. */
export async function measureFanOut(options: FanOutOptions): Promise<FanOutFigures> {
  const log = options.log ?? (() => {});
  let redis: RedisServer | undefined;
  let receiver: Receiver | undefined;
  let stopReaders: () => Promise<unknown> = async () => {};
  try {
    if (options.broker === 'redis') redis = await startRedis();
    receiver = await startReceiver({
      ...(options.cwd ? { cwd: options.cwd } : {}),
      env: { RELAY_MAX_STREAMS_PER_AGENT: '50', LISTENER_BUFFER_SIZE: '10000', ...(redis ? { REDIS_URL: redis.url } : {}) },
    });
    const pid = receiver.child.pid as number;
    const base = receiver.base;
    const events = Math.max(1, Math.round(options.eventsPerSecond * options.seconds));
    const sentAt = new Map<number, number>();
    // What an event costs with nobody listening: taken out of the figure per delivery.
    const warm = Math.max(100, Math.round(events / 2));
    await postEvents(base, warm, 100, sentAt, 0);
    const idleBefore = cpuSeconds(pid);
    await postEvents(base, warm, 100, sentAt, warm);
    const cpuPerPost = (cpuSeconds(pid) - idleBefore) / warm;
    sentAt.clear();

    const offset = 1_000_000;
    log(`fan-out: opening ${options.streams} streams…`);
    const worker = new Worker(new URL('./fan-out-readers.mjs', import.meta.url), {
      workerData: { base, streams: options.streams, offset } satisfies ReadersInput,
    });
    stopReaders = () => worker.terminate();
    const next = (type: ReadersMessage['type']) =>
      new Promise<ReadersMessage>((resolve, reject) => {
        const on = (message: ReadersMessage) => {
          if (message.type !== type && message.type !== 'failed') return;
          worker.off('message', on);
          if (message.type === 'failed') reject(new Error(message.message));
          else resolve(message);
        };
        worker.on('message', on);
      });
    const ask = async <T extends ReadersMessage['type']>(command: ReadersCommand, answer: T) => {
      const reply = next(answer);
      worker.postMessage(command);
      return (await reply) as Extract<ReadersMessage, { type: T }>;
    };
    await next('open');
    log(`fan-out: ${options.streams} streams open; posting ${events} events at ${options.eventsPerSecond}/s…`);
    const before = cpuSeconds(pid);
    const [userBefore, systemBefore] = [cpuSeconds(pid, 'user'), cpuSeconds(pid, 'system')];
    const postTimes = await postEvents(base, events, options.eventsPerSecond, sentAt, offset);
    const expected = events * options.streams;
    const deadline = Date.now() + 30_000;
    while ((await ask({ type: 'count' }, 'count')).delivered < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const cpu = cpuSeconds(pid) - before;
    log(`fan-out: receiver CPU ${cpu.toFixed(2)} s (user ${(cpuSeconds(pid, 'user') - userBefore).toFixed(2)}, system ${(cpuSeconds(pid, 'system') - systemBefore).toFixed(2)})`);
    const { delivered: deliveries, duplicates, arrivals } = await ask({ type: 'finish' }, 'done');
    const latencies: number[] = [];
    for (let i = 0; i < arrivals.length; i += 2) latencies.push((arrivals[i + 1] as number) - (sentAt.get(arrivals[i] as number) ?? Number.NaN));
    return {
      streams: options.streams,
      events,
      deliveries,
      lost: expected - deliveries,
      duplicates,
      cpuMicrosPerDelivery: deliveries ? (Math.max(0, cpu - events * cpuPerPost) / deliveries) * 1e6 : Number.NaN,
      cpuMicrosPerPost: cpuPerPost * 1e6,
      deliveryP50Ms: percentile(latencies, 50),
      deliveryP95Ms: percentile(latencies, 95),
      postP95Ms: percentile(postTimes, 95),
      peakRssMiB: rssMiB(pid),
    };
  } finally {
    await stopReaders();
    await receiver?.stop();
    await redis?.stop();
  }
}
