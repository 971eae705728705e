// Benchmark of the ticket list: time to show a page of 100 rows and to move to the next page, with 100 and with
// 100,000 tickets in the mocked service, in Chromium, and the ratio of the two (goal: at most 1.2).
//
// Usage: npm run bench:list [-- --runs 7] [-- --no-build] [-- --out-dir dist-bench-list] [-- --sizes 100,100000] [-- --json]
//
// How: the mocked service runs in this process as its real HTTP server (mocks/server/http.ts), seeded to the size;
// the app is the demo build (dist-bench-list, or --out-dir), served by Vite's preview with `/tmf-api` proxied to that
// server, so the app calls it on its own origin as it would a real service. Service workers are blocked in the browser, so the demo's
// in-browser mocked service never starts (the app says so once on the console) and every request reaches the server.
// Both stores are served at once and the sizes take turns run by run. Each run loads /tickets fresh (empty query
// cache), then measures in the page, from the action to the frame after the rows are in the DOM: (1) choosing 100
// rows per page, (2) following "Next page" at 50 rows per page (a store of 100 has no second page of 100). The first
// request of each sort order builds the service's sort cache: one cold load per size comes before the measured runs,
// and its time is printed too. With --json: one JSON line on stdout (ListFigures), progress on stderr.
import { chromium, type Browser, type Page } from '@playwright/test';
import { startHttpServer } from '../mocks/server/http';
import { findChromium } from '../tools/chromium-path.mjs';
import { ensureDemoBuild, previewDemo } from './bench/demo-build';
import { countOption, flag, median, option, progress, wantsJson } from './bench/options';

const OUT_DIR = option('out-dir') ?? 'dist-bench-list';
const runs = countOption('runs', 7);
const sizes = (option('sizes') ?? '100,100000').split(',').map(Number);
const log = progress();
const goalRatio = 1.2;

/**
 * In the page: runs the action and resolves with the milliseconds until the table holds `rows` rows (for "next", a
 * new first row), not busy, measured with the page's own clock up to the next animation frame (the rows painted).
 * Plain JavaScript in a string: tsx would add helpers (`__name`) to a compiled function that the page does not have.
 */
const inPageTiming = `({ action, rows }) => new Promise((resolve, reject) => {
  const firstId = () => document.querySelector('tbody tr th')?.textContent ?? '';
  const before = firstId();
  const ready = () =>
    document.querySelectorAll('tbody tr').length === rows &&
    !document.querySelector('table[aria-busy="true"]') &&
    (action === 'pageSize100' || firstId() !== before);
  const timeout = setTimeout(() => reject(new Error('no ' + rows + ' rows after 30 s')), 30000);
  const start = performance.now();
  const observer = new MutationObserver(() => {
    if (!ready()) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      clearTimeout(timeout);
      resolve(performance.now() - start);
    });
  });
  observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  if (action === 'pageSize100') {
    const select = document.querySelector('.pagination__size select');
    select.value = '100';
    select.dispatchEvent(new Event('change', { bubbles: true }));
  } else {
    document.querySelector('a[rel="next"]').click();
  }
})`;

async function timeInPage(page: Page, action: 'pageSize100' | 'next', rows: number): Promise<number> {
  return page.evaluate(`(${inPageTiming})(${JSON.stringify({ action, rows })})`) as Promise<number>;
}

async function loadList(page: Page, origin: string, query: string, rows: number): Promise<number> {
  const started = Date.now();
  await page.goto(`${origin}/tickets${query}`);
  await page.waitForFunction((n) => document.querySelectorAll('tbody tr').length === n, rows, { timeout: 60_000 });
  return Date.now() - started;
}

type Figures = { size: number; seedMs: number; coldLoadMs: number; page100: number[]; next: number[] };

type Setup = { figures: Figures; page: Page; origin: string; close(): Promise<void> };

