// Builds the app (real mode: direct, or gateway with `mode: 'gateway'`) and the library floor, loads the app's first screen in Chromium and weighs its JavaScript.
// Shared by scripts/first-screen-size.mjs (the figures) and scripts/check-size.mjs (the budgets); docs/decisions/0026.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build, loadConfigFromFile, preview } from 'vite';
import { findChromium } from '../../tools/chromium-path.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const FLOOR_ROOT = join(ROOT, 'scripts/size/floor');

/** Dummy real-mode settings: a loopback provider that is never contacted (the signed-in user is seeded). */
export const SIZE_OIDC = { authority: 'http://127.0.0.1:9/oidc', clientId: 'size-check' };
/** The counts the faked service answers; the first screen is "shown" once both are on the page. */
const TICKET_TOTAL = '231';
const ORDER_TOTAL = '57';

/** gzip at level 9 (what a static host precompresses with); Node's zlib is deterministic for the same input. */
export const gzipOf = (bytes) => gzipSync(bytes, { level: 9 }).length;

const chunksOf = (output) => (Array.isArray(output) ? output : [output]).flatMap((o) => o.output).filter((c) => c.type === 'chunk');

/** Which source modules each emitted file holds: the basis of the "wizard"/"msw" rules and of the attribution. */
function moduleMap(output) {
  return new Map(
    chunksOf(output).map((chunk) => [
      chunk.fileName,
      Object.entries(chunk.modules).map(([id, info]) => ({ id, rendered: info.renderedLength })),
    ]),
  );
}

/** The two real modes the size is measured in (issue 27): `production` is direct mode, `gateway` reads .env.gateway. */
export const SIZE_MODES = ['production', 'gateway'];

/**
 * The production build exactly as `npm run build` makes it (vite.config.ts), in real mode: direct with dummy sign-in
 * settings, or `vite build --mode gateway` (no sign-in settings at all).
 */
export async function buildApp(outDir, root = ROOT, mode = 'production') {
  const saved = { ...process.env };
  delete process.env.VITE_DEMO;
  delete process.env.VITE_AUTH_MODE;
  process.env.VITE_OIDC_AUTHORITY = SIZE_OIDC.authority;
  process.env.VITE_OIDC_CLIENT_ID = SIZE_OIDC.clientId;
  if (mode === 'gateway') {
    delete process.env.VITE_OIDC_AUTHORITY;
    delete process.env.VITE_OIDC_CLIENT_ID;
  }
  try {
    const output = await build({
      root,
      configFile: join(root, 'vite.config.ts'),
      mode,
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    });
    return { outDir, modules: moduleMap(output) };
  } finally {
    for (const key of ['VITE_OIDC_AUTHORITY', 'VITE_OIDC_CLIENT_ID', 'VITE_DEMO', 'VITE_AUTH_MODE']) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  }
}

/**
 * The app's build options for the floor, without its manual chunk groups: the floor stays the least any app on these
 * libraries ships (one file, one gzip stream), so a split the app chooses (its vendor file) is paid by the app alone.
 */
function floorBuildOptions(build) {
  const output = build.rolldownOptions?.output;
  if (!output || Array.isArray(output) || !output.codeSplitting) return build;
  const { codeSplitting: _appOnly, ...rest } = output;
  return { ...build, rolldownOptions: { ...build.rolldownOptions, output: rest } };
}

/** The floor app (scripts/size/floor) with the app's own build options (target, minifier, chunk naming). */
export async function buildFloor(outDir, floorRoot = FLOOR_ROOT) {
  const loaded = await loadConfigFromFile(
    { command: 'build', mode: 'production', isSsrBuild: false, isPreview: false },
    join(ROOT, 'vite.config.ts'),
    ROOT,
    'silent',
  );
  const options = floorBuildOptions(loaded?.config.build ?? {});
  const output = await build({
    root: floorRoot,
    configFile: false,
    envDir: false,
    mode: 'production',
    logLevel: 'error',
    plugins: [react()],
    build: { ...options, outDir, emptyOutDir: true },
  });
  const rows = [...moduleMap(output).keys()].sort().map((file) => {
    const gzip = gzipOf(readFileSync(join(outDir, file)));
    return { path: `/${file}`, gzip };
  });
  return { rows, gzip: rows.reduce((sum, r) => sum + r.gzip, 0) };
}

/** The signed-in user as oidc-client-ts keeps it in sessionStorage (User.toStorageString), valid for an hour. */
export function seededUser() {
  return JSON.stringify({
    access_token: 'size-check-token',
    token_type: 'Bearer',
    scope: 'openid profile',
    profile: { sub: 'size-agent', name: 'Size Check', iss: SIZE_OIDC.authority, aud: SIZE_OIDC.clientId },
    expires_at: Math.floor(Date.now() / 1000) + 3600,
  });
}

/** What the desk gateway says of a signed-in agent (`GET /gateway/session`), for an hour. */
export function gatewaySession() {
  const ends = new Date(Date.now() + 3_600_000).toISOString();
  return { subject: 'size-agent', name: 'Size Check', roles: ['agent'], canWrite: true, expiresAt: ends, idleExpiresAt: ends, absoluteExpiresAt: ends };
}

/**
 * Loads `/` signed in (seeded user, or in gateway mode the gateway's session answer) with the service faked by route interception, and records every same-origin
 * script requested until the overview shows both counts (`first`), then what else arrives until the network is idle
 * and a further second has passed (`later`: idle or background chunks, named, not dropped).
 */
