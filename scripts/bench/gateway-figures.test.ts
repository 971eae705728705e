// @vitest-environment node
// The gateway's cost in figures: options, percentiles, and the rows of `npm run bench` on both sides of each goal.
import { describe, expect, it } from 'vitest';
import { gatewayBenchOptions, gatewayRows, gatewaySizeRows, kindFigures, percentile, type GatewayFigures } from './gateway-figures';

describe('gatewayBenchOptions', () => {
  it('defaults to 300 calls after 30 warm-up rounds, figures as a table', () => {
    expect(gatewayBenchOptions(['node', 'bench-gateway.ts'])).toEqual({ requests: 300, warmup: 30, json: false });
  });

  it('reads --requests, --warmup and --json', () => {
    expect(gatewayBenchOptions(['node', 'x', '--requests', '50', '--warmup', '1', '--json'])).toEqual({ requests: 50, warmup: 1, json: true });
  });

  it.each([['0'], ['-3'], ['2.5'], ['many']])('refuses --requests %s with a sentence naming it', (value) => {
    expect(() => gatewayBenchOptions(['node', 'x', '--requests', value])).toThrow(`--requests must be a whole number of at least 1, not "${value}"`);
  });
});

describe('percentile (nearest rank)', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => 100 - i);

  it.each([
    [50, 50],
    [95, 95],
    [100, 100],
    [1, 1],
  ])('p%i of 1 … 100 in any order is %i', (p, expected) => {
    expect(percentile(hundred, p)).toBe(expected);
  });

  it('of one sample is that sample; of none, not a number', () => {
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('of 300 samples, p95 is the 285th smallest', () => {
    const samples = Array.from({ length: 300 }, (_, i) => i + 1);
    expect(percentile(samples, 95)).toBe(285);
  });
});

const figures = (overheadMs: number, detailOverheadMs = 1): GatewayFigures => ({
  requests: 300,
  warmup: 30,
  goalP95OverheadMs: 5,
  list: kindFigures('/troubleTicket?limit=20', [2, 3, 4], [2 + overheadMs, 3 + overheadMs, 4 + overheadMs]),
  detail: kindFigures('/troubleTicket/{id}', [1, 2, 3], [1 + detailOverheadMs, 2 + detailOverheadMs, 3 + detailOverheadMs]),
  worstP95OverheadMs: Math.max(overheadMs, detailOverheadMs),
  load: { before: [1.23, 1, 1], after: [1.51, 1, 1] },
});

describe('gatewayRows', () => {
  it('shows p50 and p95 direct → through the gateway and the p95 overhead, with the calls and the load', () => {
    expect(gatewayRows(figures(2.5))).toEqual([
      {
        measure: 'gateway overhead, list /troubleTicket?limit=20 (300 calls each way, load 1.2→1.5)',
        figure: 'p50 3.0 ms → 5.5 ms, p95 4.0 ms → 6.5 ms (+2.5 ms)',
        budget: 'p95 overhead ≤ 5 ms',
        verdict: 'within',
      },
      {
        measure: 'gateway overhead, detail /troubleTicket/{id} (300 calls each way, load 1.2→1.5)',
        figure: 'p50 2.0 ms → 3.0 ms, p95 3.0 ms → 4.0 ms (+1.0 ms)',
        budget: 'p95 overhead ≤ 5 ms',
        verdict: 'within',
      },
    ]);
  });

  it.each([
    { overhead: 5, verdict: 'within' },
    { overhead: 5.01, verdict: 'over' },
    { overhead: -0.5, verdict: 'within' },
  ])('a p95 overhead of $overhead ms is $verdict', ({ overhead, verdict }) => {
    expect(gatewayRows(figures(overhead, overhead)).map((r) => r.verdict)).toEqual([verdict, verdict]);
  });

  it('writes a gateway faster than direct as a minus', () => {
    expect(gatewayRows(figures(-0.5))[0]?.figure).toMatch(/\(−0\.5 ms\)$/);
  });

  it('adds the CPU time per call when it was read, never with a verdict', () => {
    const rows = gatewayRows({ ...figures(1), cpu: { gatewayMsPerCall: 0.84, serviceMsPerCall: 1.5 } });
    expect(rows[2]).toEqual({ measure: 'gateway CPU time per forwarded call (user + system)', figure: '0.8 ms (the service: 1.5 ms per call)', budget: 'reported', verdict: '—' });
    expect(gatewayRows({ ...figures(1), cpu: { gatewayMsPerCall: Number.NaN, serviceMsPerCall: Number.NaN } })).toHaveLength(2);
  });

  it('is an error row for a kind without figures', () => {
    const broken = { ...figures(1), detail: kindFigures('/troubleTicket/{id}', [], []) };
    expect(gatewayRows(broken)[1]).toMatchObject({ verdict: 'error' });
  });
});

describe('gatewaySizeRows', () => {
  const kB = 1000;
  const gateway = (firstScreenGzip: number) => ({ mode: 'gateway', firstScreenGzip, floorGzip: 120 * kB, ratio: firstScreenGzip / (120 * kB), rows: [] });

  it('shows the gateway-mode first screen beside direct mode and its ratio to the floor', () => {
    expect(gatewaySizeRows(gateway(110 * kB), { firstScreenGzip: 127.5 * kB, floorGzip: 120 * kB })).toEqual([
      { measure: 'first-screen JS (gzip), gateway mode', figure: '110.0 kB (direct mode 127.5 kB, −17.5 kB)', budget: '≤ direct mode (0056)', verdict: 'within' },
      { measure: 'gateway-mode first screen ÷ library floor', figure: '0.917 × (floor 120.0 kB)', budget: '≤ 1.00 × (aim, 0056)', verdict: 'within' },
    ]);
  });

  it.each([
    { gzip: 127.5 * kB, verdict: 'within' },
    { gzip: 127.5 * kB + 1, verdict: 'over' },
  ])('$gzip bytes beside direct mode\'s 127.5 kB is $verdict', ({ gzip, verdict }) => {
    expect(gatewaySizeRows(gateway(gzip), { firstScreenGzip: 127.5 * kB, floorGzip: 120 * kB })[0]?.verdict).toBe(verdict);
  });

  it.each([
    { gzip: 120 * kB, verdict: 'within' },
    { gzip: 120 * kB + 1, verdict: 'over' },
  ])('$gzip bytes on a floor of 120 kB is $verdict', ({ gzip, verdict }) => {
    expect(gatewaySizeRows(gateway(gzip), undefined)[1]?.verdict).toBe(verdict);
  });

  it('reads without direct mode\'s figure, and is an error row without a floor', () => {
    expect(gatewaySizeRows(gateway(100 * kB), undefined)[0]?.figure).toBe('100.0 kB');
    expect(gatewaySizeRows({ firstScreenGzip: 1 }, undefined)).toEqual([expect.objectContaining({ verdict: 'error' })]);
  });
});
