// `npm run bench:shell [-- --runs 3] [-- --json]`: a repeat visit of the production build (real mode, signed in, the
// service faked) with the shell's service worker (decision 0037) against one without it (workers blocked), on a
// throttled connection (150 ms round trip, 1.6 Mbit/s down): the time until the overview shows its counts, the bytes
// the server sent for the visit, and whether the app opens at all while offline. Medians of --runs; printed, never asserted.
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { preview } from 'vite';
import { findChromium } from '../tools/chromium-path.mjs';
import { buildApp, ROOT, SIZE_OIDC, seededUser } from './size/measure.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, json: { type: 'boolean', default: false }, 'out-dir': { type: 'string', default: 'dist-bench-shell' } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number of 1 or more, not "${values.runs}".`);

/** Chromium's throttling for the measured visit (DevTools' "Fast 3G"-like figures). */
const THROTTLE = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const TICKET_TOTAL = '231';

const log = (message) => process.stderr.write(`[shell] ${message}\n`);
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/** One context: a first visit (the worker, when allowed, installs), then the measured repeat visit and an offline open. */
async function visitTwice(browser, origin, withWorker) {
  const context = await browser.newContext({ serviceWorkers: withWorker ? 'allow' : 'block' });
  await context.addInitScript(([key, user]) => window.sessionStorage.setItem(key, user), [`oidc.user:${SIZE_OIDC.authority}:${SIZE_OIDC.clientId}`, seededUser()]);
  // The service and the provider are faked or refused: only the app's own files travel.
  await context.route((url) => url.origin !== origin && !url.pathname.includes('/tmf-api/'), (route) => route.abort());
  await context.route('**/tmf-api/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', headers: { 'X-Total-Count': TICKET_TOTAL }, body: JSON.stringify([{ id: 'TT-1', status: 'acknowledged' }]) }),
  );
  const page = await context.newPage();
  const shown = () => page.locator('main a[href="/tickets"] .count-card__count').filter({ hasText: TICKET_TOTAL }).waitFor({ timeout: 60_000 });
  await page.goto(`${origin}/`);
  await shown();
  if (withWorker) await page.evaluate(async () => void (await navigator.serviceWorker.ready));

  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', THROTTLE);
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
  });
  const started = Date.now();
  await page.goto(`${origin}/`);
  await shown();
  const ms = Date.now() - started;

  // A fresh tab (the throttled one's own network settings aside) opens the app with the network cut.
  await cdp.detach();
  await context.setOffline(true);
  const offlineTab = await context.newPage();
  const opensOffline = await offlineTab
    .goto(`${origin}/tickets`)
    .then(() => offlineTab.getByRole('link', { name: 'Trouble Ticket Desk' }).waitFor({ timeout: 15_000 }))
    .then(
      () => true,
      () => false,
    );
  await context.close();
  return { ms, bytes, opensOffline };
}

async function main() {
  const outDir = `${ROOT}/${values['out-dir']}`;
  log(`building the production app into ${values['out-dir']}`);
  await buildApp(outDir);
  const server = await preview({ root: ROOT, configFile: false, logLevel: 'silent', build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false } });
  const origin = new URL(server.resolvedUrls.local[0]).origin;
  const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox', '--disable-gpu'] });
  const result = {};
  try {
    for (const [name, withWorker] of [
      ['withShellWorker', true],
      ['withoutShellWorker', false],
    ]) {
      const samples = [];
      for (let run = 1; run <= runs; run += 1) {
        log(`${name}: run ${run} of ${runs}`);
        samples.push(await visitTwice(browser, origin, withWorker));
      }
      result[name] = {
        repeatVisitMs: median(samples.map((s) => s.ms)),
        repeatVisitBytes: median(samples.map((s) => s.bytes)),
        opensOffline: samples.every((s) => s.opensOffline),
      };
    }
  } finally {
    await browser.close();
    await server.close();
  }
  const figures = { runs, throttle: { latencyMs: THROTTLE.latency, downKbit: 1600 }, ...result };
  if (values.json) {
    console.log(JSON.stringify(figures));
    return;
  }
  const row = (label, f) => `${label.padEnd(24)} ${`${f.repeatVisitMs} ms`.padStart(9)} ${`${(f.repeatVisitBytes / 1000).toFixed(1)} kB`.padStart(10)}   ${f.opensOffline ? 'yes' : 'no'}`;
  console.log(`repeat visit, ${THROTTLE.latency} ms RTT, 1.6 Mbit/s, median of ${runs}`);
  console.log(`${''.padEnd(24)} ${'to counts'.padStart(9)} ${'from server'.padStart(10)}   opens offline`);
  console.log(row('shell worker', result.withShellWorker));
  console.log(row('no worker', result.withoutShellWorker));
}

await main();