/** One store of `size` tickets behind its own preview server, and a page (its own browser context) on it. */
async function setUp(browser: Browser, size: number): Promise<Setup> {
  const seeded = Date.now();
  const service = await startHttpServer({ port: 0, storeOptions: { ticketCount: size, seedReference: new Date() } });
  const seedMs = Date.now() - seeded;
  const server = await previewDemo(OUT_DIR, { '/tmf-api': { target: service.url } });
  const origin = server.origin;
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'en-GB', timezoneId: 'Europe/Berlin' });
  const page = await context.newPage();
  // Cold: the first load of 100 rows also builds the service's sort order for this store.
  const coldLoadMs = await loadList(page, origin, '?pageSize=100', Math.min(100, size));
  return {
    figures: { size, seedMs, coldLoadMs, page100: [], next: [] },
    page,
    origin,
    close: async () => {
      await context.close();
      await server.close();
      await service.close();
    },
  };
}

/** One measured run: a fresh load (empty query cache) for each of the two actions. */
async function run({ figures, page, origin }: Setup): Promise<void> {
  await loadList(page, origin, '', 20);
  figures.page100.push(await timeInPage(page, 'pageSize100', 100));
  await loadList(page, origin, '?pageSize=50', 50);
  figures.next.push(await timeInPage(page, 'next', 50));
}

/** What --json prints: per size its timings (ms), and the ratios of the largest size's medians to the smallest's. */
export type ListFigures = {
  runs: number;
  goalRatio: number;
  sizes: { size: number; seedMs: number; coldLoadMs: number; show100: Spread; nextPage: Spread }[];
  ratio: { show100: number; nextPage: number } | null;
};
type Spread = { median: number; min: number; max: number };
const spread = (values: number[]): Spread => ({ median: median(values), min: Math.min(...values), max: Math.max(...values) });

async function main() {
  await ensureDemoBuild(OUT_DIR, { reuse: flag('no-build'), log });
  const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const setups: Setup[] = [];
  try {
    for (const size of sizes) {
      log(`Seeding ${size.toLocaleString('en-GB')} tickets …`);
      setups.push(await setUp(browser, size));
    }
    // Sizes take turns run by run, so a busy moment of the machine falls on both alike.
    log(`Measuring ${runs} runs per size, alternating …`);
    for (let i = 0; i < runs; i += 1) for (const setup of setups) await run(setup);
  } finally {
    for (const setup of setups) await setup.close();
    await browser.close();
  }
  const results = setups.map((setup) => setup.figures);
  const [small, large] = [results[0], results[results.length - 1]];
  const ratio = small && large && small !== large
    ? { show100: median(large.page100) / median(small.page100), nextPage: median(large.next) / median(small.next) }
    : null;
  if (ratio) process.exitCode = ratio.show100 <= goalRatio && ratio.nextPage <= goalRatio ? 0 : 1;
  if (wantsJson()) {
    const figures: ListFigures = {
      runs,
      goalRatio,
      sizes: results.map((r) => ({ size: r.size, seedMs: r.seedMs, coldLoadMs: r.coldLoadMs, show100: spread(r.page100), nextPage: spread(r.next) })),
      ratio,
    };
    console.log(JSON.stringify(figures));
    return;
  }

  const fmt = (ms: number) => `${ms.toFixed(0).padStart(5)} ms`;
  console.log('');
  console.log('tickets   | seed     | cold load of 100 rows | show 100 rows (median, min–max) | next page (median, min–max)');
  for (const r of results) {
    console.log(
      `${r.size.toLocaleString('en-GB').padStart(9)} | ${fmt(r.seedMs)} | ${fmt(r.coldLoadMs).padStart(21)} | ` +
        `${fmt(median(r.page100))} (${Math.min(...r.page100).toFixed(0)}–${Math.max(...r.page100).toFixed(0)})`.padEnd(31) +
        ` | ${fmt(median(r.next))} (${Math.min(...r.next).toFixed(0)}–${Math.max(...r.next).toFixed(0)})`,
    );
  }
  if (ratio && small && large) {
    console.log('');
    console.log(
      `ratio ${large.size.toLocaleString('en-GB')} / ${small.size.toLocaleString('en-GB')}: show 100 rows ${ratio.show100.toFixed(2)}, ` +
        `next page ${ratio.nextPage.toFixed(2)} (goal ≤ ${goalRatio})`,
    );
  }
}

await main();
