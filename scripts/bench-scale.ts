// What the desk costs as it grows (issue 42): sign-ins per second and memory per 100 sessions; the API through the
// gateway and direct at 1, 10, 50 and 200 concurrent calls; the relay's fan-out at 50, 500 and 2,000 streams; what each
// event leaves in Redis; and provider calls per event per tab (the refresh soak, scripts/bench/refresh-soak.ts, when it
// is there). Prints one table and the load average: the machine is shared, CPU time per call or delivery is the
// stable figure, latencies move with the load.
//
// Usage: npm run bench:scale [-- --quick] [-- --before /work/main] [-- --parts signin,api,fanout,redis,refresh] [-- --json]
//   --quick   about a minute: fewer sign-ins, 2 s per API row, 3 s of events per fan-out row, no refresh soak.
//   full      about five minutes (the refresh soak builds the demo once more: a minute or two on top).
//   --before  another checkout (main) run for the fan-out and Redis rows too: the "before" figures beside "after".
//
// How: the gateway stack's real processes (scripts/bench/gateway-processes.ts) with the gateway's sessions and event
// log on a redis-server of its own; this process is the client only. The fan-out rows start one receiver process per
// row (the relay the gateway mounts too) and read its streams with plain HTTP clients (scripts/bench/fan-out.ts).
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startRedis } from '../server/testing/processes';
import { measureFanOut, type FanOutFigures } from './bench/fan-out';
import { startGatewayProcesses } from './bench/gateway-processes';
import { flag, option, progress, wantsJson } from './bench/options';
import { measureApi, measureRedisGrowth, measureSignIns, signInPaced, type ApiFigures, type RedisGrowth, type SignInFigures } from './bench/scale';
import { formatTable, within, type Row } from './bench/table';

const QUICK = flag('quick');
const BEFORE = option('before');
const PARTS = new Set((option('parts') ?? 'signin,api,fanout,redis,refresh').split(','));
const log = progress();

/** Issue 42's goals. */
export const GOALS = { cpuMicrosPerDelivery: 10, postP95Ms: 100, refreshPerEventPerTab: 0.2 } as const;

type Figures = {
  quick: boolean;
  load: { before: number[]; after: number[] };
  seconds: number;
  signIns?: SignInFigures;
  api: ApiFigures[];
  fanOut: { after: FanOutFigures[]; before: FanOutFigures[] };
  redis: { after?: RedisGrowth; before?: RedisGrowth };
  refresh?: { perEventPerTab: number; events: number; tabs: number; lost: number; twice: number } | { skipped: string };
};

const loadNow = () => loadavg().map((n) => Number(n.toFixed(2)));
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');

async function gatewayParts(figures: Figures) {
  const redis = await startRedis();
  const running = await startGatewayProcesses({ redisUrl: redis.url, log });
  try {
    if (PARTS.has('signin')) {
      const count = QUICK ? 60 : 200;
      log(`sign-ins: ${count}, 6 at a time…`);
      figures.signIns = await measureSignIns(running, redis.url, count, 6);
    }
    if (PARTS.has('api')) {
      // Right after the sign-in row the gateway's limit of starts may still refuse one: paced as those were.
      const cookie = await signInPaced(running.origin);
      for (const concurrency of [1, 10, 50, 200]) {
        for (const route of ['direct', 'gateway'] as const) {
          log(`API ${route}, ${concurrency} concurrent…`);
          figures.api.push(await measureApi(running, cookie, route, concurrency, QUICK ? 2 : 6));
        }
      }
    }
  } finally {
    await running.stop();
    await redis.stop();
  }
}

async function fanOutParts(figures: Figures) {
  const seconds = QUICK ? 3 : 10;
  for (const streams of [50, 500, 2000]) {
    log(`fan-out: ${streams} streams (this checkout)…`);
    figures.fanOut.after.push(await measureFanOut({ streams, eventsPerSecond: 20, seconds, log }));
    if (BEFORE) {
      log(`fan-out: ${streams} streams (${BEFORE})…`);
      figures.fanOut.before.push(await measureFanOut({ streams, eventsPerSecond: 20, seconds, cwd: BEFORE, log }));
    }
  }
}

async function refreshPart(figures: Figures) {
  // h42c's soak (issue 42 point 1): called when it is in this checkout; its module is looked up at run time.
  const soak = fileURLToPath(new URL('./bench/refresh-soak.ts', import.meta.url));
  if (!existsSync(soak)) {
    figures.refresh = { skipped: 'scripts/bench/refresh-soak.ts is not in this checkout' };
    return;
  }
  if (QUICK) {
    figures.refresh = { skipped: 'not with --quick (it builds the demo): npm run bench:refresh, or the full run' };
    return;
  }
  const module = (await import(soak)) as { measureRefreshCost(options: { log?: (line: string) => void; reuseBuild?: boolean }): Promise<{ perEventPerTab: number; events: number; tabs: number; lost: string[]; twice: string[] }> };
  log('refresh soak: provider calls per event per tab…');
  const cost = await module.measureRefreshCost({ log, reuseBuild: true });
  figures.refresh = { perEventPerTab: cost.perEventPerTab, events: cost.events, tabs: cost.tabs, lost: cost.lost.length, twice: cost.twice.length };
}