export async function loadFirstScreen(outDir, { language = 'en-GB', mode = 'production' } = {}) {
  const server = await preview({
    root: ROOT,
    configFile: false,
    logLevel: 'silent',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: false },
  });
  const origin = new URL(server.resolvedUrls.local[0]).origin;
  const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ locale: language });
    await context.addInitScript(
      ([key, user]) => window.sessionStorage.setItem(key, user),
      [`oidc.user:${SIZE_OIDC.authority}:${SIZE_OIDC.clientId}`, seededUser()],
    );
    const page = await context.newPage();
    const first = new Set();
    const later = new Set();
    const foreign = [];
    let shown = false;
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin !== origin) foreign.push(url.href);
      else if (url.pathname.endsWith('.js')) (shown ? later : first).add(url.pathname);
    });
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.route(
      (url) => url.origin !== origin,
      (route) => route.abort(),
    );
    if (mode === 'gateway') {
      await page.route('**/gateway/session', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', headers: { 'Cache-Control': 'no-store' }, body: JSON.stringify(gatewaySession()) }),
      );
    }
    await page.route('**/tmf-api/**', (route) => {
      // A one-item page as the real service sends it, so an app that reads the body pays for reading it here too.
      const orders = route.request().url().includes('/cancelProductOrder');
      const body = orders ? [{ id: 'CPO-1', state: 'acknowledged' }] : [{ id: 'TT-1', status: 'acknowledged' }];
      const headers = { 'X-Total-Count': orders ? ORDER_TOTAL : TICKET_TOTAL };
      return route.fulfill({ status: 200, contentType: 'application/json', headers, body: JSON.stringify(body) });
    });
    await page.goto(`${origin}/`);
    const count = (href) => page.locator(`main a[href="${href}"] .count-card__count`);
    try {
      await count('/tickets').filter({ hasText: TICKET_TOTAL }).waitFor({ timeout: 30_000 });
      await count('/cancel-orders').filter({ hasText: ORDER_TOTAL }).waitFor({ timeout: 30_000 });
    } catch (cause) {
      const text = await page.locator('body').innerText().catch(() => '');
      throw new Error(`The overview never showed its counts. Page errors: ${errors.join('; ') || 'none'}. Page: ${text.slice(0, 400)}`, { cause });
    }
    shown = true;
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    return { first: [...first].sort(), later: [...later].sort(), foreign, errors };
  } finally {
    await browser.close();
    await server.close();
  }
}

const WIZARD = /\/src\/(features\/ticket-entry\/|app\/routes\/new-ticket-route)/;
const MSW = /\/node_modules\/msw\/|\/mocks\//;
/** The OpenID client library: gateway mode's build must not hold it at all (issue 27). */
const OIDC = /\/node_modules\/oidc-client-ts\//;

/** Package (or app folder) a module belongs to, for the attribution. */
export function ownerOf(id, root = ROOT) {
  const pkg = id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  const local = id.replace(`${root}/`, '').replace(/\?.*$/, '');
  return local.startsWith('src/') ? local.split('/').slice(0, 3).join('/') : local;
}

/** Everything the size table and the budget check need, from one app build and one floor build under `workDir`. */
export async function measure({ root = ROOT, workDir = join(ROOT, 'dist-size'), mode = 'production', floor: builtFloor } = {}) {
  if (!SIZE_MODES.includes(mode)) throw new Error(`--mode ${mode}: the size is measured in ${SIZE_MODES.join(' or ')} mode`);
  const app = await buildApp(join(workDir, mode === 'gateway' ? 'app-gateway' : 'app'), root, mode);
  // Both modes are weighed against one floor: check-size.mjs hands the first measurement's floor to the second.
  const floor = builtFloor ?? (await buildFloor(join(workDir, 'floor')));
  const load = await loadFirstScreen(app.outDir, { mode });
  const row = (path) => {
    const file = path.replace(/^\//, '');
    const modules = app.modules.get(file) ?? [];
    return {
      path,
      gzip: gzipOf(readFileSync(join(app.outDir, file))),
      wizard: modules.some((m) => WIZARD.test(m.id)),
      msw: modules.some((m) => MSW.test(m.id)),
      modules,
    };
  };
  const rows = load.first.map(row);
  const laterRows = load.later.map(row);
  const firstScreenGzip = rows.reduce((sum, r) => sum + r.gzip, 0);
  const mswInBuild = [...app.modules].filter(([, modules]) => modules.some((m) => MSW.test(m.id))).map(([file]) => file);
  if (existsSync(join(app.outDir, 'mockServiceWorker.js'))) mswInBuild.push('mockServiceWorker.js');
  const oidcInBuild = [...app.modules].filter(([, modules]) => modules.some((m) => OIDC.test(m.id))).map(([file]) => file);
  return {
    mode,
    firstScreenGzip,
    floor,
    floorGzip: floor.gzip,
    ratio: Number((firstScreenGzip / floor.gzip).toFixed(3)),
    rows,
    laterRows,
    floorRows: floor.rows,
    mswInFirstScreen: rows.some((r) => r.msw),
    wizardInFirstScreen: rows.some((r) => r.wizard),
    mswInBuild,
    oidcInBuild,
    foreignRequests: load.foreign,
    pageErrors: load.errors,
  };
}
