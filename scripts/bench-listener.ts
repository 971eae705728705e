// Load test of the receiver: 10,000 valid events POSTed to its listener paths while browser subscribers (Chromium
// running real EventSources) read the relay. Three rows: one receiver in-process (the default deployment); one
// receiver on Redis; three receivers on Redis with one killed (SIGKILL) half-way. Each prints events/s accepted and
// delivered, the receivers' peak memory, and per subscriber the events lost (posted − delivered, by eventId) and
// duplicated.
//
// Usage: npm run bench:listener [-- --events 10000] [-- --concurrency 32] [-- --subscriber chromium|node]
//        [-- --rows all|in-process|redis] [-- --json]
//
// How: each receiver is its own process (`node --import tsx server/listener/main.ts`, test hooks on), so its memory is its
// own: peak RSS is VmHWM from /proc/<pid>/status. redis-server runs in memory on a free port. Subscriber i starts on
// receiver i and, like a browser behind a load balancer, reconnects to the next receiver with its last id when its
// stream fails. POSTs go round the receivers (and round the 31 listener paths, each with a unique eventId); a POST
// that cannot reach its receiver goes to the next one, as the proxy does (deploy/nginx/locations.conf). With --json:
// one JSON line on stdout (the in-process row's figures at the top, lost and duplicates summed over every row).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { listeners } from '../src/domain/event';
import { startReceiver, startRedis, type Receiver, type RedisServer } from '../server/testing/processes';
import { countOption, option, progress, wantsJson } from './bench/options';
import { chromiumSubscribers, nodeSubscriber, startPageServer, type Subscribers } from './bench/listener-subscribers';

const EVENTS = countOption('events', 10_000);
const CONCURRENCY = countOption('concurrency', 32);
const SUBSCRIBER = option('subscriber') ?? 'chromium';
const ROWS = option('rows') ?? 'all';
const log = progress();

export type ListenerFigures = {
  broker: 'in-process' | 'redis';
  receivers: number;
  killed: number;
  events: number;
  concurrency: number;
  subscriber: string;
  acceptedPerSecond: number;
  deliveredPerSecond: number;
  peakRssMiB: number;
  idleRssMiB: number;
  /** Per subscriber. */
  lostPerSubscriber: number[];
  duplicatesPerSubscriber: number[];
  lost: number;
  duplicates: number;
  reconnects: number;
  resets: number;
  refused: number;
};

