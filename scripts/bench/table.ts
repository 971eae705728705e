/**
 * The rows of `npm run bench` (scripts/bench.ts): each measurement's JSON turned into rows of measure, figure,
 * budget / goal and verdict, and the table printed from them. Pure, so the wording and the verdicts are unit-tested.
 */

/** within / over: the figure meets / misses its budget or goal; '—': reported only; error: the step failed. */
export type Verdict = 'within' | 'over' | '—' | 'error';

export type Row = { measure: string; figure: string; budget: string; verdict: Verdict };

export type UnknownJson = Record<string, unknown>;

export const within = (ok: boolean): Verdict => (ok ? 'within' : 'over');

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** kB of 1,000 bytes, as scripts/first-screen-size.mjs and docs/decisions/0026 print them. */
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
export const ms = (value: number) => (isNumber(value) ? `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms` : 'n/a');
const count = (value: number) => Math.round(value).toLocaleString('en-GB');

/** Every number in a JSON value by its dotted path ("a.b.0.c"), so another engineer's output can be read by name. */
export function numbersByPath(value: unknown, prefix = ''): Map<string, number> {
  const found = new Map<string, number>();
  if (isNumber(value)) found.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      for (const [path, n] of numbersByPath(inner, prefix ? `${prefix}.${key}` : key)) found.set(path, n);
    }
  }
  return found;
}

/** The first number whose path matches, in the order of `patterns` (most specific first). */
export function pick(numbers: Map<string, number>, ...patterns: RegExp[]): number | undefined {
  for (const pattern of patterns) {
    for (const [path, n] of numbers) if (pattern.test(path)) return n;
  }
  return undefined;
}

/** A step that failed: one row saying what went wrong, under the step's name. */
export const errorRow = (measure: string, message: string): Row => ({
  measure,
  figure: `error: ${message.split('\n').find((line) => line.trim() !== '')?.trim().slice(0, 160) ?? 'unknown'}`,
  budget: '',
  verdict: 'error',
});

export const notAvailableRow = (measure: string, why: string): Row => ({ measure, figure: `not available (${why})`, budget: '', verdict: '—' });

/** Ratio goal of issue 18 (decision 0039) when size-budgets.json names none. */
export const DEFAULT_RATIO_GOAL = 1.1;

/**
 * First-screen size (scripts/first-screen-size.mjs --json: firstScreenGzip, floorGzip, ratio, mswInFirstScreen,
 * wizardInFirstScreen) against size-budgets.json when present (its shape is the size check's: read by name).
 */
