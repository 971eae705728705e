// Lighthouse 12 scores of the production builds, demo, real (direct) and gateway mode: performance (mobile and desktop), accessibility,
// best practices, with the findings that say where the time goes.
//
// Usage: npx tsx scripts/lighthouse.ts [--mode demo,real,gateway] [--runs 3] [--path /] [--out-dir dist-bench-lighthouse]
//        [--no-build] [--keep-build] [--reports <dir>] [--traces <dir>] [--findings] [--root <checkout>] [--json]
//
// How: Debian's Chromium (tools/chromium-path.mjs; `--headless=new --no-sandbox`) through chrome-launcher, driven by
// Puppeteer; each run is Lighthouse's navigation in a fresh tab, with the default (mobile: simulated slow 4G, 4× CPU
// slowdown) or the desktop configuration, mobile and desktop taking turns, `--runs` times each; every figure is the
// median of its runs (Lighthouse's own advice: single performance scores vary).
// - demo: `vite build --mode demo` (`--out-dir`; `--no-build` reuses one) served by Vite's preview.
// - real: the production build in real mode behind one origin with the dev OpenID provider, the mocked service over
//   HTTP and the event receiver (scripts/bench/real-mode.ts); before each run the tab signs the test agent in, so
//   Lighthouse measures a signed-in agent's first screen (its navigation clears caches and service workers, not the
//   tab's sessionStorage where the session lives; decision 0040).
// - gateway: the app built with VITE_AUTH_MODE=gateway (`<out-dir>-gateway`) behind a compressing front that passes
//   the gateway's paths to the desk gateway, as nginx does, with the agents' provider, the token provider and the
//   mocked service (scripts/bench/gateway-mode.ts, issue 27); before each run the tab signs the test agent in through
//   the gateway, whose session cookie the navigation keeps.
// Each mode's runs wait for the cores to be 90 % idle for 3 s (at most 60 s; scripts/bench/quiet.ts), and the
// 1-minute load average is recorded before and after them. `--findings` prints, per mode, the median
// mobile run's LCP element and phases, critical request chain, main-thread work by script and longest tasks;
// `--traces` keeps that run's trace (chrome://tracing, DevTools Performance). `--root` measures another checkout (a
// before/after comparison). Scores are reported, never asserted: docs/quality.md gives the goals.
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { launch } from 'chrome-launcher';
import { desktopConfig, generateReport, navigation, type Config, type Result } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { findChromium } from '../tools/chromium-path.mjs';
import { ensureDemoBuild, previewDemo, removeBuild } from './bench/demo-build';
import { findingsOf, formatFindings, type Findings } from './bench/lighthouse-findings';
import { countOption, flag, median, option, progress, wantsJson } from './bench/options';
import { untilQuiet } from './bench/quiet';
import { startGatewayMode } from './bench/gateway-mode';
import { startRealMode } from './bench/real-mode';

const categories = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof categories)[number];
const modes = ['demo', 'real', 'gateway'] as const;
type Mode = (typeof modes)[number];
type FormFactor = 'mobile' | 'desktop';

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

export type ModeFigures = {
  mobile: FormFactorFigures;
  desktop: FormFactorFigures;
  /** 1-minute load average before the first and after the last run of this mode. */
  load: { before: number; after: number };
  /** Where the median mobile run spent its time. */
  findings: Findings;
};

