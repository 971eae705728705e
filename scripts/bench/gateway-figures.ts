/**
 * The gateway's cost in figures (issue 27), pure so the wording and the verdicts are unit-tested: the latency bench's
 * options and percentiles (scripts/bench-gateway.ts), and its rows and the gateway-mode size rows of `npm run bench`.
 */
import { countOption, flag } from './options';
import { errorRow, kb, ms, numbersByPath, pick, within, type Row, type UnknownJson } from './table';

/** Goal of issue 27: the gateway adds at most this much to the 95th percentile of a call. */
export const GATEWAY_P95_OVERHEAD_GOAL_MS = 5;
/** Goal of issue 27: the first screen in gateway mode at most this many times the library floor (the OpenID library leaves it). */
export const GATEWAY_SIZE_RATIO_GOAL = 1;

export type GatewayBenchOptions = { requests: number; warmup: number; json: boolean };

/** `--requests N` (default 300 per kind and route), `--warmup N` (default 30), `--json`; a wrong count stops with a sentence. */
export function gatewayBenchOptions(argv: readonly string[] = process.argv): GatewayBenchOptions {
  return { requests: countOption('requests', 300, argv), warmup: countOption('warmup', 30, argv), json: flag('json', argv) };
}

/** Nearest rank: the smallest sample at or above which `p` per cent of the samples lie. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

export type Spread = { p50: number; p95: number; max: number };
export type KindFigures = { path: string; direct: Spread; gateway: Spread; overheadP50: number; overheadP95: number };
export const kinds = ['list', 'detail'] as const;
export type Kind = (typeof kinds)[number];

export type GatewayFigures = {
  requests: number;
  warmup: number;
  goalP95OverheadMs: number;
  list: KindFigures;
  detail: KindFigures;
  /** The worse of the two kinds' p95 overheads: the figure the goal is read against. */
  worstP95OverheadMs: number;
  load: { before: number[]; after: number[] };
  /** CPU time (user + system) per call served, of the gateway's processes and of the mocked service's (NaN off Linux). */
  cpu?: { gatewayMsPerCall: number; serviceMsPerCall: number };
  /** How long the bench waited for quiet cores before the first round, and how idle the last second was (0–1). */
  quiet?: { waitedSeconds: number; idle: number };
};

const round = (n: number) => Math.round(n * 100) / 100;
const spread = (values: readonly number[]): Spread => ({ p50: round(percentile(values, 50)), p95: round(percentile(values, 95)), max: round(Math.max(...values)) });

export function kindFigures(path: string, direct: readonly number[], gateway: readonly number[]): KindFigures {
  const d = spread(direct);
  const g = spread(gateway);
  return { path, direct: d, gateway: g, overheadP50: round(g.p50 - d.p50), overheadP95: round(g.p95 - d.p95) };
}

const signed = (n: number) => `${n < 0 ? '−' : '+'}${ms(Math.abs(n))}`;

/** scripts/bench-gateway.ts --json: per kind, direct vs through the gateway, against the p95 overhead goal. */
export function gatewayRows(figures: GatewayFigures): Row[] {
  const load = figures.load.before.length ? `, load ${figures.load.before[0]?.toFixed(1)}→${figures.load.after[0]?.toFixed(1)}` : '';
  const rows = kinds.map((kind): Row => {
    const k = figures[kind];
    if (!k || !Number.isFinite(k.overheadP95)) return errorRow(`gateway overhead, ${kind}`, 'no figures');
    return {
      measure: `gateway overhead, ${kind} ${k.path} (${figures.requests} calls each way${load})`,
      figure: `p50 ${ms(k.direct.p50)} → ${ms(k.gateway.p50)}, p95 ${ms(k.direct.p95)} → ${ms(k.gateway.p95)} (${signed(k.overheadP95)})`,
      budget: `p95 overhead ≤ ${figures.goalP95OverheadMs} ms`,
      verdict: within(k.overheadP95 <= figures.goalP95OverheadMs),
    };
  });
  const cpu = figures.cpu;
  if (cpu && Number.isFinite(cpu.gatewayMsPerCall)) {
    rows.push({
      measure: 'gateway CPU time per forwarded call (user + system)',
      figure: `${ms(cpu.gatewayMsPerCall)} (the service: ${ms(cpu.serviceMsPerCall)} per call)`,
      budget: 'reported',
      verdict: '—',
    });
  }
  return rows;
}

/**
 * The first screen in gateway mode (scripts/first-screen-size.mjs --mode gateway --json) beside direct mode's figure,
 * against the library floor (which still holds oidc-client-ts: the library gateway mode leaves out).
 */
export function gatewaySizeRows(gateway: UnknownJson, direct: UnknownJson | undefined): Row[] {
  const numbers = numbersByPath(gateway);
  const gzip = pick(numbers, /^firstScreenGzip$/);
  const floor = pick(numbers, /^floorGzip$/);
  if (gzip === undefined || !floor) return [errorRow('first-screen JS (gzip), gateway mode', 'no firstScreenGzip or floorGzip in the size script\'s output')];
  const directGzip = direct ? pick(numbersByPath(direct), /^firstScreenGzip$/) : undefined;
  const ratio = gzip / floor;
  const beside = directGzip === undefined ? '' : ` (direct mode ${kb(directGzip)}, ${gzip <= directGzip ? '−' : '+'}${kb(Math.abs(directGzip - gzip))})`;
  return [
    {
      measure: 'first-screen JS (gzip), gateway mode',
      figure: `${kb(gzip)}${beside}`,
      // Issue 27's size goal as decision 0056 restates it: the gateway costs the first screen nothing.
      budget: directGzip === undefined ? 'reported' : '≤ direct mode (0056)',
      verdict: directGzip === undefined ? '—' : within(gzip <= directGzip),
    },
    {
      measure: 'gateway-mode first screen ÷ library floor',
      figure: `${ratio.toFixed(3)} × (floor ${kb(floor)})`,
      budget: `≤ ${GATEWAY_SIZE_RATIO_GOAL.toFixed(2)} × (aim, 0056)`,
      verdict: within(ratio <= GATEWAY_SIZE_RATIO_GOAL),
    },
  ];
}