export function sizeRows(figures: UnknownJson, budgets: UnknownJson | undefined): Row[] {
  const numbers = numbersByPath(figures);
  const gzip = pick(numbers, /^firstScreenGzip$/, /^total$/);
  const floor = pick(numbers, /^floorGzip$/);
  const ratio = pick(numbers, /^ratio$/) ?? (gzip !== undefined && floor ? gzip / floor : undefined);
  const limits = budgets ? numbersByPath(budgets) : new Map<string, number>();
  const ratioGoal = pick(limits, /ratio.*goal/i, /ratio/i) ?? DEFAULT_RATIO_GOAL;
  // The enforced ceiling, when the file has one above the goal (the goal is issue 8's; the ceiling stops a slide).
  const ratioMax = pick(limits, /ratio.*max/i);
  // An older budget file's byte ceiling, else the bytes the ratio budget allows over this run's floor (decision 0074).
  const gzipBudget = pick(limits, /first.?screen.*gzip/i, /gzip/i) ?? (ratioMax !== undefined && floor ? Math.floor(ratioMax * floor) : undefined);
  const rows: Row[] = [];
  if (gzip === undefined) return [errorRow('first-screen JS (gzip)', 'no firstScreenGzip in the size script\'s output')];
  rows.push({
    measure: 'first-screen JS (gzip)',
    figure: kb(gzip),
    budget: gzipBudget === undefined ? 'no budget file' : `≤ ${kb(gzipBudget)} (size-budgets.json)`,
    verdict: gzipBudget === undefined ? '—' : within(gzip <= gzipBudget),
  });
  rows.push(
    floor === undefined || ratio === undefined
      ? notAvailableRow('first screen ÷ library floor', 'no floorGzip in the size script\'s output')
      : {
          measure: 'first screen ÷ library floor',
          figure: `${ratio.toFixed(2)} × (floor ${kb(floor)})`,
          budget: ratioMax === undefined || ratioMax === ratioGoal ? `≤ ${ratioGoal} ×` : `goal ≤ ${ratioGoal} ×, budget ≤ ${ratioMax} ×`,
          verdict: within(ratio <= ratioGoal),
        },
  );
  const yesNo = (key: string) => (typeof figures[key] === 'boolean' ? (figures[key] ? 'yes' : 'no') : undefined);
  const wizard = yesNo('wizardInFirstScreen');
  const msw = yesNo('mswInFirstScreen') ?? (Array.isArray(figures.mswInDist) ? (figures.mswInDist.length ? 'yes' : 'no') : undefined);
  rows.push({
    measure: 'wizard / msw in the first screen',
    figure: `${wizard ?? 'n/a'} / ${msw ?? 'n/a'}`,
    budget: 'neither',
    verdict: wizard === undefined && msw === undefined ? '—' : within(wizard !== 'yes' && msw !== 'yes'),
  });
  const inBuild = figures.mswInBuild;
  if (Array.isArray(inBuild)) {
    rows.push({
      measure: 'msw in the production build',
      figure: inBuild.length ? inBuild.join(', ') : 'no',
      budget: 'no',
      verdict: within(inBuild.length === 0),
    });
  }
  return rows;
}

type EntrySummary = { median: number; worst: number };

/** The wizard's input latency (scripts/bench-entry.ts --json): goal worst ≤ goalMs for both ticket sizes. */
export function entryRows(figures: { goalMs: number; keys: number; summary: Record<'small' | 'largest', EntrySummary> }): Row[] {
  const label = { small: 'smallest legal ticket', largest: 'largest legal ticket' } as const;
  return (['small', 'largest'] as const).map((size) => {
    const { median, worst } = figures.summary[size];
    return {
      measure: `wizard input latency, ${label[size]}`,
      figure: `median ${ms(median)}, worst ${ms(worst)}`,
      budget: `worst ≤ ${figures.goalMs} ms`,
      verdict: isNumber(worst) ? within(worst <= figures.goalMs) : 'error',
    };
  });
}

type Spread = { median: number };
type ListSize = { size: number; show100: Spread; nextPage: Spread };

/** List paging (scripts/bench-list.ts --json): the medians at each size and the ratio largest ÷ smallest. */
export function listRows(figures: { goalRatio: number; sizes: ListSize[]; ratio: { show100: number; nextPage: number } | null }): Row[] {
  const small = figures.sizes[0];
  const large = figures.sizes.at(-1);
  if (!small || !large || !figures.ratio) return [errorRow('list paging', 'fewer than two store sizes measured')];
  const sizes = `${count(small.size)} vs ${count(large.size)} tickets`;
  const row = (measure: string, key: 'show100' | 'nextPage'): Row => {
    const ratio = figures.ratio?.[key] ?? Number.NaN;
    return {
      measure: `list ${measure}, ${sizes}`,
      figure: `${ms(small[key].median)} vs ${ms(large[key].median)}, ratio ${ratio.toFixed(2)}`,
      budget: `ratio ≤ ${figures.goalRatio}`,
      verdict: isNumber(ratio) ? within(ratio <= figures.goalRatio) : 'error',
    };
  };
  return [row('show a page of 100', 'show100'), row('next page', 'nextPage')];
}

