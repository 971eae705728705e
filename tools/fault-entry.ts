// Entering tickets through the demo's UI while its mocked service injects faults, as an agent would: every failure
// read, checked for words and a way forward, and taken. Shared by e2e/faults.spec.ts and scripts/fault-run.ts (no
// Playwright test runner here, so the script can use it too: a broken promise throws an Error that says what).
import type { Locator, Page } from '@playwright/test';
import type { FaultConfig, FaultKind, FaultRecord } from '../mocks/faults';

export const API_BASE = '/tmf-api/troubleTicket/v5';

/** A failure the agent saw: where, its words, and the way forward that was taken. */
export type ShownFailure = {
  externalId: string;
  where: 'submit' | 'detail' | 'list';
  /** What the words say happened: the HTTP status named, "network" (no answer), or "unconfirmed" (lost, not found). */
  cause: '500' | '503' | '429' | 'network' | 'unconfirmed' | 'other';
  text: string;
  way: 'retry' | 'list link';
  waitSeconds?: number;
};

export type TicketRun = {
  externalId: string;
  ticketId: string;
  /** Presses of "Create fault ticket" and of Retry after a failed create (each one POST). */
  sends: number;
  /** Sends during which "Creating the ticket…" was seen (the progress a slow answer shows). */
  progressSeen: number;
  failures: ShownFailure[];
};

type DemoFaults = { set(config: Partial<FaultConfig>): FaultConfig; log(): FaultRecord[]; clear(): void };
type WithFaults = { __demoFaults?: DemoFaults };

export async function setFaults(page: Page, config: Partial<FaultConfig>): Promise<FaultConfig> {
  // The demo's service starts once the first screen has painted, so the screen may show before its hooks exist.
  await page.waitForFunction(() => (window as unknown as WithFaults).__demoFaults !== undefined);
  return page.evaluate((next) => {
    const faults = (window as unknown as WithFaults).__demoFaults;
    if (!faults) throw new Error('window.__demoFaults is missing: is this a demo build?');
    return faults.set(next);
  }, config);
}

export async function faultLog(page: Page): Promise<FaultRecord[]> {
  return page.evaluate(() => (window as unknown as WithFaults).__demoFaults?.log() ?? []);
}

/** How many tickets carry this external id, from the service (the page's fetch, through the demo's worker). */
export async function storedCount(page: Page, externalId: string): Promise<number> {
  return page.evaluate(async ([base, id]) => {
    const response = await fetch(`${base}/troubleTicket?externalIdentifier.id=${encodeURIComponent(id)}&limit=0`, {
      headers: { Authorization: 'Bearer demo', Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`Counting ${id}: HTTP ${response.status}`);
    return Number(response.headers.get('X-Total-Count'));
  }, [API_BASE, externalId] as const);
}

const stepHeading = (main: Locator, title: string) => main.getByRole('heading', { level: 2, name: new RegExp(`Step \\d of 7\\s+${title}$`) });

async function cont(main: Locator, next: string): Promise<void> {
  await main.getByRole('button', { name: 'Continue' }).click();
  await stepHeading(main, next).waitFor();
}

/** A minimal fault (as e2e/ticket-entry.spec.ts fills it), from the New ticket link to "Check your answers". */
export async function fillMinimalFault(page: Page, externalId: string): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: 'New ticket' }).click();
  const main = page.getByRole('main');
  const first = stepHeading(main, 'Ticket');
  const draft = main.getByRole('button', { name: 'Start over' });
  await first.or(draft).first().waitFor();
  // A draft kept after an unconfirmed send: that ticket exists already, so start afresh.
  if (await draft.isVisible()) await draft.click();
  await first.waitFor();
  await main.getByRole('radio', { name: 'Fault' }).check();
  await main.getByRole('textbox', { name: 'External ticket ID' }).fill(externalId);
  await cont(main, 'Agreements');
  await main.getByRole('radio', { name: 'A reference to an existing agreement' }).check();
  await main.getByRole('textbox', { name: 'ID of the existing agreement' }).fill('RV-BSA-2019-0042');
  await cont(main, 'Contacts');
  const contacts = main.getByRole('region', { name: /^Contact \d$/ });
  for (const index of [0, 1]) {
    await contacts.nth(index).getByRole('combobox', { name: 'Role' }).selectOption(index === 0 ? 'locationAContact' : 'installationContact');
    await contacts.nth(index).getByRole('radio', { name: 'Individual' }).check();
    await contacts.nth(index).getByRole('textbox', { name: 'Family name' }).fill(index === 0 ? 'Müller' : 'Schmidt');
  }
  await cont(main, 'Affected product');
  await main.getByRole('combobox', { name: 'Role' }).selectOption('affectedProduct');
  await main.getByRole('textbox', { name: 'Product ID' }).fill('PRD-0000000042');
  await cont(main, 'Questionnaire');
  await cont(main, 'Appointment');
  await cont(main, 'Check your answers');
}

function causeOf(text: string): ShownFailure['cause'] {
  const status = /HTTP (\d{3})/.exec(text)?.[1];
  if (status === '500' || status === '503' || status === '429') return status;
  if (/could not be reached/.test(text)) return 'network';
  if (/probably created this ticket/.test(text)) return 'unconfirmed';
  return 'other';
}

/**
 * Reads a failure panel and checks the promise every failure keeps: it says what happened (a cause in words) and
 * offers a way forward (Retry, or a link to the ticket list). Throws a sentence when it does not.
 */
