// The desk gateway's cost per call (issue 27): p50 and p95 of a list and a detail call sent directly to the mocked
// service with the desk's client-credentials token, and through the gateway with an agent's session cookie.
//
// Usage: npm run bench:gateway [-- --requests 300] [-- --warmup 30] [-- --json]
//
// How: the gateway stack's real processes on free 127.0.0.1 ports (scripts/bench/gateway-processes.ts: the agents'
// provider, the token provider, the mocked service requiring the desk's tokens, one gateway), each its own process;
// this process is only the client, so the gateway's event loop is not shared with the measuring. The agent signs in
// as a browser does (GET /gateway/login → the provider's form → /gateway/callback, with a cookie jar); the direct
// calls carry a token from the token provider (openid-client client credentials, fetched again outside the timings
// before it expires). After `--warmup` rounds, `--requests` rounds each send, one at a time, a list call
// (`/troubleTicket?limit=20`) and a detail call, each direct and through the gateway, which of the two goes first
// alternating by round, once the cores have been quiet for 3 s (at most a minute's wait). A call's time is until its
// body is read; every call must answer 200. The load average is printed before and after: this machine is shared, and
// the figures move with it. Beside them, the CPU time the gateway's processes and the service's used per call they
// served (/proc, user + system): what the gateway costs whatever the load.
import { loadavg } from 'node:os';
import {
  GATEWAY_P95_OVERHEAD_GOAL_MS,
  gatewayBenchOptions,
  gatewayRows,
  kindFigures,
  kinds,
  type GatewayFigures,
  type Kind,
} from './bench/gateway-figures';
import { cpuSecondsOfGroup, startGatewayProcesses, type RunningStack } from './bench/gateway-processes';
import { deskTokens, signIn } from './bench/sign-in';
import { formatTable } from './bench/table';
import { progress } from './bench/options';
import { untilQuiet } from './bench/quiet';

const options = gatewayBenchOptions();
const log = progress();
const LIST = '/troubleTicket?limit=20';

async function timed(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { accept: 'application/json', ...headers } });
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return elapsed;
}

async function measure(running: RunningStack): Promise<GatewayFigures> {
  const cookie = await signIn(running.origin);
  const token = deskTokens(running);
  const direct = running.stack.apiBase;
  const gateway = `${running.origin}${new URL(direct).pathname}`;
  const first = await fetch(`${direct}${LIST}`, { headers: { authorization: `Bearer ${await token()}` } });
  const page = (await first.json()) as { id?: string }[];
  const id = page[0]?.id;
  if (first.status !== 200 || !id) throw new Error(`The service's list answered ${first.status} with no ticket to read`);
  const paths: Record<Kind, string> = { list: LIST, detail: `/troubleTicket/${encodeURIComponent(id)}` };
  const samples = Object.fromEntries(kinds.map((k) => [k, { direct: [] as number[], gateway: [] as number[] }])) as Record<Kind, { direct: number[]; gateway: number[] }>;
  // Up to a minute for the cores to be 90 % idle for 3 s: the start-up (four servers, a sign-in) has just ended.
  const quiet = await untilQuiet(log);
  const load = { before: loadavg().map((n) => Number(n.toFixed(2))), after: [] as number[] };
  log(`Signed in; ${options.warmup} warm-up rounds, then ${options.requests} rounds of list and detail, direct and through the gateway (load ${load.before.join(', ')}) …`);
  const cpu = () => ({ gateway: cpuSecondsOfGroup(running.groups.gateway), api: cpuSecondsOfGroup(running.groups.api) });
  let cpuBefore = cpu();
  for (let round = 0; round < options.warmup + options.requests; round += 1) {
    const keep = round >= options.warmup;
    if (round === options.warmup) cpuBefore = cpu();
    const bearer = { authorization: `Bearer ${await token()}` };
    for (const kind of kinds) {
      const calls = {
        direct: () => timed(`${direct}${paths[kind]}`, bearer),
        gateway: () => timed(`${gateway}${paths[kind]}`, { cookie }),
      };
      // Which goes first alternates, so neither always meets a warmer connection or cache.
      for (const route of round % 2 ? (['gateway', 'direct'] as const) : (['direct', 'gateway'] as const)) {
        const elapsed = await calls[route]();
        if (keep) samples[kind][route].push(elapsed);
      }
    }
  }
  load.after = loadavg().map((n) => Number(n.toFixed(2)));
  const cpuAfter = cpu();
  // Per call it served: the gateway 2 per round (list, detail), the service 4 (each direct, each forwarded).
  const perCall = (seconds: number, calls: number) => Number(((seconds * 1000) / calls).toFixed(2));
  const list = kindFigures(LIST, samples.list.direct, samples.list.gateway);
  const detail = kindFigures('/troubleTicket/{id}', samples.detail.direct, samples.detail.gateway);
  return {
    requests: options.requests,
    warmup: options.warmup,
    goalP95OverheadMs: GATEWAY_P95_OVERHEAD_GOAL_MS,
    list,
    detail,
    worstP95OverheadMs: Math.max(list.overheadP95, detail.overheadP95),
    load,
    cpu: {
      gatewayMsPerCall: perCall(cpuAfter.gateway - cpuBefore.gateway, 2 * options.requests),
      serviceMsPerCall: perCall(cpuAfter.api - cpuBefore.api, 4 * options.requests),
    },
    quiet: { waitedSeconds: quiet.waitedSeconds, idle: Number(quiet.idle.toFixed(2)) },
  };
}

async function main() {
  const running = await startGatewayProcesses({ log });
  let figures: GatewayFigures;
  try {
    figures = await measure(running);
  } finally {
    await running.stop();
  }
  if (options.json) {
    console.log(JSON.stringify(figures));
    return;
  }
  console.log('');
  console.log(formatTable(gatewayRows(figures)));
  for (const kind of kinds) {
    const k = figures[kind];
    console.log(`${kind}: max ${k.direct.max.toFixed(1)} ms direct, ${k.gateway.max.toFixed(1)} ms through the gateway; p50 overhead ${k.overheadP50.toFixed(2)} ms`);
  }
  console.log(`load average (1, 5, 15 min) ${figures.load.before.join(', ')} before, ${figures.load.after.join(', ')} after; ${figures.requests} calls per kind and route after ${figures.warmup} warm-up rounds`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
