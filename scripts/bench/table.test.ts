// @vitest-environment node
// The rows of `npm run bench`: each budget's verdict on both sides of its bound, the wording, and tolerant reading.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RATIO_GOAL,
  entryRows,
  errorRow,
  formatTable,
  lastJsonObject,
  lighthouseRows,
  listenerRows,
  listRows,
  notAvailableRow,
  numbersByPath,
  sizeRows,
} from './table';

const kB = 1000;
const size = (over: Record<string, unknown> = {}) => ({
  firstScreenGzip: 130 * kB,
  floorGzip: 120 * kB,
  ratio: 130 / 120,
  rows: [{ path: '/assets/index.js', gzip: 130 * kB }],
  mswInFirstScreen: false,
  wizardInFirstScreen: false,
  ...over,
});

describe('sizeRows', () => {
  it('shows the first-screen size against the budget file and the ratio to the floor', () => {
    const rows = sizeRows(size(), { firstScreenGzip: 140 * kB, ratio: 1.15 });
    expect(rows).toEqual([
      { measure: 'first-screen JS (gzip)', figure: '130.0 kB', budget: '≤ 140.0 kB (size-budgets.json)', verdict: 'within' },
      { measure: 'first screen ÷ library floor', figure: '1.08 × (floor 120.0 kB)', budget: '≤ 1.15 ×', verdict: 'within' },
      { measure: 'wizard / msw in the first screen', figure: 'no / no', budget: 'neither', verdict: 'within' },
    ]);
  });

  it.each([
    { gzip: 140 * kB, budget: 140 * kB, verdict: 'within' },
    { gzip: 140 * kB + 1, budget: 140 * kB, verdict: 'over' },
  ])('gzip $gzip against a budget of $budget bytes is $verdict', ({ gzip, budget, verdict }) => {
    expect(sizeRows(size({ firstScreenGzip: gzip }), { firstScreen: { maxGzipBytes: budget } })[0].verdict).toBe(verdict);
  });

  it.each([
    { ratio: 1.1, verdict: 'within' },
    { ratio: 1.101, verdict: 'over' },
  ])('a ratio of $ratio against the default goal is $verdict', ({ ratio, verdict }) => {
    const [, row] = sizeRows(size({ ratio }), undefined);
    expect(row).toMatchObject({ budget: `≤ ${DEFAULT_RATIO_GOAL} ×`, verdict });
  });

  it('reads size-budgets.json as the size check writes it: gzip ceiling, ratio goal and ceiling', () => {
    const budgets = { firstScreen: { maxGzipBytes: 197000 }, ratio: { goal: 1.15, max: 1.6 }, forbid: { wizardInFirstScreen: true } };
    const rows = sizeRows(size({ firstScreenGzip: 192900, floorGzip: 123300, ratio: 1.564, mswInBuild: [] }), budgets);
    expect(rows.map((r) => [r.figure, r.budget, r.verdict])).toEqual([
      ['192.9 kB', '≤ 197.0 kB (size-budgets.json)', 'within'],
      ['1.56 × (floor 123.3 kB)', 'goal ≤ 1.15 ×, budget ≤ 1.6 ×', 'over'],
      ['no / no', 'neither', 'within'],
      ['no', 'no', 'within'],
    ]);
  });

  it('msw anywhere in the production build is over', () => {
    expect(sizeRows(size({ mswInBuild: ['mockServiceWorker.js'] }), undefined)[3]).toMatchObject({ figure: 'mockServiceWorker.js', verdict: 'over' });
  });

  it('reads a ratio goal from the budget file by name', () => {
    expect(sizeRows(size({ ratio: 1.2 }), { maxRatio: 1.25 })[1]).toMatchObject({ budget: '≤ 1.25 ×', verdict: 'within' });
  });

  it('says there is no budget file rather than inventing a budget', () => {
    expect(sizeRows(size(), undefined)[0]).toMatchObject({ budget: 'no budget file', verdict: '—' });
  });

  it.each([
    { over: { wizardInFirstScreen: true }, figure: 'yes / no' },
    { over: { mswInFirstScreen: true }, figure: 'no / yes' },
  ])('the wizard or msw in the first screen is over ($figure)', ({ over, figure }) => {
    expect(sizeRows(size(over), undefined)[2]).toMatchObject({ figure, verdict: 'over' });
  });

  it('reads the older output (total, mswInDist) without a floor', () => {
    const rows = sizeRows({ total: 190 * kB, rows: [], mswInDist: [] }, undefined);
    expect(rows[0]).toMatchObject({ figure: '190.0 kB' });
    expect(rows[1]).toMatchObject({ figure: expect.stringContaining('not available'), verdict: '—' });
    expect(rows[2]).toMatchObject({ figure: 'n/a / no', verdict: 'within' });
  });

  it('is an error row when the output has no size', () => {
    expect(sizeRows({ rows: [] }, undefined)).toEqual([expect.objectContaining({ verdict: 'error' })]);
  });
});