function rows(figures: Figures): Row[] {
  const out: Row[] = [];
  const s = figures.signIns;
  if (s) {
    out.push({
      measure: 'sign-ins per second (6 at a time, dev provider on the same cores)',
      figure: `${f1(s.perSecond)} (${s.refused} starts refused 429 by the gateway's limit of 10/s and sent again)`,
      budget: '',
      verdict: '—',
    });
    out.push({ measure: 'gateway RSS per 100 sessions', figure: `${f1(s.gatewayMiBPer100)} MiB`, budget: '', verdict: '—' });
    out.push({ measure: 'Redis per 100 sessions', figure: `${f1(s.redisKiBPer100)} KiB, ${s.redisKeysPerSession.toFixed(2)} keys per session`, budget: '', verdict: '—' });
  }
  for (const a of figures.api) {
    const cpu = a.route === 'gateway' ? `gateway ${a.gatewayCpuMsPerCall.toFixed(2)} + service ${a.serviceCpuMsPerCall.toFixed(2)}` : `service ${a.serviceCpuMsPerCall.toFixed(2)}`;
    out.push({
      measure: `API list ${a.route}, ${a.concurrency} concurrent`,
      figure: `${f1(a.perSecond)}/s, p50 ${f1(a.p50Ms)} ms, p99 ${f1(a.p99Ms)} ms; CPU ms per call ${cpu}`,
      budget: '',
      verdict: '—',
    });
  }
  const fan = (label: string, f: FanOutFigures) => {
    out.push({
      measure: `fan-out ${f.streams} streams, 20 events/s (${label}): CPU per delivery`,
      figure: `${f1(f.cpuMicrosPerDelivery)} µs (POST alone ${f1(f.cpuMicrosPerPost / 1000)} ms)`,
      budget: `≤ ${GOALS.cpuMicrosPerDelivery} µs`,
      verdict: within(f.cpuMicrosPerDelivery <= GOALS.cpuMicrosPerDelivery),
    });
    out.push({
      measure: `fan-out ${f.streams} streams (${label}): POST answer p95; delivery p50/p95`,
      figure: `${f1(f.postP95Ms)} ms; ${f1(f.deliveryP50Ms)}/${f1(f.deliveryP95Ms)} ms; ${f.deliveries}/${f.events * f.streams} delivered, ${f.duplicates} twice; RSS ${f1(f.peakRssMiB)} MiB`,
      budget: `≤ ${GOALS.postP95Ms} ms`,
      verdict: within(f.postP95Ms <= GOALS.postP95Ms && f.lost === 0 && f.duplicates === 0),
    });
  };
  figures.fanOut.after.forEach((f, i) => {
    const before = figures.fanOut.before[i];
    if (before) fan('before', before);
    fan(BEFORE ? 'after' : 'this checkout', f);
  });
  for (const [label, g] of [
    ['before', figures.redis.before],
    [BEFORE ? 'after' : 'this checkout', figures.redis.after],
  ] as const) {
    if (!g) continue;
    out.push({
      measure: `Redis per accepted event, the log capped (${label})`,
      figure: `${g.keysPerEvent.toFixed(2)} keys, ${f1(g.bytesPerEvent)} B (${g.events} events)`,
      budget: '0 keys',
      verdict: within(g.keysPerEvent === 0),
    });
  }
  const r = figures.refresh;
  if (r && 'skipped' in r) out.push({ measure: 'provider calls per event per tab', figure: `skipped: ${r.skipped}`, budget: '', verdict: '—' });
  else if (r) {
    out.push({
      measure: `provider calls per event per tab (${r.events} events, ${r.tabs} tabs)`,
      figure: `${r.perEventPerTab.toFixed(2)}; lost ${r.lost}, twice ${r.twice}`,
      budget: `≤ ${GOALS.refreshPerEventPerTab}`,
      verdict: within(r.perEventPerTab <= GOALS.refreshPerEventPerTab && r.lost === 0 && r.twice === 0),
    });
  }
  return out;
}

async function main() {
  const started = performance.now();
  const figures: Figures = { quick: QUICK, load: { before: loadNow(), after: [] }, seconds: 0, api: [], fanOut: { after: [], before: [] }, redis: {} };
  if (PARTS.has('signin') || PARTS.has('api')) await gatewayParts(figures);
  if (PARTS.has('fanout')) await fanOutParts(figures);
  if (PARTS.has('redis')) {
    const events = QUICK ? 300 : 2000;
    log(`Redis growth: ${events} events…`);
    figures.redis.after = await measureRedisGrowth(events);
    if (BEFORE) figures.redis.before = await measureRedisGrowth(events, BEFORE);
  }
  if (PARTS.has('refresh')) await refreshPart(figures);
  figures.load.after = loadNow();
  figures.seconds = Math.round((performance.now() - started) / 1000);
  if (wantsJson()) {
    console.log(JSON.stringify(figures));
    return;
  }
  console.log('');
  console.log(formatTable(rows(figures)));
  console.log(`load average (1, 5, 15 min) ${figures.load.before.join(', ')} before, ${figures.load.after.join(', ')} after; ${figures.seconds} s${QUICK ? ' (--quick)' : ''}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