function readMemory(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`)) ?? '';
    return Number(/(\d+)/.exec(line)?.[1] ?? NaN) / 1024;
  } catch {
    // A killed receiver has no /proc entry any more.
    return Number.NaN;
  }
}

/** Round the live receivers; a POST that cannot connect goes to the next, a 503 (Redis away) is sent again. */
async function postAll(receivers: Receiver[], killAt: number | undefined, kill: () => Promise<void>) {
  const ids = Array.from({ length: EVENTS }, (_, i) => `bench-${Date.now()}-${i}`);
  let next = 0;
  let refused = 0;
  let killing: Promise<void> | undefined;
  const started = performance.now();
  const worker = async () => {
    while (next < EVENTS) {
      const i = next++;
      if (i === killAt) killing = kill();
      const listener = listeners[i % listeners.length] as (typeof listeners)[number];
      const body = JSON.stringify({
        eventId: ids[i],
        eventTime: new Date().toISOString(),
        eventType: listener.eventType,
        title: `bench event ${i}`,
        event: { [listener.resourceName]: { id: `R-${i}`, status: 'inProgress' } },
      });
      for (let attempt = 0; ; attempt += 1) {
        const receiver = receivers[(i + attempt) % receivers.length] as Receiver;
        try {
          const res = await fetch(`${receiver.base}${listener.path}`, {
            method: 'POST',
            headers: { Authorization: 'Bearer bench-service', 'Content-Type': listener.contentType },
            body,
          });
          await res.arrayBuffer();
          if (res.status === 204) break;
          if (res.status !== 503 || attempt > 20) {
            refused += 1;
            break;
          }
        } catch {
          if (attempt > 20) throw new Error(`No receiver took event ${i}`);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await killing;
  return { ids, refused, seconds: (performance.now() - started) / 1000 };
}

async function run(broker: 'in-process' | 'redis', count: number, killOne: boolean, pageOrigin: string): Promise<ListenerFigures> {
  const name = `${count} receiver${count > 1 ? 's' : ''}, ${broker}${killOne ? ', one killed half-way' : ''}`;
  let redis: RedisServer | undefined;
  const receivers: Receiver[] = [];
  let subscribers: Subscribers | undefined;
  try {
    if (broker === 'redis') redis = await startRedis();
    const env: Record<string, string> = { LISTENER_TEST_HOOKS: '1', LISTENER_ALLOWED_ORIGINS: pageOrigin, ...(redis ? { REDIS_URL: redis.url } : {}) };
    for (let i = 0; i < count; i += 1) receivers.push(await startReceiver({ env }));
    const bases = receivers.map((r) => r.base);
    subscribers = SUBSCRIBER === 'node' && count === 1 ? await nodeSubscriber(bases[0] as string) : await chromiumSubscribers(bases, pageOrigin);
    const pids = receivers.map((r) => r.child.pid as number);
    const idleRssMiB = Math.max(...pids.map((pid) => readMemory(pid, 'VmRSS')));
    log(`${name}: receivers on ${bases.join(' ')}; ${count} subscriber(s) attached; posting ${EVENTS} events…`);
    const peaks = new Map<number, number>();
    const victim = receivers[count - 1] as Receiver;
    const kill = async () => {
      peaks.set(victim.child.pid as number, readMemory(victim.child.pid as number, 'VmHWM'));
      log(`${name}: killing the receiver on ${victim.base} (SIGKILL)`);
      await victim.stop('SIGKILL');
      receivers.splice(receivers.indexOf(victim), 1);
    };
    const started = performance.now();
    const posted = await postAll(receivers, killOne ? Math.floor(EVENTS / 2) : undefined, kill);
    log(`${name}: posted in ${posted.seconds.toFixed(2)} s (${posted.refused} refused); waiting for the subscribers…`);
    // Until every subscriber has everything, or nothing more arrives for 10 s.
    let fewest = await subscribers.fewest();
    let lastProgress = performance.now();
    while (fewest < EVENTS - posted.refused && performance.now() - lastProgress < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = await subscribers.fewest();
      if (now !== fewest) lastProgress = performance.now();
      fewest = now;
    }
    const deliveredSeconds = (performance.now() - started) / 1000;
    for (const r of receivers) peaks.set(r.child.pid as number, readMemory(r.child.pid as number, 'VmHWM'));
    const seen = await subscribers.seen();
    const postedIds = new Set(posted.ids);
    const lostPerSubscriber = seen.map((s) => {
      const got = new Set(s.ids);
      return [...postedIds].filter((id) => !got.has(id)).length;
    });
    const duplicatesPerSubscriber = seen.map((s) => s.ids.length - new Set(s.ids).size);
    return {
      broker,
      receivers: count,
      killed: killOne ? 1 : 0,
      events: EVENTS,
      concurrency: CONCURRENCY,
      subscriber: SUBSCRIBER,
      acceptedPerSecond: Math.round((EVENTS - posted.refused) / posted.seconds),
      deliveredPerSecond: Math.round(Math.min(...seen.map((s) => new Set(s.ids).size)) / deliveredSeconds),
      peakRssMiB: Math.round(Math.max(...peaks.values()) * 10) / 10,
      idleRssMiB: Math.round(idleRssMiB * 10) / 10,
      lostPerSubscriber,
      duplicatesPerSubscriber,
      lost: lostPerSubscriber.reduce((a, b) => a + b, 0),
      duplicates: duplicatesPerSubscriber.reduce((a, b) => a + b, 0),
      reconnects: seen.reduce((a, s) => a + s.reconnects, 0),
      resets: seen.reduce((a, s) => a + s.resets, 0),
      refused: posted.refused,
    };
  } finally {
    await subscribers?.close();
    await Promise.all(receivers.map((r) => r.stop()));
    await redis?.stop();
  }
}

function print(rows: ListenerFigures[]) {
  const head = ['receivers', 'broker', 'killed', 'accepted/s', 'delivered/s', 'lost per subscriber', 'duplicated', 'resets', 'reconnects', 'peak RSS'];
  const lines = rows.map((r) => [
    String(r.receivers),
    r.broker,
    r.killed ? `${r.killed} half-way` : '-',
    String(r.acceptedPerSecond),
    String(r.deliveredPerSecond),
    r.lostPerSubscriber.join(' / '),
    r.duplicatesPerSubscriber.join(' / '),
    String(r.resets),
    String(r.reconnects),
    `${r.peakRssMiB} MiB`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
  for (const line of [head, ...lines]) console.log(line.map((cell, i) => cell.padEnd(widths[i] as number)).join('  ').trimEnd());
  console.log(`${EVENTS} events per row, ${CONCURRENCY} POSTs at a time, ${SUBSCRIBER} subscribers; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

async function main() {
  if (!['all', 'in-process', 'redis'].includes(ROWS)) throw new Error(`--rows must be all, in-process or redis, not "${ROWS}"`);
  const pageServer = await startPageServer();
  const rows: ListenerFigures[] = [];
  try {
    if (ROWS !== 'redis') rows.push(await run('in-process', 1, false, pageServer.origin));
    if (ROWS !== 'in-process') {
      rows.push(await run('redis', 1, false, pageServer.origin));
      rows.push(await run('redis', 3, true, pageServer.origin));
    }
  } finally {
    pageServer.server.close();
  }
  const lost = rows.reduce((a, r) => a + r.lost, 0);
  const duplicates = rows.reduce((a, r) => a + r.duplicates, 0);
  const refused = rows.reduce((a, r) => a + r.refused, 0);
  if (wantsJson()) console.log(JSON.stringify({ ...rows[0], lost, duplicates, refused, rows }));
  else print(rows);
  process.exitCode = lost === 0 && duplicates === 0 && refused === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
