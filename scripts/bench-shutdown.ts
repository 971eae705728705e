// How long a stop takes under load: the receiver and the desk gateway, each as production runs it (the release
// bundles of `npm run build:server`, plain node, sessions and the event log on Redis), are stopped with SIGTERM while
// clients keep POSTing events and agents hold open event streams. Prints, per server, the time from the signal to the
// process's exit (min, median, p95, max over the runs), the exit codes, and the load it was under. The guides state
// the bound (docs/deploy.md, docs/listener.md, docs/gateway.md); this script is how that figure is known.
//
// Usage: npm run bench:shutdown [-- --runs 10] [-- --concurrency 64] [-- --streams 50] [-- --json]
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { listeners, type Listener } from '../src/domain/event';
import { buildRelease } from '../server/build';
import { childEnvironment, startableGatewayEnv } from '../server/testing/gateway-settings';
import { envelopeFor } from '../server/testing/listener-helpers';
import { startRedis, waitForLine } from '../server/testing/processes';
import { SHUTDOWN_MS } from '../server/serve';
import { percentile } from './bench/gateway-figures';
import { countOption, median, progress, wantsJson } from './bench/options';

const RUNS = countOption('runs', 10);
const CONCURRENCY = countOption('concurrency', 64);
const STREAMS = countOption('streams', 50);
const LOAD_MS = 1500;
const log = progress();
const status = listeners.find((l) => l.eventType === 'TroubleTicketStatusChangeEvent') as Listener;

export type ShutdownFigures = {
  server: 'receiver' | 'gateway';
  runs: number;
  concurrency: number;
  streams: number;
  requestsPerSecond: number;
  stopMs: { min: number; median: number; p95: number; max: number };
  exitCodes: (number | null)[];
};

/** One run: start, open the streams, load for LOAD_MS, SIGTERM under load, time the exit. */
async function oneRun(server: ShutdownFigures['server'], main: string, cwd: string, redisUrl: string, run: number) {
  const env = childEnvironment(server === 'gateway' ? startableGatewayEnv : { LISTENER_PORT: '0', LISTENER_HOST: '127.0.0.1', DEV_AUTH_OFF: '1', NODE_ENV: 'development' }, {
    REDIS_URL: redisUrl,
    RELAY_MAX_STREAMS_PER_AGENT: '100',
  });
  const child = spawn(process.execPath, [main], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once('exit', (code) => resolve({ code, at: performance.now() })));
  const ready = server === 'gateway' ? /^gateway listening on (http:\/\/127\.0\.0\.1:\d+) / : /^listening on (http:\/\/127\.0\.0\.1:\d+)/;
  const [, base] = await waitForLine(child, ready, `The ${server}`);
  // Drain what it prints, so a full pipe never slows it.
  child.stdout?.resume();
  child.stderr?.resume();

  const streams: ReadableStreamDefaultReader<Uint8Array>[] = [];
  if (server === 'receiver') {
    for (let i = 0; i < STREAMS; i += 1) {
      const sold = await fetch(`${base}/relay/stream-tickets`, { method: 'POST', headers: { Authorization: `Bearer bench-agent-${i % 10}` } });
      const { ticket } = (await sold.json()) as { ticket: string };
      const res = await fetch(`${base}/relay/events?ticket=${ticket}`);
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      streams.push(reader);
      void (async () => {
        while (!(await reader.read()).done);
      })().catch(() => {});
    }
  }

  let sent = 0;
  let loading = true;
  const loadStarted = performance.now();
  const workers = Array.from({ length: CONCURRENCY }, async (_, w) => {
    for (let k = 0; loading; k += 1) {
      try {
        const res = await fetch(`${base}${status.path}`, {
          method: 'POST',
          headers: { Authorization: 'Bearer service', 'Content-Type': status.contentType },
          body: JSON.stringify(envelopeFor(status, { eventId: `shutdown-${run}-${w}-${k}` })),
        });
        await res.arrayBuffer();
        sent += 1;
      } catch {
        // Refused or cut once the stop has begun: that is what is measured.
        if (!loading) return;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
  });
  await new Promise((resolve) => setTimeout(resolve, LOAD_MS));
  const rate = (sent / (performance.now() - loadStarted)) * 1000;
  const signalled = performance.now();
  child.kill('SIGTERM');
  const { code, at } = await exited;
  loading = false;
  await Promise.allSettled(workers);
  for (const reader of streams) await reader.cancel().catch(() => {});
  return { stopMs: at - signalled, code, rate };
}

export async function measureShutdown(): Promise<ShutdownFigures[]> {
  const outDir = join(process.cwd(), `dist-shutdown-bench-${process.pid}`);
  const redis = await startRedis();
  try {
    const built = await buildRelease(outDir);
    const figures: ShutdownFigures[] = [];
    for (const server of ['receiver', 'gateway'] as const) {
      const stops: number[] = [];
      const codes: (number | null)[] = [];
      const rates: number[] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        const one = await oneRun(server, server === 'receiver' ? built.listener : built.gateway, outDir, redis.url, run);
        stops.push(one.stopMs);
        codes.push(one.code);
        rates.push(one.rate);
        log(`${server} run ${run}/${RUNS}: ${Math.round(one.rate)} requests/s, stopped in ${one.stopMs.toFixed(0)} ms (exit ${one.code})`);
      }
      figures.push({
        server,
        runs: RUNS,
        concurrency: CONCURRENCY,
        streams: server === 'receiver' ? STREAMS : 0,
        requestsPerSecond: Math.round(median(rates)),
        stopMs: { min: Math.round(Math.min(...stops)), median: Math.round(median(stops)), p95: Math.round(percentile(stops, 95)), max: Math.round(Math.max(...stops)) },
        exitCodes: codes,
      });
    }
    return figures;
  } finally {
    await redis.stop();
    await rm(outDir, { recursive: true, force: true });
  }
}

const figures = await measureShutdown();
if (wantsJson()) console.log(JSON.stringify(figures));
else {
  console.log(`\nStop under load (SIGTERM to exit), goal ≤ ${SHUTDOWN_MS} ms + the signal's delivery:`);
  console.log('server    runs  load (req/s)  streams   min  median   p95   max  exit codes');
  for (const f of figures) {
    console.log(
      `${f.server.padEnd(9)} ${String(f.runs).padStart(4)}  ${String(f.requestsPerSecond).padStart(12)}  ${String(f.streams).padStart(7)}  ${String(f.stopMs.min).padStart(4)}  ${String(f.stopMs.median).padStart(6)}  ${String(f.stopMs.p95).padStart(4)}  ${String(f.stopMs.max).padStart(4)}  ${[...new Set(f.exitCodes)].join(', ')}`,
    );
  }
}