describe('entryRows', () => {
  const entry = (worst: number) => ({ goalMs: 50, keys: 40, summary: { small: { median: 6.2, worst: 12 }, largest: { median: 18.1, worst } } });

  it.each([
    { worst: 50, verdict: 'within' },
    { worst: 50.1, verdict: 'over' },
  ])('a worst of $worst ms at the largest ticket is $verdict', ({ worst, verdict }) => {
    expect(entryRows(entry(worst))[1]).toEqual({
      measure: 'wizard input latency, largest legal ticket',
      figure: 'median 18 ms, worst 50 ms',
      budget: 'worst ≤ 50 ms',
      verdict,
    });
  });

  it('shows the smallest ticket too, milliseconds below 10 with one decimal', () => {
    expect(entryRows(entry(20))[0]).toMatchObject({ measure: 'wizard input latency, smallest legal ticket', figure: 'median 6.2 ms, worst 12 ms' });
  });
});

describe('listRows', () => {
  const list = (show100: number, nextPage: number) => ({
    goalRatio: 1.2,
    sizes: [
      { size: 100, show100: { median: 100 }, nextPage: { median: 100 } },
      { size: 100000, show100: { median: 100 * show100 }, nextPage: { median: 100 * nextPage } },
    ],
    ratio: { show100, nextPage },
  });

  it('shows both sizes and the ratio', () => {
    expect(listRows(list(1.1, 1.3))).toEqual([
      { measure: 'list show a page of 100, 100 vs 100,000 tickets', figure: '100 ms vs 110 ms, ratio 1.10', budget: 'ratio ≤ 1.2', verdict: 'within' },
      { measure: 'list next page, 100 vs 100,000 tickets', figure: '100 ms vs 130 ms, ratio 1.30', budget: 'ratio ≤ 1.2', verdict: 'over' },
    ]);
  });

  it.each([
    { ratio: 1.2, verdict: 'within' },
    { ratio: 1.21, verdict: 'over' },
  ])('a ratio of $ratio is $verdict', ({ ratio, verdict }) => {
    expect(listRows(list(ratio, ratio)).map((r) => r.verdict)).toEqual([verdict, verdict]);
  });

  it('is an error row with one size only', () => {
    expect(listRows({ goalRatio: 1.2, sizes: [list(1, 1).sizes[0]], ratio: null })).toEqual([expect.objectContaining({ verdict: 'error' })]);
  });
});

describe('listenerRows', () => {
  it('reads throughput, peak memory, lost and duplicates by name', () => {
    const rows = listenerRows({ events: 10000, acceptedPerSecond: 2500.4, deliveredPerSecond: 2400, peakRssBytes: 80 * 1024 * 1024, lost: 0, duplicates: 0 });
    expect(rows).toEqual([
      {
        measure: 'listener: 10,000 events posted and relayed',
        figure: '2,500 accepted/s, 2,400 delivered/s, peak 80 MiB, lost 0, duplicates 0',
        budget: '0 lost, 0 duplicates',
        verdict: 'within',
      },
    ]);
  });

  it('reads scripts/bench-listener.ts as it prints', () => {
    const printed = { events: 10000, concurrency: 32, subscriber: 'chromium', acceptedPerSecond: 1800, deliveredPerSecond: 1700, peakRssMiB: 95.3, idleRssMiB: 60.1, lost: 0, duplicates: 0, reconnects: 0, resets: 0, refused: 0 };
    expect(listenerRows(printed)[0]).toMatchObject({ figure: '1,800 accepted/s, 1,700 delivered/s, peak 95 MiB, lost 0, duplicates 0', verdict: 'within' });
  });

  it.each([
    { lost: 1, duplicates: 0, verdict: 'over' },
    { lost: 0, duplicates: 1, verdict: 'over' },
    { lost: 0, duplicates: 0, verdict: 'within' },
  ])('lost $lost, duplicates $duplicates is $verdict', ({ lost, duplicates, verdict }) => {
    expect(listenerRows({ posted: 10000, delivered: { perSecond: 900 }, receiver: { peakRssMb: 70 }, lost, duplicates })[0]).toMatchObject({ verdict });
  });

  it('is an error row naming the keys when it finds nothing it knows', () => {
    expect(listenerRows({ foo: 1 })[0]).toMatchObject({ verdict: 'error', figure: expect.stringContaining('foo') });
  });
});

