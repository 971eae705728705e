// Load test of the receiver: 10,000 valid events POSTed to its listener paths while one browser subscriber (Chromium
// running a real EventSource) reads the relay. Prints events/s accepted and delivered, the receiver's peak memory,
// events lost (posted − delivered, by eventId) and duplicates.
//
// Usage: npm run bench:listener [-- --events 10000] [-- --concurrency 32] [-- --subscriber chromium|node] [-- --json]
//
// How: the receiver runs as its own process (`node --import tsx listener/main.ts`, LISTENER_PORT=0, test hooks on)
// so its memory is its own: peak RSS is VmHWM from /proc/<pid>/status. The subscriber buys a ticket and opens the
// stream before the first POST, and, like the app, reconnects with lastEventId when the stream drops. Events go round
// the 31 listener paths, each with a body and a unique eventId. With --json: one JSON line on stdout, progress on stderr.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { chromium } from '@playwright/test';
import { listeners } from '../src/domain/event';
import { countOption, option, progress, wantsJson } from './bench/options';
import { findChromium } from './chromium-path.mjs';

const EVENTS = countOption('events', 10_000);
const CONCURRENCY = countOption('concurrency', 32);
const SUBSCRIBER = option('subscriber') ?? 'chromium';
const log = progress();

export type ListenerFigures = {
  events: number;
  concurrency: number;
  subscriber: string;
  acceptedPerSecond: number;
  deliveredPerSecond: number;
  peakRssMiB: number;
  idleRssMiB: number;
  lost: number;
  duplicates: number;
  reconnects: number;
  resets: number;
  refused: number;
};

