/**
 * The deployment of docs/deploy.md with real parts: redis-server, two built receivers, nginx with the repository's
 * locations.conf, and Chromium on the app's origin. An event POSTed to one receiver reaches a browser streaming
 * through the other within 2 s; each receiver is killed and restarted mid-stream and the browser loses nothing.
 */
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:https';
import { chmod, mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxHeaders } from '../../deploy/nginx/headers-conf.mjs';
import { buildRelease } from '../build';
import { findChromium } from '../../tools/chromium-path.mjs';
import { cspDirectives, headersFile, serializeCsp } from '../../scripts/csp';
import { listeners, type Listener } from '../../src/domain/event';
import { envelopeFor } from '../testing/listener-helpers';
import { startNginx, startReceiver, startRedis, type Nginx, type Receiver, type RedisServer } from '../testing/processes';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const status = listeners.find((l) => l.eventType === 'TroubleTicketStatusChangeEvent') as Listener;

let redis: RedisServer;
let nginx: Nginx;
let api: Server;
let browser: Browser;
let page: Page;
let main: string;
let env: Record<string, string>;
const receivers: Receiver[] = [];
const folders: string[] = [];

/** The browser side: an EventSource with the app's reconnect rule (a new ticket each time, resume from the last id). */
const subscriber = `() => {
  const seen = { ids: [], resets: 0, reconnects: 0, last: null, open: false };
  window.__seen = seen;
  const retry = () => { seen.open = false; seen.reconnects += 1; setTimeout(connect, 200); };
  async function connect() {
    try {
      const res = await fetch('/relay/stream-tickets', { method: 'POST', headers: { Authorization: 'Bearer agent' } });
      if (res.status !== 201) return retry();
      const { ticket } = await res.json();
      const source = new EventSource('/relay/events?ticket=' + ticket + (seen.last === null ? '' : '&lastEventId=' + seen.last));
      source.onopen = () => { seen.open = true; };
      source.addEventListener('hello', (e) => { if (seen.last === null) seen.last = e.lastEventId; });
      source.addEventListener('notification', (e) => { seen.last = e.lastEventId; seen.ids.push(JSON.parse(e.data).envelope.eventId); });
      source.addEventListener('reset', () => { seen.resets += 1; });
      source.onerror = () => { source.close(); retry(); };
    } catch { retry(); }
  }
  connect();
}`;

type Seen = { ids: string[]; resets: number; reconnects: number; open: boolean; last: string | null };
/**
 * The page's record. Function predicates only: the page's own Content-Security-Policy (no eval) is in force, and a
 * string predicate would be evaluated by the page.
 */
const current = () => (window as unknown as { __seen: Seen }).__seen;
const seen = () => page.evaluate(current);

/** POST as a provider does: again after a failure (the receivers drop the repeat, if the first did land). */
async function provide(url: string, body: object) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const res = await fetch(url, { method: 'POST', headers: { Authorization: 'Bearer service', 'Content-Type': status.contentType }, body: JSON.stringify(body) });
      if (res.status === 204) return;
      if (attempt > 50) throw new Error(`The event was refused: ${res.status} ${await res.text()}`);
    } catch (error) {
      if (attempt > 50) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The receiver holding the browser's stream now (test hooks' stats). */