/**
 * The event receiver (scripts/bench-listener.ts --json, another engineer's): read by name, tolerant of its exact
 * shape; goal 0 lost and 0 duplicates, throughput and memory reported.
 */
export function listenerRows(figures: UnknownJson): Row[] {
  const numbers = numbersByPath(figures);
  const events = pick(numbers, /^(events|eventCount|total|posted|sent)$/i, /(posted|sent|events)(Count|Total)?$/i);
  const accepted = pick(numbers, /accept.*(per|rate)/i, /posted.*(per|rate)/i);
  const delivered = pick(numbers, /deliver.*(per|rate)/i);
  const peakMb = pick(numbers, /peak.*mi?b$/i, /rss.*mi?b$/i);
  const peakBytes = peakMb === undefined ? pick(numbers, /peak.*(rss|memory|bytes)|(rss|hwm).*peak|vmhwm|peakrss/i) : undefined;
  const peakKb = peakMb === undefined && peakBytes === undefined ? pick(numbers, /peak.*kb$|hwm.*kb$/i) : undefined;
  const lost = pick(numbers, /lost/i);
  const duplicates = pick(numbers, /dup/i);
  const parts = [
    accepted === undefined ? undefined : `${count(accepted)} accepted/s`,
    delivered === undefined ? undefined : `${count(delivered)} delivered/s`,
    peakMb !== undefined
      ? `peak ${peakMb.toFixed(0)} MiB`
      : peakBytes !== undefined
        ? `peak ${(peakBytes / 1024 / 1024).toFixed(0)} MiB`
        : peakKb !== undefined
          ? `peak ${(peakKb / 1024).toFixed(0)} MiB`
          : undefined,
    lost === undefined ? undefined : `lost ${count(lost)}`,
    duplicates === undefined ? undefined : `duplicates ${count(duplicates)}`,
  ].filter(Boolean);
  if (parts.length === 0) return [errorRow('listener', `no figures found in its output (keys: ${[...numbers.keys()].join(', ')})`)];
  return [
    {
      measure: `listener: ${events === undefined ? '' : `${count(events)} `}events posted and relayed`,
      figure: parts.join(', '),
      budget: '0 lost, 0 duplicates',
      verdict: lost === undefined ? '—' : within(lost === 0 && (duplicates ?? 0) === 0),
    },
  ];
}

/**
 * Goals for the Lighthouse scores (0–100) and the mobile lab metrics (issue 18, decision 0040): reported beside the
 * figures, never asserted (docs/quality.md says why).
 */
export const lighthouseGoals = {
  performanceMobile: 95,
  performanceDesktop: 100,
  accessibility: 100,
  bestPractices: 100,
  mobileLcpMs: 2000,
  mobileTbtMs: 150,
  mobileCls: 0.02,
} as const;

type Scores = { performance: number; accessibility: number; 'best-practices': number };
type FormFactor = {
  scores: Scores;
  metrics: { lcpMs: number; tbtMs: number; cls: number };
  failing?: { category: string; id: string }[];
};
type ModeFigures = { mobile: FormFactor; desktop: FormFactor; load?: { before: number; after: number } };

/** scripts/lighthouse.ts --json: per mode (demo, real) the median scores and metrics, and the load around its runs. */
export function lighthouseRows(figures: { url: string; runs: number; modes: Record<string, ModeFigures | undefined> }): Row[] {
  const modes = Object.entries(figures.modes).filter((entry): entry is [string, ModeFigures] => entry[1] !== undefined);
  if (modes.length === 0) return [errorRow('Lighthouse', 'no mode was measured')];
  return modes.flatMap(([mode, m]) => modeRows(mode, m, figures));
}

