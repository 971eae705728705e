// @vitest-environment node
// The size budget rules: the ratio to the floor passes at the budget and fails one step over it, naming file, figure,
// the bytes over and the budget;
// the real size-budgets.json is read and a lowered temporary copy of it fails (the file in the repo is not touched).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBudgets, checkGatewayBudgets, formatRows, readBudgets, type SizeBudgets, type SizeResult } from './budgets.mjs';

const budgets: SizeBudgets = {
  ratio: { goal: 1.15, max: 1.3 },
  forbid: { wizardInFirstScreen: true, mswInFirstScreen: true, mswInBuild: true },
  gateway: { ratio: { goal: 1, max: 1.1 } },
};

const result = (over: Partial<SizeResult> = {}): SizeResult => ({
  firstScreenGzip: 140_000,
  floorGzip: 120_000,
  ratio: 1.167,
  rows: [
    { path: '/assets/index-a.js', gzip: 100_000 },
    { path: '/assets/overview-route-b.js', gzip: 40_000 },
  ],
  mswInFirstScreen: false,
  wizardInFirstScreen: false,
  mswInBuild: [],
  ...over,
});

const failing = (r: SizeResult, b: SizeBudgets = budgets) => checkBudgets(r, b, 'budgets.json').filter((row) => !row.pass);

describe('checkGatewayBudgets', () => {
  const gatewayFailing = (r: SizeResult) => checkGatewayBudgets(r, budgets, 'budgets.json').filter((row) => !row.pass).map((row) => row.rule);

  it.each([
    ['many bytes, ratio within', { firstScreenGzip: 200_000, ratio: 1.083 }, []],
    ['ratio at its budget', { firstScreenGzip: 120_000, ratio: 1.1 }, []],
    ['ratio just over', { firstScreenGzip: 120_000, ratio: 1.101 }, ['gateway mode: first screen / floor (goal 1)']],
    ['msw anywhere in the build', { firstScreenGzip: 120_000, ratio: 1, mswInBuild: ['mockServiceWorker.js'] }, ['gateway mode: msw not in the production build']],
    ['oidc-client-ts anywhere in the build', { firstScreenGzip: 120_000, ratio: 1, oidcInBuild: ['assets/user-manager.js'] }, ['gateway mode: oidc-client-ts not in the build']],
    ['no oidc-client-ts in the build', { firstScreenGzip: 120_000, ratio: 1, oidcInBuild: [] }, []],
  ] as const)('%s', (_name, over, rules) => {
    expect(gatewayFailing(result(over as Partial<SizeResult>))).toEqual(rules);
  });

  it.each([
    ['as large as direct mode', 128_900, []],
    ['one byte larger than direct mode', 128_901, ['gateway mode: no larger than direct mode']],
    ['smaller than direct mode', 128_400, []],
  ] as const)('%s', (_name, gatewayGzip, rules) => {
    const direct = result({ firstScreenGzip: 128_900, ratio: 1.045 });
    const rows = checkGatewayBudgets(result({ firstScreenGzip: gatewayGzip, ratio: 1.04 }), budgets, 'budgets.json', direct);
    expect(rows.filter((row) => !row.pass).map((row) => row.rule)).toEqual(rules);
  });

  it('says why gateway mode may not be larger than direct mode', () => {
    const direct = result({ firstScreenGzip: 128_900 });
    const text = formatRows(checkGatewayBudgets(result({ firstScreenGzip: 129_000, ratio: 1.04 }), budgets, 'budgets.json', direct));
    expect(text).toContain("size budget exceeded: gateway mode's first screen is 129000 B gzip, more than direct mode's 128900 B");
  });

  it('names the gateway budget it is over, and by how many bytes', () => {
    const text = formatRows(checkGatewayBudgets(result({ firstScreenGzip: 132_121, ratio: 1.101 }), budgets, 'budgets.json'));
    expect(text).toContain(
      "size budget exceeded: gateway mode's first screen / floor is 1.101, over gateway.ratio.max 1.1 in budgets.json: the first screen is 132121 B gzip, 121 B over 132000 B (1.1 × the floor of 120000 B built in this run)",
    );
  });
});