function readMemory(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`)) ?? '';
  return Number(/(\d+)/.exec(line)?.[1] ?? NaN) / 1024;
}

/**
 * The subscriber's page comes from a real server on 127.0.0.1 (another origin than the receiver, as the app's would):
 * Chromium's Local Network Access refuses a page of no known address (a Playwright-fulfilled one) calling loopback.
 */
async function startPageServer(): Promise<{ server: Server; origin: string }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><title>bench</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function startReceiver(pageOrigin: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'listener/main.ts'], {
    env: { ...process.env, LISTENER_PORT: '0', LISTENER_HOST: '127.0.0.1', LISTENER_TEST_HOOKS: '1', LISTENER_ALLOWED_ORIGINS: pageOrigin },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The receiver did not print its ready line within 20 s')), 20_000);
    child.once('exit', (code) => reject(new Error(`The receiver exited (${code}) before it was ready`)));
    lines.on('line', (line) => {
      const url = /^listening on (http:\/\/\S+)$/.exec(line)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
  });
  // Keep draining its log lines (one per event) so the pipe never fills and blocks the receiver.
  return { child, base };
}

/** The subscriber's view: eventIds in arrival order, and how often it had to reconnect or was told to reset. */
type Seen = { ids: string[]; reconnects: number; resets: number };

/** Plain JavaScript run in the page (tsx helpers would not exist there): EventSource with the app's reconnect rule. */
const inPageSubscriber = `async (base) => {
  const seen = { ids: [], reconnects: 0, resets: 0, last: undefined, open: false };
  window.__seen = seen;
  const connect = async () => {
    const res = await fetch(base + '/relay/stream-tickets', { method: 'POST', headers: { Authorization: 'Bearer bench-agent' } });
    const { ticket } = await res.json();
    const query = seen.last === undefined ? '' : '&lastEventId=' + seen.last;
    const source = new EventSource(base + '/relay/events?ticket=' + ticket + query);
    source.onopen = () => { seen.open = true; };
    source.addEventListener('notification', (e) => {
      seen.last = e.lastEventId;
      seen.ids.push(JSON.parse(e.data).envelope.eventId);
    });
    source.addEventListener('reset', () => { seen.resets += 1; });
    // EventSource's own retry would reuse the spent ticket: close it and buy a new one, as the app does.
    source.onerror = () => { source.close(); seen.open = false; seen.reconnects += 1; setTimeout(connect, 100); };
  };
  await connect();
}`;

async function chromiumSubscriber(base: string, pageOrigin: string) {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found: set CHROMIUM_PATH or run with --subscriber node');
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage();
  // A page on an origin of its own, so the relay's CORS rules apply as they do to the app.
  await page.goto(`${pageOrigin}/`);
  await page.evaluate(`(${inPageSubscriber})(${JSON.stringify(base)})`);
  await page.waitForFunction('window.__seen && window.__seen.open');
  return {
    seen: async (): Promise<Seen> => (await page.evaluate('({ ids: window.__seen.ids, reconnects: window.__seen.reconnects, resets: window.__seen.resets })')) as Seen,
    count: async () => (await page.evaluate('window.__seen.ids.length')) as number,
    close: () => browser.close(),
  };
}

/** A Node reader of the same stream over fetch (when no Chromium is at hand); no reconnect, so a drop shows as loss. */
async function nodeSubscriber(base: string) {
  const seen: Seen = { ids: [], reconnects: 0, resets: 0 };
  const { ticket } = (await (await fetch(`${base}/relay/stream-tickets`, { method: 'POST', headers: { Authorization: 'Bearer bench-agent' } })).json()) as { ticket: string };
  const res = await fetch(`${base}/relay/events?ticket=${ticket}`);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (/^event: reset$/m.test(block)) seen.resets += 1;
        else if (/^event: hello$/m.test(block)) continue;
        else if (data) seen.ids.push((JSON.parse(data) as { envelope: { eventId: string } }).envelope.eventId);
      }
    }
  })().catch(() => {});
  return { seen: async () => seen, count: async () => seen.ids.length, close: async () => reader.cancel().catch(() => {}) };
}

async function postAll(base: string): Promise<{ ids: string[]; refused: number; seconds: number }> {
  const ids = Array.from({ length: EVENTS }, (_, i) => `bench-${i}`);
  let next = 0;
  let refused = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < EVENTS) {
      const i = next++;
      const listener = listeners[i % listeners.length] as (typeof listeners)[number];
      const body = {
        eventId: ids[i],
        eventTime: new Date().toISOString(),
        eventType: listener.eventType,
        title: `bench event ${i}`,
        event: { [listener.resourceName]: { id: `R-${i}`, status: 'inProgress' } },
      };
      const res = await fetch(`${base}${listener.path}`, {
        method: 'POST',
        headers: { Authorization: 'Bearer bench-service', 'Content-Type': listener.contentType },
        body: JSON.stringify(body),
      });
      if (res.status !== 204) refused += 1;
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { ids, refused, seconds: (performance.now() - started) / 1000 };
}

async function main() {
  log(`Receiver: starting (${EVENTS} events, ${CONCURRENCY} concurrent POSTs, subscriber ${SUBSCRIBER})`);
  const pageServer = await startPageServer();
  const { child, base } = await startReceiver(pageServer.origin);
  const pid = child.pid as number;
  let subscriber: Awaited<ReturnType<typeof nodeSubscriber>> | undefined;
  try {
    subscriber = SUBSCRIBER === 'node' ? await nodeSubscriber(base) : await chromiumSubscriber(base, pageServer.origin);
    const idleRssMiB = readMemory(pid, 'VmRSS');
    log(`Receiver on ${base} (pid ${pid}, ${idleRssMiB.toFixed(1)} MiB idle); subscriber attached; posting…`);
    const started = performance.now();
    const posted = await postAll(base);
    log(`Posted ${EVENTS} in ${posted.seconds.toFixed(2)} s (${posted.refused} refused); waiting for the subscriber…`);
    // Wait until everything arrived, or nothing more arrives for 10 s.
    let count = await subscriber.count();
    let lastProgress = performance.now();
    while (count < EVENTS - posted.refused && performance.now() - lastProgress < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = await subscriber.count();
      if (now !== count) lastProgress = performance.now();
      count = now;
    }
    const deliveredSeconds = (performance.now() - started) / 1000;
    const seen = await subscriber.seen();
    const unique = new Set(seen.ids);
    const figures: ListenerFigures = {
      events: EVENTS,
      concurrency: CONCURRENCY,
      subscriber: SUBSCRIBER,
      acceptedPerSecond: Math.round((EVENTS - posted.refused) / posted.seconds),
      deliveredPerSecond: Math.round(unique.size / deliveredSeconds),
      peakRssMiB: Math.round(readMemory(pid, 'VmHWM') * 10) / 10,
      idleRssMiB: Math.round(idleRssMiB * 10) / 10,
      lost: posted.ids.filter((id) => !unique.has(id)).length,
      duplicates: seen.ids.length - unique.size,
      reconnects: seen.reconnects,
      resets: seen.resets,
      refused: posted.refused,
    };
    const stats = (await (await fetch(`${base}/__test/stats`)).json()) as Record<string, number>;
    log(`Receiver stats: ${JSON.stringify(stats)}`);
    if (wantsJson()) console.log(JSON.stringify(figures));
    else {
      console.log(`accepted   ${figures.acceptedPerSecond} events/s (${EVENTS} POSTs, ${CONCURRENCY} at a time, ${figures.refused} refused)`);
      console.log(`delivered  ${figures.deliveredPerSecond} events/s to one ${SUBSCRIBER} EventSource subscriber`);
      console.log(`memory     peak RSS ${figures.peakRssMiB} MiB (idle ${figures.idleRssMiB} MiB)`);
      console.log(`lost       ${figures.lost}   duplicates ${figures.duplicates}   reconnects ${figures.reconnects}   resets ${figures.resets}`);
    }
    process.exitCode = figures.lost === 0 && figures.duplicates === 0 && figures.refused === 0 ? 0 : 1;
  } finally {
    await subscriber?.close();
    child.kill('SIGTERM');
    pageServer.server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