function modeRows(mode: string, m: ModeFigures, figures: { url: string; runs: number }): Row[] {
  const load = m.load ? `, load ${m.load.before.toFixed(1)}→${m.load.after.toFixed(1)}` : '';
  const of = `(${mode}, ${figures.url}, median of ${figures.runs}${load})`;
  const scoreRow = (measure: string, value: number, goal: number, detail = ''): Row => ({
    measure: `Lighthouse ${measure} ${of}`,
    figure: `${value}${detail}`,
    budget: goal === 100 ? '100' : `≥ ${goal}`,
    verdict: isNumber(value) ? within(value >= goal) : 'error',
  });
  const metrics = ({ metrics: x }: FormFactor) => ` (LCP ${ms(x.lcpMs)}, TBT ${ms(x.tbtMs)}, CLS ${x.cls.toFixed(3)})`;
  const lowest = (key: 'accessibility' | 'best-practices') => Math.min(m.mobile.scores[key], m.desktop.scores[key]);
  // The audits that did not pass say what to fix; one name is enough to start from.
  const failing = (key: 'accessibility' | 'best-practices') => {
    const ids = [...new Set([m.mobile, m.desktop].flatMap((f) => (f.failing ?? []).filter((a) => a.category === key).map((a) => a.id)))];
    return ids.length ? ` (not passed: ${ids.join(', ')})` : '';
  };
  const { lcpMs, tbtMs, cls } = m.mobile.metrics;
  const goals = lighthouseGoals;
  const metricsOk = isNumber(lcpMs) && isNumber(tbtMs) && isNumber(cls);
  return [
    scoreRow('performance, mobile', m.mobile.scores.performance, goals.performanceMobile, metrics(m.mobile)),
    {
      measure: `Lighthouse mobile LCP / TBT / CLS ${of}`,
      figure: `${ms(lcpMs)} / ${ms(tbtMs)} / ${isNumber(cls) ? cls.toFixed(3) : 'n/a'}`,
      budget: `≤ ${goals.mobileLcpMs} ms / ≤ ${goals.mobileTbtMs} ms / ≤ ${goals.mobileCls}`,
      verdict: metricsOk ? within(lcpMs <= goals.mobileLcpMs && tbtMs <= goals.mobileTbtMs && cls <= goals.mobileCls) : 'error',
    },
    scoreRow('performance, desktop', m.desktop.scores.performance, goals.performanceDesktop, metrics(m.desktop)),
    scoreRow('accessibility', lowest('accessibility'), goals.accessibility, failing('accessibility')),
    scoreRow('best practices', lowest('best-practices'), goals.bestPractices, failing('best-practices')),
  ];
}

/** A Markdown table (it reads as a table in a terminal too, and pastes into docs/quality.md as it is). */
export function formatTable(rows: readonly Row[]): string {
  const header: Row = { measure: 'measure', figure: 'figure', budget: 'budget / goal', verdict: 'verdict' as Verdict };
  const all = [header, ...rows];
  const width = (key: keyof Row) => Math.max(...all.map((r) => r[key].length));
  const keys = ['measure', 'figure', 'budget', 'verdict'] as const;
  const line = (r: Row) => `| ${keys.map((k) => r[k].padEnd(width(k))).join(' | ')} |`;
  const rule = `|${keys.map((k) => '-'.repeat(width(k) + 2)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/**
 * The last JSON object a script printed on stdout, on one line or spread over several (pretty-printed): scripts may
 * print progress before it. Tried from the last line that opens a brace upwards, each to the end of the output.
 */
export function lastJsonObject(stdout: string): UnknownJson | undefined {
  const lines = stdout.split('\n');
  const parse = (text: string): UnknownJson | undefined => {
    try {
      const value: unknown = JSON.parse(text);
      return value && typeof value === 'object' && !Array.isArray(value) ? (value as UnknownJson) : undefined;
    } catch {
      return undefined;
    }
  };
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    if (!lines[i].trim().startsWith('{')) continue;
    // A one-line object, or the opening line of a pretty-printed one (then the rest of the output is its body).
    const found = parse(lines[i]) ?? parse(lines.slice(i).join('\n'));
    if (found) return found;
  }
  return undefined;
}
