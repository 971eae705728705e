/**
 * The subscribers of the receiver's load test (scripts/bench-listener.ts): EventSources in one Chromium page, each
 * with the app's reconnect rule, or a plain Node reader. What each saw: eventIds in order, reconnects, resets.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from '@playwright/test';
import { findChromium } from '../../tools/chromium-path.mjs';

/** One subscriber's view: eventIds in arrival order, and how often it had to reconnect or was told to reset. */
export type Seen = { ids: string[]; reconnects: number; resets: number };

export type Subscribers = {
  /** Every subscriber's record, in the order they were attached. */
  seen(): Promise<Seen[]>;
  /** The fewest events any subscriber has received. */
  fewest(): Promise<number>;
  close(): Promise<void>;
};

/**
 * The page comes from a real server on 127.0.0.1 (another origin than the receivers, as the app's would): Chromium's
 * Local Network Access refuses a page of no known address (a Playwright-fulfilled one) calling loopback.
 */
export async function startPageServer(): Promise<{ server: Server; origin: string }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><title>bench</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * Plain JavaScript run in the page: subscriber `index` starts on receiver `index` of `bases` and, like a browser
 * behind a load balancer, reconnects to the next one when its stream fails, with a new ticket and its last id (the
 * relay's hello gives it one before the first event).
 */
const inPageSubscriber = `(bases, index) => {
  const seen = { ids: [], reconnects: 0, resets: 0, last: undefined, open: false };
  (window.__subs = window.__subs || [])[index] = seen;
  let at = index;
  const retry = () => { seen.open = false; seen.reconnects += 1; at += 1; setTimeout(connect, 100); };
  async function connect() {
    const base = bases[at % bases.length];
    try {
      const res = await fetch(base + '/relay/stream-tickets', { method: 'POST', headers: { Authorization: 'Bearer bench-agent-' + index } });
      if (res.status !== 201) return retry();
      const { ticket } = await res.json();
      const query = seen.last === undefined ? '' : '&lastEventId=' + seen.last;
      const source = new EventSource(base + '/relay/events?ticket=' + ticket + query);
      source.onopen = () => { seen.open = true; };
      source.addEventListener('hello', (e) => { if (seen.last === undefined) seen.last = e.lastEventId; });
      source.addEventListener('notification', (e) => {
        seen.last = e.lastEventId;
        seen.ids.push(JSON.parse(e.data).envelope.eventId);
      });
      source.addEventListener('reset', () => { seen.resets += 1; });
      // EventSource's own retry would reuse the spent ticket: close it and buy a new one, as the app does.
      source.onerror = () => { source.close(); retry(); };
    } catch { retry(); }
  }
  connect();
}`;

/** One subscriber per base, in one Chromium page; resolves when every one is open and has its position. */
export async function chromiumSubscribers(bases: readonly string[], pageOrigin: string): Promise<Subscribers> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found: set CHROMIUM_PATH or run with --subscriber node');
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage();
  await page.goto(`${pageOrigin}/`);
  for (const [index] of bases.entries()) await page.evaluate(`(${inPageSubscriber})(${JSON.stringify(bases)}, ${index})`);
  await page.waitForFunction(`window.__subs.length === ${bases.length} && window.__subs.every((s) => s.open && s.last !== undefined)`);
  return {
    seen: async () => (await page.evaluate('window.__subs.map((s) => ({ ids: s.ids, reconnects: s.reconnects, resets: s.resets }))')) as Seen[],
    fewest: async () => (await page.evaluate('Math.min(...window.__subs.map((s) => s.ids.length))')) as number,
    close: () => browser.close(),
  };
}

/** A Node reader of one receiver's stream over fetch (when no Chromium is at hand); no reconnect, so a drop shows as loss. */
export async function nodeSubscriber(base: string): Promise<Subscribers> {
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
  return { seen: async () => [seen], fewest: async () => seen.ids.length, close: async () => reader.cancel().catch(() => {}) };
}
