/**
 * What events cost the provider (issue 42): the production demo build in Chromium with three tabs open (the overview,
 * the ticket list, a ticket page), N events sent to every tab in rounds (bursts of the mocked provider's moves, then a
 * pause, as a day at the desk comes), and every `GET /troubleTicket*` and `/cancelProductOrder*` the pages make counted.
 * In the demo each tab's mocked service is its provider: what a page asks is what a provider would be asked (through
 * the gateway, one to one). Prints provider calls per event per tab, and checks that nothing was lost or shown twice:
 * at the end every tab shows what the service holds (the list's statuses, the ticket's, the counts), the panel lists
 * each event once, and the ticket page toasted each of its ticket's status changes once.
 *
 * `npm run bench:refresh` (about a minute; `--root=/work/main` measures another checkout: "before").
 * `measureRefreshCost(options)` is what `npm run bench:scale` calls.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright';
import { DEMO_ADVANCE_EVERY_MS } from '../../mocks/store';
import { EVENT_REFRESH_GATHER_MS, EVENT_REFRESH_WINDOW_MS } from '../../src/api/query-client';
import { ticketStatuses } from '../../src/domain/ticket-status';
import { ensureDemoBuild, previewDemo } from './demo-build';

export type RefreshCostOptions = {
  /** The demo build's folder (built unless `reuseBuild` and it is there). Default dist-refresh-soak. */
  outDir?: string;
  reuseBuild?: boolean;
  /** Another checkout to build from (a before/after comparison). */
  root?: string;
  /** Rounds of events (default 12) and the mocked provider's moves per round in every tab (default 4; a move changes a few tickets). */
  rounds?: number;
  movesPerRound?: number;
  /** The pause between rounds (default 3 s). */
  roundGapMs?: number;
  executablePath?: string;
  log?: (line: string) => void;
};

export type RefreshCost = {
  /** Events each tab received (every tab receives the same). */
  events: number;
  tabs: number;
  /** `GET /troubleTicket*` and `/cancelProductOrder*` of all tabs from the first event until the screens settled. */
  providerCalls: number;
  perEventPerTab: number;
  /** From the last event until the ticket page showed its ticket's new status. */
  lastSeenLatencyMs?: number;
  /** What a tab showed that its service did not hold at the end (should be none). */
  lost: string[];
  /** Panel entries or toasts shown more than once (should be none). */
  twice: string[];
};

const API = '/tmf-api/troubleTicket/v5';
/** The soak's own look at the service: marked with this header, so it is not counted. */
const OWN = 'x-refresh-soak';
const counted = /\/tmf-api\/troubleTicket\/v5\/(troubleTicket|cancelProductOrder)(\/|\?|$)/;

type Change = { resource: string; id: string; from: string; to: string };
type DemoWindow = { __demoEvents: { advance(): Change[]; act(ticket: string, action: string): { ok: boolean; events?: unknown[] } } };

function chromiumPath(given?: string): string {
  for (const path of [given, process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) if (path && existsSync(path)) return path;
  throw new Error('No Chromium found: set CHROMIUM_PATH');
}

async function serviceJson<T>(page: Page, path: string): Promise<{ body: T; total: number }> {
  return page.evaluate(
    async (url) => {
      const response = await fetch(url, { headers: { Authorization: 'Bearer demo', Accept: 'application/json', 'X-Refresh-Soak': '1' } });
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return { body: (await response.json()) as T, total: Number(response.headers.get('X-Total-Count') ?? Number.NaN) };
    },
    `${API}${path}`,
  );
}

async function demoReady(page: Page): Promise<void> {
  await page.waitForFunction(() => '__demoEvents' in window && navigator.serviceWorker?.controller != null, undefined, { timeout: 60_000 });
}

/** Opens the notifications panel until it says live updates are on (the stream is open), then closes it. */
async function waitForLive(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: /^Notifications/ });
  await button.click();
  await page.getByRole('status').filter({ hasText: 'Live updates on' }).waitFor({ timeout: 30_000 });
  await page.keyboard.press('Escape');
}

/** The statuses a page shows in its list rows, by ticket id. */
const rowStatuses = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('table tbody tr')].map((row) => [
        row.querySelector('a')?.textContent?.trim() ?? '',
        row.querySelector('td[data-label="Status"] .status-badge')?.textContent?.trim() ?? '',
      ]),
    ),
  );