async function holder(): Promise<number> {
  for (;;) {
    for (const [i, receiver] of receivers.entries()) {
      const stats = (await (await fetch(`${receiver.base}/__test/stats`)).json()) as { subscribers: number };
      if (stats.subscribers > 0) return i;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium: set CHROMIUM_PATH or apt-get install chromium');
  redis = await startRedis();
  const out = join(repo, `dist-listener-it-${process.pid}`);
  folders.push(out);
  main = (await buildRelease(out)).listener;
  env = { REDIS_URL: redis.url, LISTENER_TEST_HOOKS: '1' };
  receivers.push(await startReceiver({ main, env }), await startReceiver({ main, env }));

  // The API upstream, over TLS as the provider's is, with a certificate for the name site.conf gives it
  // ($ttd_api_name): answers what it was asked, so the test sees the path arrive unchanged.
  const tls = await mkdtemp(join(tmpdir(), 'ttd-api-tls-'));
  folders.push(tls);
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=api.provider.example',
    '-addext', 'subjectAltName=DNS:api.provider.example', '-keyout', join(tls, 'key.pem'), '-out', join(tls, 'cert.pem')], { stdio: 'ignore' });
  api = createServer({ key: await readFile(join(tls, 'key.pem')), cert: await readFile(join(tls, 'cert.pem')) }, (req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ path: req.url }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));

  // The app's files and its headers.conf, as docs/deploy.md makes them from a build.
  const site = await mkdtemp(join(tmpdir(), 'ttd-site-'));
  folders.push(site);
  // nginx's workers (nobody, when run as root) read it.
  await chmod(site, 0o755);
  await mkdir(join(site, 'assets'));
  await writeFile(join(site, 'index.html'), '<!doctype html><html lang="en"><title>Trouble Ticket Desk</title><div id="root"></div></html>');
  await writeFile(join(site, 'assets', 'index-abc123.js'), 'export {};');
  const policy = serializeCsp(cspDirectives({ VITE_API_BASE_URL: '/tmf-api/troubleTicket/v5', VITE_EVENTS_URL: '/relay', VITE_OIDC_AUTHORITY: 'https://login.example.com' }));
  const headers = join(site, 'headers.conf');
  await writeFile(headers, nginxHeaders(headersFile(policy)));
  // The repository's locations, trusting the API's certificate instead of the system's store.
  const locations = join(site, 'locations.conf');
  await writeFile(locations, (await readFile(join(repo, 'deploy/nginx/locations.conf'), 'utf8')).replace('/etc/ssl/certs/ca-certificates.crt', join(tls, 'cert.pem')));
  const [a, b] = receivers as [Receiver, Receiver];
  nginx = await startNginx(
    (port) => `
  upstream ttd_receivers { server 127.0.0.1:${a.port} max_fails=1 fail_timeout=2s; server 127.0.0.1:${b.port} max_fails=1 fail_timeout=2s; keepalive 8; }
  upstream ttd_api { server 127.0.0.1:${(api.address() as AddressInfo).port}; }
  map $host $ttd_api_name { default api.provider.example; }
  server {
    listen 127.0.0.1:${port};
    root ${site};
    include ${headers};
    include ${locations};
  }`,
  );
  browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  page = await browser.newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await nginx?.stop('SIGQUIT');
  await Promise.all(receivers.map((r) => r.stop()));
  await redis?.stop();
  await new Promise((resolve) => (api ? api.close(resolve) : resolve(undefined)));
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

describe('behind nginx, on Redis, with two receivers', () => {
  it('serves the app with its Content-Security-Policy and the single-page fallback, and the API on the same origin', async () => {
    const home = await fetch(`${nginx.origin}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('Content-Security-Policy')).toContain("connect-src 'self' https://login.example.com");
    expect(home.headers.get('X-Content-Type-Options')).toBe('nosniff');
    const deep = await fetch(`${nginx.origin}/tickets/TT-000001`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<title>Trouble Ticket Desk</title>');
    expect(deep.headers.get('Content-Security-Policy')).toBe(home.headers.get('Content-Security-Policy'));
    expect((await fetch(`${nginx.origin}/assets/index-abc123.js`)).headers.get('Cache-Control')).toBe('max-age=315360000');
    expect((await fetch(`${nginx.origin}/assets/missing.js`)).status).toBe(404);
    const listed = await fetch(`${nginx.origin}/tmf-api/troubleTicket/v5/troubleTicket?limit=1`);
    expect(await listed.json()).toEqual({ path: '/tmf-api/troubleTicket/v5/troubleTicket?limit=1' });
  });

  it('brings an event POSTed to receiver A to a browser streaming through receiver B within 2 s', async () => {
    await page.goto(`${nginx.origin}/`);
    await page.evaluate(`(${subscriber})()`);
    await page.waitForFunction(() => (window as unknown as { __seen: Seen }).__seen.open && (window as unknown as { __seen: Seen }).__seen.last !== null);
    const b = await holder();
    const a = receivers[1 - b] as Receiver;
    const body = envelopeFor(status);
    await provide(`${a.base}${status.path}`, body);
    await page.waitForFunction((id) => (window as unknown as { __seen: Seen }).__seen.ids.includes(id), body.eventId as string, { timeout: 2000 });
  }, 60_000);

  it('loses nothing and repeats nothing while each receiver in turn is killed mid-stream and restarted', async () => {
    const before = (await seen()).ids.length;
    const posted: string[] = [];
    const b = await holder();
    const a = 1 - b;
    // Kill A (which takes half the POSTs), bring it back, then kill B (which holds the browser's stream), bring it back.
    const steps: Record<number, () => Promise<void>> = {
      15: async () => void (await receivers[a]?.stop('SIGKILL')),
      25: async () => void (receivers[a] = await startReceiver({ main, env, port: receivers[a]?.port })),
      35: async () => void (await receivers[b]?.stop('SIGKILL')),
      45: async () => void (receivers[b] = await startReceiver({ main, env, port: receivers[b]?.port })),
    };
    for (let i = 0; i < 60; i += 1) {
      await steps[i]?.();
      const body = envelopeFor(status);
      posted.push(body.eventId as string);
      await provide(`${nginx.origin}${status.path}`, body);
    }
    await page.waitForFunction((count) => (window as unknown as { __seen: Seen }).__seen.ids.length >= count, before + posted.length, { timeout: 20_000 });
    const after = await seen();
    const delivered = after.ids.slice(before);
    expect(delivered).toEqual(posted);
    expect(after.resets).toBe(0);
    // The browser did have to reconnect: its receiver went away.
    expect(after.reconnects).toBeGreaterThan(0);
  }, 120_000);
});
