// Lighthouse 12 scores of the production demo build: performance (mobile and desktop), accessibility, best practices.
//
// Usage: npx tsx scripts/lighthouse.ts [--runs 3] [--path /] [--out-dir dist-bench-lighthouse] [--no-build]
//        [--keep-build] [--reports <dir>] [--json]
//
// How: builds `vite build --mode demo` (unless --no-build finds one), serves it with Vite's preview on 127.0.0.1 (free
// port), launches Debian's Chromium (scripts/chromium-path.mjs; `--headless=new --no-sandbox`) through chrome-launcher
// and runs Lighthouse's default (mobile, simulated slow 4G and 4× CPU slowdown) and desktop configurations `--runs`
// times each, mobile and desktop taking turns. Each score is the median of its runs (Lighthouse's own advice: single
// performance scores vary). Scores are reported, never asserted: docs/quality.md gives the goals.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig, generateReport, type Config, type Result } from 'lighthouse';
import { findChromium } from './chromium-path.mjs';
import { ensureDemoBuild, previewDemo, removeBuild } from './bench/demo-build';
import { countOption, flag, median, option, progress, wantsJson } from './bench/options';

const categories = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof categories)[number];

/** Lab metrics printed beside the performance score: they say why a score moved. */
const metrics = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
} as const;

export type FormFactorFigures = {
  /** Median score per category, 0–100. */
  scores: Record<Category, number>;
  /** Median of each lab metric. */
  metrics: Record<keyof typeof metrics, number>;
  /** Every run's scores, in order. */
  runs: Record<Category, number>[];
  /** Audits that did not pass in the last run (accessibility and best practices only): what to fix. */
  failing: { category: Category; id: string; title: string }[];
};

export type LighthouseFigures = {
  url: string;
  lighthouse: string;
  chromium: string;
  runs: number;
  mobile: FormFactorFigures;
  desktop: FormFactorFigures;
};

const score = (result: Result, category: Category) => Math.round((result.categories[category]?.score ?? Number.NaN) * 100);

function failingAudits(result: Result): FormFactorFigures['failing'] {
  const failing: FormFactorFigures['failing'] = [];
  for (const category of ['accessibility', 'best-practices'] as const) {
    for (const ref of result.categories[category]?.auditRefs ?? []) {
      const audit = result.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failing.push({ category, id: ref.id, title: audit.title });
    }
  }
  return failing;
}

function summarise(results: Result[]): FormFactorFigures {
  const runs = results.map((r) => Object.fromEntries(categories.map((c) => [c, score(r, c)])) as Record<Category, number>);
  const scores = Object.fromEntries(categories.map((c) => [c, median(runs.map((run) => run[c]))])) as Record<Category, number>;
  const metricMedians = Object.fromEntries(
    Object.entries(metrics).map(([name, id]) => [name, median(results.map((r) => r.audits[id]?.numericValue ?? Number.NaN))]),
  ) as Record<keyof typeof metrics, number>;
  const last = results.at(-1);
  return { scores, metrics: metricMedians, runs, failing: last ? failingAudits(last) : [] };
}

async function main() {
  const runs = countOption('runs', 3);
  const path = option('path') ?? '/';
  const outDir = option('out-dir') ?? 'dist-bench-lighthouse';
  const reportsDir = option('reports');
  const log = progress();
  const chromePath = findChromium();
  if (!chromePath) throw new Error('No Chromium found: set CHROMIUM_PATH, or install Debian\'s chromium.');

  await ensureDemoBuild(outDir, { reuse: flag('no-build'), log });
  const server = await previewDemo(outDir);
  const chrome = await launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'], logLevel: 'silent' });
  const url = `${server.origin}${path}`;
  const results: Record<'mobile' | 'desktop', Result[]> = { mobile: [], desktop: [] };
  const configs: Record<'mobile' | 'desktop', Config | undefined> = { mobile: undefined, desktop: desktopConfig };
  let version = '';
  try {
    if (reportsDir) await mkdir(reportsDir, { recursive: true });
    for (let i = 0; i < runs; i += 1) {
      for (const formFactor of ['mobile', 'desktop'] as const) {
        log(`Lighthouse ${formFactor} run ${i + 1} of ${runs} on ${url} …`);
        const flags = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: [...categories] };
        const outcome = await lighthouse(url, flags, configs[formFactor]);
        if (!outcome) throw new Error(`Lighthouse returned no result for ${url}`);
        const { lhr } = outcome;
        if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        version = `${lhr.lighthouseVersion}; ${lhr.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}`;
        results[formFactor].push(lhr);
        if (reportsDir) await writeFile(join(reportsDir, `lighthouse-${formFactor}-${i + 1}.html`), generateReport(lhr, 'html'));
      }
    }
  } finally {
    chrome.kill();
    await server.close();
    if (!flag('keep-build') && !flag('no-build')) await removeBuild(outDir);
  }

  const [lighthouseVersion, chromium] = version.split('; ');
  const figures: LighthouseFigures = {
    url: path,
    lighthouse: lighthouseVersion ?? '',
    chromium: chromium ?? '',
    runs,
    mobile: summarise(results.mobile),
    desktop: summarise(results.desktop),
  };
  if (wantsJson()) {
    console.log(JSON.stringify(figures));
    return;
  }
  console.log(`\nLighthouse ${figures.lighthouse} with ${figures.chromium} on ${path} of the demo build, median of ${runs} run(s)`);
  console.log('form factor | performance | accessibility | best practices | FCP      | LCP      | TBT     | CLS');
  for (const formFactor of ['mobile', 'desktop'] as const) {
    const { scores, metrics: m, runs: each } = figures[formFactor];
    console.log(
      `${formFactor.padEnd(11)} | ${String(scores.performance).padStart(11)} | ${String(scores.accessibility).padStart(13)} | ` +
        `${String(scores['best-practices']).padStart(14)} | ${`${m.fcpMs.toFixed(0)} ms`.padStart(8)} | ${`${m.lcpMs.toFixed(0)} ms`.padStart(8)} | ` +
        `${`${m.tbtMs.toFixed(0)} ms`.padStart(7)} | ${m.cls.toFixed(3)}   (performance per run: ${each.map((r) => r.performance).join(', ')})`,
    );
    for (const f of figures[formFactor].failing) console.log(`  ${formFactor} ${f.category} not passed: ${f.id} (${f.title})`);
  }
}

await main();