export async function measureRefreshCost(options: RefreshCostOptions = {}): Promise<RefreshCost> {
  const { outDir = 'dist-refresh-soak', reuseBuild = false, root, rounds = 12, movesPerRound = 4, roundGapMs = 3_000, log = () => undefined } = options;
  await ensureDemoBuild(outDir, { reuse: reuseBuild, log, root });
  const preview = await previewDemo(outDir, undefined, root);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath(options.executablePath), args: ['--no-sandbox'] });
    const context = await browser.newContext({ baseURL: preview.origin, locale: 'en-GB', serviceWorkers: 'allow' });
    // The demo's own progression off: the soak moves every tab's store itself, in step.
    await context.addInitScript((every) => {
      const setInterval = window.setInterval.bind(window);
      window.setInterval = ((handler: TimerHandler, timeout?: number, ...rest: unknown[]) => (timeout === every ? 0 : setInterval(handler, timeout, ...rest))) as typeof window.setInterval;
    }, DEMO_ADVANCE_EVERY_MS);
    // The first load installs the service worker; each tab then loads controlled by it.
    const first = await context.newPage();
    await first.goto('/');
    await demoReady(first);
    const { body: listed } = await serviceJson<{ id: string; status: string }[]>(first, '/troubleTicket?limit=50&fields=status');
    const ticketId = listed.find((ticket) => ['acknowledged', 'inProgress'].includes(ticket.status))?.id;
    if (!ticketId) throw new Error(`The demo service has no open ticket among ${listed.map((ticket) => ticket.status).join(', ')}`);
    await first.close();

    const calls: string[] = [];
    let counting = false;
    const tabs: { name: string; page: Page }[] = [];
    for (const [name, path] of [['overview', '/'], ['list', '/tickets'], ['ticket', `/tickets/${ticketId}`]] as const) {
      const page = await context.newPage();
      page.on('request', (request) => {
        const url = request.url();
        if (counting && request.method() === 'GET' && counted.test(url) && !(OWN in request.headers())) calls.push(`${name} ${new URL(url).pathname}${new URL(url).search}`);
      });
      await page.goto(path);
      await demoReady(page);
      await waitForLive(page);
      tabs.push({ name, page });
    }
    const ticketTab = tabs[2]!.page;
    const visibility = await Promise.all(tabs.map(({ page }) => page.evaluate(() => document.visibilityState)));
    log(`Tabs open (${visibility.join(', ')}); ticket page ${ticketId}`);

    // The stores move in step: every tab gets the same events. The ticket on screen is resolved last, on its own.
    counting = true;
    const started = Date.now();
    let events = 0;
    const ticketChanges: string[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const moved = await Promise.all(
        tabs.map(({ page }) =>
          page.evaluate((moves) => {
            const all: Change[] = [];
            for (let n = 0; n < moves; n += 1) all.push(...(window as unknown as DemoWindow).__demoEvents.advance());
            return all;
          }, movesPerRound),
        ),
      );
      const sent = moved[0] ?? [];
      if (moved.some((changes) => changes.map((c) => c.id + c.to).join() !== sent.map((c) => c.id + c.to).join())) log(`round ${round}: the tabs' stores moved apart`);
      events += sent.length;
      ticketChanges.push(...sent.filter((c) => c.resource === 'troubleTicket' && c.id === ticketId).map((c) => c.to));
      await new Promise((done) => setTimeout(done, roundGapMs));
    }
    // The last event: a ticket on screen resolved (closed, if resolved already), timed until its tab shows it: the
    // ticket page's, or, when the moves closed that one, the first open one of the list.
    const open = ['acknowledged', 'inProgress', 'pending', 'held', 'resolved'];
    const listPage = tabs[1]!.page;
    const { body: onPage } = await serviceJson<{ status: string }>(ticketTab, `/troubleTicket/${ticketId}`);
    let last: { id: string; status: string; where: Page; badge: string } | undefined = open.includes(onPage.status)
      ? { id: ticketId, status: onPage.status, where: ticketTab, badge: '.detail-status .status-badge' }
      : undefined;
    for (const id of last ? [] : Object.keys(await rowStatuses(listPage))) {
      const { body } = await serviceJson<{ status: string }>(listPage, `/troubleTicket/${id}`);
      if (open.includes(body.status)) {
        last = { id, status: body.status, where: listPage, badge: `table tbody tr:has(a:text-is("${id}")) td[data-label="Status"] .status-badge` };
        break;
      }
    }
    let lastSeenLatencyMs: number | undefined;
    if (last) {
      const [action, shownAs] = last.status === 'resolved' ? ['close', 'Closed'] : ['resolve', 'Resolved'];
      const acted = await Promise.all(tabs.map(({ page }) => page.evaluate(([id, act]) => (window as unknown as DemoWindow).__demoEvents.act(id!, act!), [last.id, action])));
      const lastAt = Date.now();
      events += acted[0]?.ok === true ? (acted[0].events?.length ?? 0) : 0;
      if (last.id === ticketId) ticketChanges.push(action === 'close' ? 'closed' : 'resolved');
      await last.where.locator(last.badge).filter({ hasText: new RegExp(`^${shownAs}$`) }).waitFor({ timeout: 30_000 });
      lastSeenLatencyMs = Date.now() - lastAt;
      log(`last event: ${last.id} ${action}d, shown on the ${last.where === ticketTab ? 'ticket page' : 'list'} after ${lastSeenLatencyMs} ms`);
    } else log('No ticket on screen could be moved at the end: no latency measured');
    // Settle: the coalesced refreshes of the last events come within their lane's window at the latest (the overview's
    // counts keep the longest), then have a few seconds to answer and show.
    await new Promise((done) => setTimeout(done, Math.max(...Object.values(EVENT_REFRESH_WINDOW_MS)) + EVENT_REFRESH_GATHER_MS + 3_000));
    counting = false;
    const seconds = (Date.now() - started) / 1000;

    // Nothing lost: each tab shows what its service holds.
    const lost: string[] = [];
    const words: Record<string, string> = { acknowledged: 'Acknowledged', inProgress: 'In progress', pending: 'Pending', held: 'Held', resolved: 'Resolved', closed: 'Closed', rejected: 'Rejected', cancelled: 'Cancelled', failed: 'Failed' };
    for (const [id, shown] of Object.entries(await rowStatuses(listPage))) {
      const { body } = await serviceJson<{ status: string }>(listPage, `/troubleTicket/${id}`);
      if ((words[body.status] ?? body.status) !== shown) lost.push(`list: ${id} shows ${shown}, the service has ${body.status}`);
    }
    const { body: ticket } = await serviceJson<{ status: string }>(ticketTab, `/troubleTicket/${ticketId}`);
    const badge = (await ticketTab.locator('.detail-status .status-badge').textContent())?.trim();
    if ((words[ticket.status] ?? ticket.status) !== badge) lost.push(`ticket page: ${ticketId} shows ${badge}, the service has ${ticket.status}`);
    const overview = tabs[0]!.page;
    const text = (await overview.locator('main').textContent()) ?? '';
    for (const status of ticketStatuses) {
      const { total } = await serviceJson<unknown[]>(overview, `/troubleTicket?status=${status}&limit=1&fields=status`);
      const shown = new RegExp(`${words[status]}\\D{0,40}?${new Intl.NumberFormat('en-GB').format(total)}(?![\\d,])`);
      if (total > 0 && !shown.test(text)) lost.push(`overview: ${status} is ${total} at the service, not shown so`);
    }

    // Nothing twice: the panel's entries are distinct; the ticket page toasted each change of its ticket once.
    const twice: string[] = [];
    for (const { name, page } of tabs) {
      const keys = await page.evaluate(() => {
        for (let i = 0; i < sessionStorage.length; i += 1) {
          const value = sessionStorage.getItem(sessionStorage.key(i) ?? '') ?? '';
          if (value.includes('"items"') && value.includes('"eventType"')) return ((JSON.parse(value) as { items: { key: string }[] }).items ?? []).map((item) => item.key);
        }
        return [] as string[];
      });
      if (new Set(keys).size !== keys.length) twice.push(`${name}: the panel lists an event twice`);
    }
    const toasts = await ticketTab.locator('.toast-region').getByText(new RegExp(`^Ticket ${ticketId} is now `)).count();
    const visibleChanges = ticketChanges.filter((to) => to in words).length;
    if (toasts > visibleChanges) twice.push(`ticket page: ${toasts} toasts for ${visibleChanges} changes`);

    const perEventPerTab = events ? calls.length / (events * tabs.length) : Number.NaN;
    const byTab = Object.fromEntries(tabs.map(({ name }) => [name, calls.filter((call) => call.startsWith(`${name} `)).length]));
    log(`${events} events to each of ${tabs.length} tabs in ${seconds.toFixed(0)} s; provider calls ${calls.length} (${Object.entries(byTab).map(([k, v]) => `${k} ${v}`).join(', ')})`);
    return { events, tabs: tabs.length, providerCalls: calls.length, perEventPerTab, ...(lastSeenLatencyMs !== undefined ? { lastSeenLatencyMs } : {}), lost, twice };
  } finally {
    await browser?.close();
    await preview.close();
  }
}