async function readFailure(panel: Locator, externalId: string, where: ShownFailure['where']): Promise<ShownFailure & { action: Locator }> {
  const text = (await panel.innerText()).replace(/\s+/g, ' ').trim();
  const cause = causeOf(text);
  if (cause === 'other') throw new Error(`A failure (${where}, ${externalId}) does not say what happened: "${text}"`);
  const retry = panel.getByRole('button', { name: 'Retry' });
  const listLink = panel.getByRole('link', { name: `Look for ${externalId} in the ticket list` });
  const wait = /wait (\d+) seconds? before/.exec(text)?.[1];
  if (await retry.isVisible()) return { externalId, where, cause, text, way: 'retry', action: retry, ...(wait ? { waitSeconds: Number(wait) } : {}) };
  if (await listLink.isVisible()) return { externalId, where, cause, text, way: 'list link', action: listLink };
  throw new Error(`A failure (${where}, ${externalId}) offers no way forward: "${text}"`);
}

let panels = 0;
/**
 * Marks a panel as read, so a later panel (a new element) is told apart from one still on screen; returns a locator
 * of just that element (the unread locator stops matching it).
 */
async function markRead(main: Locator, panel: Locator): Promise<Locator> {
  panels += 1;
  const mark = String(panels);
  await panel.evaluate((element, value) => element.setAttribute('data-fault-read', value), mark);
  return main.locator(`[data-fault-read="${mark}"]`);
}

/**
 * Presses "Create fault ticket" and then does what the page asks until the ticket's detail page shows the ticket:
 * Retry (after the wait the page names), or the list link and then the ticket in the list.
 */
export async function submitUntilShown(page: Page, externalId: string, timeoutMs = 90_000): Promise<TicketRun> {
  const main = page.getByRole('main');
  const run: TicketRun = { externalId, ticketId: '', sends: 0, progressSeen: 0, failures: [] };
  const unread = main.locator('[role="alert"]:not([data-fault-read])');
  const progress = main.getByRole('status').filter({ hasText: 'Creating the ticket…' });
  let sending = false;
  let sawProgress = false;
  const send = async (button: Locator) => {
    run.sends += 1;
    sending = true;
    sawProgress = false;
    await button.click();
  };
  await send(main.getByRole('button', { name: 'Create fault ticket' }));

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const path = new URL(page.url()).pathname;
    const detail = /^\/tickets\/(TT-\d+)$/.exec(path);
    if (sending && !sawProgress && (await progress.isVisible())) sawProgress = true;
    if (detail || path === '/tickets') {
      if (sending && sawProgress) run.progressSeen += 1;
      sending = false;
      if (detail && (await main.getByRole('heading', { name: 'Status history' }).isVisible())) {
        run.ticketId = detail[1]!;
        return run;
      }
      if (!(await retryLoadFailure(page, externalId, detail ? 'detail' : 'list', run)) && !detail) {
        const row = main.getByRole('link', { name: /^TT-\d+$/ }).first();
        if (await row.isVisible()) await row.click();
      }
    } else if (sending && (await unread.first().isVisible()) && new URL(page.url()).pathname === '/tickets/new') {
      // (The address is read again: a detail page's panel must not pass for the wizard's if it navigated meanwhile.)
      if (sawProgress) run.progressSeen += 1;
      sending = false;
      const panel = await markRead(main, unread.first());
      const failure = await readFailure(panel, externalId, 'submit');
      run.failures.push(strip(failure));
      if (failure.way === 'retry') {
        // The agent does what the words say: wait that long before sending again.
        if (failure.waitSeconds) await page.waitForTimeout(failure.waitSeconds * 1000);
        await send(failure.action);
      } else {
        await failure.action.click();
      }
    }
    await page.waitForTimeout(50);
  }
  const shown = (await main.innerText().catch(() => '')).replace(/\s+/g, ' ').slice(0, 400);
  throw new Error(`Ticket ${externalId} was not shown within ${timeoutMs / 1000} s (at ${page.url()}; the page said: "${shown}").`);
}

/**
 * A load that failed on the detail or list page: its panel (the same element while its Retry runs, so it is read only
 * when its Retry is not busy) is read, checked, and Retry pressed; true when there was one. Pressing Retry sends the
 * load again: once that request has gone out, a panel still (or again) on screen is a new failure, never this one
 * counted twice on a slow machine.
 */
async function retryLoadFailure(page: Page, externalId: string, where: 'detail' | 'list', run: TicketRun): Promise<boolean> {
  // `has` is searched inside each alert, so it must not start from main.
  const panel = page.getByRole('main').locator('[role="alert"]').filter({ has: page.getByRole('button', { name: 'Retry' }) }).first();
  if (!(await panel.isVisible()) || (await panel.getByRole('button', { name: 'Retry' }).getAttribute('aria-disabled')) === 'true') return false;
  const failure = await readFailure(panel, externalId, where);
  run.failures.push(strip(failure));
  const sent = page.waitForRequest((request) => request.method() === 'GET' && new URL(request.url()).pathname.startsWith(`${API_BASE}/troubleTicket`));
  await failure.action.click();
  await sent;
  return true;
}

function strip({ action: _action, ...failure }: ShownFailure & { action: Locator }): ShownFailure {
  return failure;
}

/** What the fault log says about creates: kinds a send met (slow ones among them) in order. */
export function createFaults(log: readonly FaultRecord[]): FaultKind[] {
  return log.filter((record) => record.method === 'POST' && record.path === `${API_BASE}/troubleTicket`).map((record) => record.kind);
}

/** The cause the agent should read for each kind of fault on a create. */
export function causeForKind(kind: FaultKind): ShownFailure['cause'] | undefined {
  if (kind === 'slow') return undefined;
  return kind === 'drop' || kind === 'lost' ? 'network' : kind;
}

/** A count per key, for messages and tables. */
export function tally<T extends string>(items: readonly T[]): Partial<Record<T, number>> {
  const counts: Partial<Record<T, number>> = {};
  for (const item of items) counts[item] = (counts[item] ?? 0) + 1;
  return counts;
}