export type LighthouseFigures = {
  url: string;
  lighthouse: string;
  chromium: string;
  runs: number;
  cores: number;
  modes: Partial<Record<Mode, ModeFigures>>;
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

/** The run whose performance score is the median (the first such): the one whose findings are shown. */
function medianRun<T extends { lhr: Result }>(results: T[]): T | undefined {
  const target = median(results.map((r) => score(r.lhr, 'performance')));
  return results.find((r) => score(r.lhr, 'performance') >= target) ?? results.at(-1);
}

type Target = { url: string; signIn?: (page: Page) => Promise<void>; close(): Promise<void> };

async function startTarget(mode: Mode, path: string, outDir: string, root: string | undefined, log: (m: string) => void): Promise<Target> {
  if (mode === 'demo') {
    await ensureDemoBuild(outDir, { reuse: flag('no-build'), log, root });
    const server = await previewDemo(outDir, undefined, root);
    return {
      url: `${server.origin}${path}`,
      close: async () => {
        await server.close();
        if (!flag('keep-build') && !flag('no-build')) await removeBuild(outDir);
      },
    };
  }
  if (mode === 'gateway' && root) throw new Error('--root measures demo and real mode only: the gateway stack runs from this checkout');
  const realDir = `${outDir}-${mode}`;
  const real = mode === 'gateway' ? await startGatewayMode({ outDir: realDir, log }) : await startRealMode({ outDir: realDir, root, log });
  return {
    url: `${real.origin}${path}`,
    signIn: (page) => real.signIn(page),
    close: async () => {
      await real.close();
      if (!flag('keep-build')) await removeBuild(realDir);
    },
  };
}

type Run = { lhr: Result; trace: unknown };

async function measureMode(mode: Mode, options: { runs: number; path: string; outDir: string; root?: string; reportsDir?: string; tracesDir?: string; log: (m: string) => void; chromePath: string }) {
  const { runs, log } = options;
  const target = await startTarget(mode, options.path, options.outDir, options.root, log);
  // The build just finished (the real mode's in a child process): its writes and workers settle before the runs.
  await untilQuiet(log);
  const chrome = await launch({ chromePath: options.chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'], logLevel: 'silent' });
  const results: Record<FormFactor, Run[]> = { mobile: [], desktop: [] };
  const configs: Record<FormFactor, Config | undefined> = { mobile: undefined, desktop: desktopConfig };
  let version = '';
  const loadBefore = loadavg()[0] ?? Number.NaN;
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    try {
      for (let i = 0; i < runs; i += 1) {
        for (const formFactor of ['mobile', 'desktop'] as const) {
          log(`Lighthouse ${mode} ${formFactor} run ${i + 1} of ${runs} on ${target.url} …`);
          // A fresh browser context per run: no cookies (the provider's session), caches or storage of the run before.
          const context = await browser.createBrowserContext();
          const page = await context.newPage();
          await target.signIn?.(page);
          const flags = { logLevel: 'error' as const, onlyCategories: [...categories] };
          const outcome = await navigation(page, target.url, { config: configs[formFactor], flags }).finally(() => context.close());
          if (!outcome) throw new Error(`Lighthouse returned no result for ${target.url}`);
          const { lhr } = outcome;
          if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
          version = `${lhr.lighthouseVersion}; ${lhr.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}`;
          results[formFactor].push({ lhr, trace: (outcome.artifacts as { Trace?: unknown }).Trace });
          if (options.reportsDir) await writeFile(join(options.reportsDir, `lighthouse-${mode}-${formFactor}-${i + 1}.html`), generateReport(lhr, 'html'));
        }
      }
    } finally {
      await browser.disconnect();
    }
  } finally {
    chrome.kill();
    await target.close();
  }
  const chosen = medianRun(results.mobile);
  if (options.tracesDir && chosen) await writeFile(join(options.tracesDir, `trace-${mode}-mobile.json`), JSON.stringify(chosen.trace));
  const origin = new URL(target.url).origin;
  const figures: ModeFigures = {
    mobile: summarise(results.mobile.map((r) => r.lhr)),
    desktop: summarise(results.desktop.map((r) => r.lhr)),
    load: { before: loadBefore, after: loadavg()[0] ?? Number.NaN },
    findings: chosen ? findingsOf(chosen.lhr, origin) : findingsOf(undefined, origin),
  };
  return { figures, version };
}

async function main() {
  const runs = countOption('runs', 3);
  const path = option('path') ?? '/';
  const outDir = option('out-dir') ?? 'dist-bench-lighthouse';
  const rootOption = option('root');
  const root = rootOption ? resolve(rootOption) : undefined;
  const reportsDir = option('reports');
  const tracesDir = option('traces');
  const wanted = (option('mode') ?? modes.join(',')).split(',').map((m) => m.trim());
  const unknown = wanted.filter((m) => !(modes as readonly string[]).includes(m));
  if (unknown.length) throw new Error(`Unknown --mode ${unknown.join(', ')}; known: ${modes.join(', ')}`);
  const log = progress();
  const chromePath = findChromium();
  if (!chromePath) throw new Error('No Chromium found: set CHROMIUM_PATH, or install Debian\'s chromium.');
  for (const dir of [reportsDir, tracesDir]) if (dir) await mkdir(dir, { recursive: true });

  const figures: LighthouseFigures = { url: path, lighthouse: '', chromium: '', runs, cores: (await import('node:os')).cpus().length, modes: {} };
  for (const mode of modes.filter((m) => wanted.includes(m))) {
    const measured = await measureMode(mode, { runs, path, outDir, root, reportsDir, tracesDir, log, chromePath });
    figures.modes[mode] = measured.figures;
    [figures.lighthouse = '', figures.chromium = ''] = measured.version.split('; ');
  }
  if (wantsJson()) {
    console.log(JSON.stringify(figures));
    return;
  }
  console.log(`\nLighthouse ${figures.lighthouse} with ${figures.chromium} on ${path}, median of ${runs} run(s), ${figures.cores} cores`);
  console.log('mode    | form factor | performance | accessibility | best practices | FCP      | LCP      | TBT     | CLS');
  for (const [mode, m] of Object.entries(figures.modes)) {
    for (const formFactor of ['mobile', 'desktop'] as const) {
      const { scores, metrics: x, runs: each } = m[formFactor];
      console.log(
        `${mode.padEnd(7)} | ${formFactor.padEnd(11)} | ${String(scores.performance).padStart(11)} | ${String(scores.accessibility).padStart(13)} | ` +
          `${String(scores['best-practices']).padStart(14)} | ${`${x.fcpMs.toFixed(0)} ms`.padStart(8)} | ${`${x.lcpMs.toFixed(0)} ms`.padStart(8)} | ` +
          `${`${x.tbtMs.toFixed(0)} ms`.padStart(7)} | ${x.cls.toFixed(3)}   (performance per run: ${each.map((r) => r.performance).join(', ')})`,
      );
      for (const f of m[formFactor].failing) console.log(`  ${mode} ${formFactor} ${f.category} not passed: ${f.id} (${f.title})`);
    }
    console.log(`  ${mode}: load average (1 min) ${m.load.before.toFixed(2)} before, ${m.load.after.toFixed(2)} after`);
    if (flag('findings')) console.log(formatFindings(mode, m.findings));
  }
}

await main();