function gitHead(root: string | undefined): string {
  const answer = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root ?? process.cwd(), encoding: 'utf8' });
  return answer.stdout.trim() || 'unknown';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name: string) => process.argv.find((value) => value.startsWith(`--${name}=`))?.slice(name.length + 3);
  const root = arg('root');
  const number = (name: string) => (arg(name) ? Number(arg(name)) : undefined);
  const result = await measureRefreshCost({
    root,
    outDir: arg('out-dir') ?? (root ? 'dist-refresh-soak-root' : 'dist-refresh-soak'),
    reuseBuild: process.argv.includes('--reuse-build'),
    rounds: number('rounds'),
    movesPerRound: number('moves'),
    roundGapMs: number('gap-ms'),
    log: (line) => console.error(line),
  });
  const load = loadavg().map((value) => value.toFixed(2)).join(' ');
  console.log(`refresh soak (${root ?? 'this checkout'} at ${gitHead(root)}), load average ${load}`);
  console.log(`events per tab ${result.events}, tabs ${result.tabs}, provider calls ${result.providerCalls}`);
  console.log(`provider calls per event per tab: ${result.perEventPerTab.toFixed(3)} (goal ≤ 0.2)`);
  if (result.lastSeenLatencyMs !== undefined) console.log(`last event to the screen showing it: ${result.lastSeenLatencyMs} ms`);
  console.log(`lost: ${result.lost.length ? result.lost.join('; ') : 'none'}; shown twice: ${result.twice.length ? result.twice.join('; ') : 'none'}`);
}