describe('checkBudgets', () => {
  it('passes a measurement within every budget', () => {
    expect(failing(result())).toEqual([]);
  });

  it.each([
    ['many bytes, ratio within', { firstScreenGzip: 500_000 }, []],
    ['ratio at its budget', { ratio: 1.3 }, []],
    ['ratio just over', { ratio: 1.301 }, ['first screen / library floor (goal 1.15)']],
    ['wizard in the first screen', { wizardInFirstScreen: true, rows: [{ path: '/assets/new-ticket-route.js', gzip: 1, wizard: true }] }, ['wizard not in the first screen']],
    ['msw in the first screen', { mswInFirstScreen: true, rows: [{ path: '/assets/browser.js', gzip: 1, msw: true }] }, ['msw not in the first screen']],
    ['msw anywhere in the build', { mswInBuild: ['mockServiceWorker.js'] }, ['msw not in the production build']],
  ] as const)('%s', (_name, over, rules) => {
    expect(failing(result(over as Partial<SizeResult>)).map((row) => row.rule)).toEqual(rules);
  });

  it('says in words which file, figure and budget, and the largest files', () => {
    const text = formatRows(checkBudgets(result({ firstScreenGzip: 156_121, ratio: 1.301 }), budgets, 'budgets.json'));
    expect(text).toContain('FAIL  first screen / library floor (goal 1.15)');
    expect(text).toContain(
      'size budget exceeded: first screen / floor is 1.301, over ratio.max 1.3 in budgets.json: the first screen is 156121 B gzip, 121 B over 156000 B (1.3 × the floor of 120000 B built in this run); largest files: /assets/index-a.js 100.0 kB, /assets/overview-route-b.js 40.0 kB',
    );
  });

  it('a rule switched off is not checked', () => {
    const off = { ...budgets, forbid: { ...budgets.forbid, mswInBuild: false } };
    expect(failing(result({ mswInBuild: ['x.js'] }), off)).toEqual([]);
  });
});

describe('size-budgets.json', () => {
  const dir = mkdtempSync(join(tmpdir(), 'size-budgets-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const real = readBudgets(join(process.cwd(), 'size-budgets.json'));

  it('holds every rule, with the ratio goal of issue 18', () => {
    expect(real.ratio.goal).toBe(1.1);
    expect(real.forbid).toEqual({ wizardInFirstScreen: true, mswInFirstScreen: true, mswInBuild: true });
  });

  it('sets the budget below the goal, and gateway mode\'s no looser than direct mode\'s, with the goal of issue 27', () => {
    expect(real.ratio.max).toBeLessThan(real.ratio.goal);
    expect(real.gateway.ratio.max).toBeLessThanOrEqual(real.ratio.max);
    expect(real.gateway.ratio.goal).toBe(1);
  });

  it('a temporary copy with the budget lowered below the measured figure fails the check', () => {
    // A measurement right at the real budget passes; the same against the lowered copy fails.
    const measured = result({ ratio: real.ratio.max });
    expect(failing(measured, real)).toEqual([]);
    const copy = join(dir, 'size-budgets.json');
    const lowered = JSON.parse(readFileSync(join(process.cwd(), 'size-budgets.json'), 'utf8')) as SizeBudgets;
    lowered.ratio.max = real.ratio.max - 0.001;
    writeFileSync(copy, JSON.stringify(lowered));
    const rows = checkBudgets(measured, readBudgets(copy), copy);
    expect(rows.filter((row) => !row.pass).map((row) => row.why)).toEqual([
      expect.stringContaining(`over ratio.max ${lowered.ratio.max} in ${copy}`),
    ]);
  });

  it.each([
    ['no ratio budget', { gateway: budgets.gateway, forbid: budgets.forbid }, 'ratio.max'],
    ['a byte budget', { ...budgets, firstScreen: { maxGzipBytes: 1 } }, 'firstScreen'],
    ['a gateway byte budget', { ...budgets, gateway: { ...budgets.gateway, firstScreen: { maxGzipBytes: 1 } } }, 'gateway.firstScreen'],
    ['a ratio of zero', { ...budgets, ratio: { goal: 1.15, max: 0 } }, 'ratio.max'],
    ['a rule that is not true/false', { ...budgets, forbid: { ...budgets.forbid, mswInBuild: 'yes' } }, 'forbid.mswInBuild'],
    ['no gateway budget', { ...budgets, gateway: undefined }, 'gateway.ratio.max'],
    ['a gateway ratio of zero', { ...budgets, gateway: { ...budgets.gateway, ratio: { goal: 1, max: 0 } } }, 'gateway.ratio.max'],
  ])('refuses a budget file with %s, naming the entry', (_name, content, entry) => {
    const path = join(dir, 'broken.json');
    writeFileSync(path, JSON.stringify(content));
    expect(() => readBudgets(path)).toThrow(new RegExp(`${path}: missing or wrong: .*${entry.replace('.', '\\.')}`));
  });
});
