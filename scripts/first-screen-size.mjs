// Prints the gzip size of the JavaScript the production build's first screen loads, and checks msw is not in it.
// Usage: npm run build && node scripts/first-screen-size.mjs [--json]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { preview } from 'vite';
import { findChromium } from './chromium-path.mjs';

const dist = 'dist';
if (!existsSync(join(dist, 'index.html'))) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}

// Vite's own preview server on a free port, closed in-process (no stray server left behind).
const server = await preview({ logLevel: 'silent', build: { outDir: dist }, preview: { host: '127.0.0.1', port: 0 } });
const origin = new URL(server.resolvedUrls.local[0]).origin;

const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
const scripts = new Set();
page.on('request', (r) => {
  const url = new URL(r.url());
  if (url.origin === origin && url.pathname.endsWith('.js')) scripts.add(url.pathname);
});
await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
await browser.close();
await server.close();

const rows = [...scripts].sort().map((path) => {
  const bytes = readFileSync(join(dist, path));
  return { path, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, msw: /mockServiceWorker|msw/.test(bytes.toString()) };
});
const total = rows.reduce((sum, r) => sum + r.gzip, 0);
const allJs = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const mswInDist = allJs.filter((f) => /mockServiceWorker|setupWorker/.test(readFileSync(join(dist, 'assets', f), 'utf8')));
if (existsSync(join(dist, 'mockServiceWorker.js'))) mswInDist.push('mockServiceWorker.js');

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ total, rows, mswInDist }));
} else {
  for (const r of rows) console.log(`${r.path.padEnd(48)} ${String(r.raw).padStart(8)} B  ${String(r.gzip).padStart(7)} B gzip${r.msw ? '  (msw!)' : ''}`);
  console.log(`first screen JavaScript: ${(total / 1024).toFixed(1)} KiB gzip in ${rows.length} files`);
  console.log(`msw in the production build: ${mswInDist.length ? mswInDist.join(', ') : 'no'}`);
}
process.exit(mswInDist.length || rows.some((r) => r.msw) ? 1 : 0);