describe('lighthouseRows', () => {
  const formFactor = (performance: number, accessibility = 100, bestPractices = 100, metrics = { lcpMs: 2400, tbtMs: 120, cls: 0.01 }) => ({
    scores: { performance, accessibility, 'best-practices': bestPractices },
    metrics,
  });
  const load = { before: 1.2, after: 1.5 };

  it('shows each score against its goal per mode, with the load, the lower of mobile and desktop for accessibility and best practices', () => {
    const rows = lighthouseRows({ url: '/', runs: 3, modes: { demo: { mobile: formFactor(94, 100, 96), desktop: formFactor(100, 98, 100), load } } });
    expect(rows.map((r) => [r.measure, r.figure, r.budget, r.verdict])).toEqual([
      ['Lighthouse performance, mobile (demo, /, median of 3, load 1.2→1.5)', '94 (LCP 2400 ms, TBT 120 ms, CLS 0.010)', '≥ 95', 'over'],
      ['Lighthouse mobile LCP / TBT / CLS (demo, /, median of 3, load 1.2→1.5)', '2400 ms / 120 ms / 0.010', '≤ 2000 ms / ≤ 150 ms / ≤ 0.02', 'over'],
      ['Lighthouse performance, desktop (demo, /, median of 3, load 1.2→1.5)', '100 (LCP 2400 ms, TBT 120 ms, CLS 0.010)', '100', 'within'],
      ['Lighthouse accessibility (demo, /, median of 3, load 1.2→1.5)', '98', '100', 'over'],
      ['Lighthouse best practices (demo, /, median of 3, load 1.2→1.5)', '96', '100', 'over'],
    ]);
  });

  it.each([
    ['every metric at its goal', { lcpMs: 2000, tbtMs: 150, cls: 0.02 }, 'within'],
    ['LCP just over', { lcpMs: 2001, tbtMs: 150, cls: 0.02 }, 'over'],
    ['TBT just over', { lcpMs: 2000, tbtMs: 151, cls: 0.02 }, 'over'],
    ['CLS just over', { lcpMs: 2000, tbtMs: 150, cls: 0.021 }, 'over'],
  ])('mobile metrics: %s', (_name, metrics, verdict) => {
    const rows = lighthouseRows({ url: '/', runs: 1, modes: { real: { mobile: formFactor(95, 100, 100, metrics), desktop: formFactor(100) } } });
    expect(rows[1]).toMatchObject({ measure: expect.stringContaining('(real, /, median of 1)'), verdict });
  });

  it('rows for both modes, demo first', () => {
    const rows = lighthouseRows({ url: '/', runs: 1, modes: { demo: { mobile: formFactor(95), desktop: formFactor(100) }, real: { mobile: formFactor(80), desktop: formFactor(99) } } });
    expect(rows.map((r) => [r.measure.match(/\((\w+),/)?.[1], r.verdict])).toEqual([
      ['demo', 'within'],
      ['demo', 'over'],
      ['demo', 'within'],
      ['demo', 'within'],
      ['demo', 'within'],
      ['real', 'over'],
      ['real', 'over'],
      ['real', 'over'],
      ['real', 'within'],
      ['real', 'within'],
    ]);
  });

  it('names the audits that did not pass', () => {
    const mobile = { ...formFactor(95, 100, 96), failing: [{ category: 'best-practices', id: 'errors-in-console' }] };
    const desktop = { ...formFactor(95, 100, 96), failing: [{ category: 'best-practices', id: 'errors-in-console' }] };
    expect(lighthouseRows({ url: '/', runs: 1, modes: { demo: { mobile, desktop } } })[4]).toMatchObject({ figure: '96 (not passed: errors-in-console)', verdict: 'over' });
  });

  it('an error row when no mode was measured', () => {
    expect(lighthouseRows({ url: '/', runs: 1, modes: {} })).toEqual([expect.objectContaining({ verdict: 'error' })]);
  });
});

describe('the table', () => {
  it('prints a Markdown table with aligned columns', () => {
    const table = formatTable([
      { measure: 'a', figure: '1 ms', budget: '≤ 2 ms', verdict: 'within' },
      notAvailableRow('listener', 'script missing'),
    ]);
    expect(table.split('\n')).toEqual([
      '| measure  | figure                         | budget / goal | verdict |',
      '|----------|--------------------------------|---------------|---------|',
      '| a        | 1 ms                           | ≤ 2 ms        | within  |',
      '| listener | not available (script missing) |               | —       |',
    ]);
  });

  it('an error row keeps the first line of the message', () => {
    expect(errorRow('size', '\nNo production build: run `npm run build` first.\n    at x')).toMatchObject({
      figure: 'error: No production build: run `npm run build` first.',
      verdict: 'error',
    });
  });
});

describe('reading a script\'s output', () => {
  it('takes the last JSON object line after progress lines', () => {
    expect(lastJsonObject('Building …\n{"a":1}\n{ not json\n{"b":2}\n')).toEqual({ b: 2 });
    expect(lastJsonObject('{"a":1}\n{broken\n')).toEqual({ a: 1 });
    expect(lastJsonObject('no json here')).toBeUndefined();
  });

  it('reads a pretty-printed object with nested objects after progress lines', () => {
    const printed = JSON.stringify({ firstScreenGzip: 1, rows: [{ path: '/a.js', gzip: 1 }], nested: { b: 2 } }, null, 2);
    expect(lastJsonObject(`Building …\n${printed}\n`)).toEqual({ firstScreenGzip: 1, rows: [{ path: '/a.js', gzip: 1 }], nested: { b: 2 } });
  });

  it('names every number by its path', () => {
    expect([...numbersByPath({ a: 1, b: { c: [2, { d: 3 }] }, e: 'x' })]).toEqual([
      ['a', 1],
      ['b.c.0', 2],
      ['b.c.1.d', 3],
    ]);
  });
});
