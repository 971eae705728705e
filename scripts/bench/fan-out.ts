/**
 * The relay's fan-out under load (issue 42): one receiver process (in-process log, or Redis), N streams read by plain
 * HTTP clients in this process, events POSTed at a steady rate. Figures: the receiver's CPU per delivery (/proc, user +
 * system, less what the same events cost with no stream open), delivery latency p50/p95 (POST sent → frame read), the
 * POST's answer p95, and every event delivered once to every stream (lost, duplicated).
 */
import { request as httpRequest, type ClientRequest } from 'node:http';
import { readFileSync } from 'node:fs';
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

const MARK = Buffer.from('"eventId":"fan-');

/** One stream read by a plain HTTP client: counts each event it gets (by its number) and when. */
function openStream(base: string, token: string, seen: Map<number, number>[], index: number, sentAt: Map<number, number>, latencies: number[]): Promise<ClientRequest> {
  return (async () => {
    const bought = await fetch(`${base}/relay/stream-tickets`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    if (bought.status !== 201) throw new Error(`A stream ticket was refused: ${bought.status}`);
    const { ticket } = (await bought.json()) as { ticket: string };
    const counts = new Map<number, number>();
    seen[index] = counts;
    return new Promise<ClientRequest>((resolve, reject) => {
      const req = httpRequest(`${base}/relay/events?ticket=${ticket}`, { agent: false }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`The stream answered ${res.statusCode}`));
        let opened = false;
        let tail = Buffer.alloc(0);
        res.on('data', (chunk: Buffer) => {
          const now = performance.now();
          const buffer = tail.length ? Buffer.concat([tail, chunk]) : chunk;
          let at = buffer.indexOf(MARK);
          let consumed = 0;
          while (at >= 0) {
            const from = at + MARK.length;
            const end = buffer.indexOf(34, from);
            if (end < 0) break;
            const n = Number(buffer.toString('latin1', from, end));
            counts.set(n, (counts.get(n) ?? 0) + 1);
            const sent = sentAt.get(n);
            if (sent !== undefined) latencies.push(now - sent);
            consumed = end;
            at = buffer.indexOf(MARK, end);
          }
          // A frame cut between two chunks: keep what may hold the start of its mark.
          tail = buffer.subarray(Math.max(consumed, buffer.length - 256));
          if (!opened && buffer.includes('event: hello')) {
            opened = true;
            resolve(req);
          }
        });
        res.on('error', () => {});
      });
      req.on('error', reject);
      req.end();
    });
  })();
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
    sentAt.set(n, sent);
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
  const requests: ClientRequest[] = [];
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

    const seen: Map<number, number>[] = [];
    const latencies: number[] = [];
    log(`fan-out: opening ${options.streams} streams…`);
    for (let i = 0; i < options.streams; i += 25) {
      const batch = Array.from({ length: Math.min(25, options.streams - i) }, (_, k) => openStream(base, `bench-agent-${i + k}`, seen, i + k, sentAt, latencies));
      requests.push(...(await Promise.all(batch)));
    }
    log(`fan-out: ${options.streams} streams open; posting ${events} events at ${options.eventsPerSecond}/s…`);
    const offset = 1_000_000;
    const before = cpuSeconds(pid);
    const [userBefore, systemBefore] = [cpuSeconds(pid, 'user'), cpuSeconds(pid, 'system')];
    const postTimes = await postEvents(base, events, options.eventsPerSecond, sentAt, offset);
    const expected = events * options.streams;
    const delivered = () => seen.reduce((sum, counts) => sum + [...counts.keys()].filter((n) => n >= offset).length, 0);
    const deadline = Date.now() + 30_000;
    while (delivered() < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const cpu = cpuSeconds(pid) - before;
    log(`fan-out: receiver CPU ${cpu.toFixed(2)} s (user ${(cpuSeconds(pid, 'user') - userBefore).toFixed(2)}, system ${(cpuSeconds(pid, 'system') - systemBefore).toFixed(2)})`);
    let duplicates = 0;
    for (const counts of seen) for (const [n, times] of counts) if (n >= offset && times > 1) duplicates += times - 1;
    const deliveries = delivered();
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
    for (const req of requests) req.destroy();
    await receiver?.stop();
    await redis?.stop();
  }
}
