// Helpers for the demo specs: ask the mocked service (the demo's service worker) from inside the page, read counts,
// and hold the demo's data still.
import type { Locator, Page } from '@playwright/test';
import { DEMO_ADVANCE_EVERY_MS } from '../../mocks/store';
import { ticketStatuses, type FaultTicket, type TicketStatus } from '../../src/domain/ticket';
import { expect } from './fixtures';

/** The service's default base URL on the app's own origin (decisions.md "Addresses"). */
export const API_BASE = '/tmf-api/troubleTicket/v5';

export interface ServiceCounts {
  /** Whether a service worker controls the page: `vite preview` has no API, so only the worker can answer. */
  controlled: boolean;
  tickets: number;
  cancellations: number;
  byStatus: Record<TicketStatus, number>;
}

/**
 * Reads `X-Total-Count` the way the overview does, with the page's own `fetch` so the request goes through the worker.
 * A missing header (the preview server's HTML fallback) comes back as NaN and fails the positivity checks.
 */
export async function serviceCounts(page: Page): Promise<ServiceCounts> {
  const paths = {
    tickets: `${API_BASE}/troubleTicket?limit=1&fields=status`,
    cancellations: `${API_BASE}/cancelProductOrder?limit=1`,
    ...Object.fromEntries(ticketStatuses.map((status) => [status, `${API_BASE}/troubleTicket?status=${status}&limit=1&fields=status`])),
  };
  const { controlled, totals } = await page.evaluate(async (byKey) => {
    const entries = await Promise.all(
      Object.entries(byKey).map(async ([key, path]) => {
        const response = await fetch(path, { headers: { Authorization: 'Bearer demo', Accept: 'application/json' } });
        return [key, response.ok ? Number(response.headers.get('X-Total-Count') ?? Number.NaN) : Number.NaN] as const;
      }),
    );
    return { controlled: navigator.serviceWorker?.controller != null, totals: Object.fromEntries(entries) };
  }, paths);
  const byStatus = Object.fromEntries(ticketStatuses.map((status) => [status, totals[status]])) as Record<TicketStatus, number>;
  return { controlled, tickets: totals.tickets, cancellations: totals.cancellations, byStatus };
}

/**
 * Switches off the demo's timed progression (tickets and cancellations move one step on every 20 s): for tests that
 * compare screens with each other or with the service. Call before the page loads; other intervals keep running.
 */
export async function switchOffDemoProgression(page: Page): Promise<void> {
  await page.addInitScript((every) => {
    const setInterval = window.setInterval.bind(window);
    window.setInterval = ((handler: TimerHandler, timeout?: number, ...rest: unknown[]) =>
      timeout === every ? 0 : setInterval(handler, timeout, ...rest)) as typeof window.setInterval;
  }, DEMO_ADVANCE_EVERY_MS);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches the count as the language writes it (1,234 / 1.234), and not as part of a longer number. */
export function countPattern(count: number, language: 'en' | 'de'): RegExp {
  const formatted = escapeRegExp(new Intl.NumberFormat(language).format(count));
  return new RegExp(`(?<![\\d.,])${formatted}(?!\\d|[.,]\\d)`);
}

/** A label followed (after optional colon and spaces) by the count, as in "All tickets: 1,234". */
export function labelledCountPattern(label: string, count: number, language: 'en' | 'de'): RegExp {
  return new RegExp(`${escapeRegExp(label)}\\s*:?\\s*${countPattern(count, language).source}`);
}

/** The overview's link for one status. */
export function statusLink(main: Locator, status: TicketStatus): Locator {
  return main.locator(`a[href="/tickets?status=${status}"]`);
}

/**
 * Waits until the overview (already opened) shows a number for every status and nothing in it is busy. The numbers
 * come first: "nothing busy" alone also holds before the overview's screen has even been rendered.
 */
export async function overviewCountsShown(page: Page): Promise<Locator> {
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^(Overview|Übersicht)$/);
  for (const status of ticketStatuses) await expect(statusLink(main, status)).toHaveAccessibleName(/\d/);
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
  return main;
}

/** Opens the overview and waits until every status shows a number, so checks and axe see the loaded page. */
export async function openOverview(page: Page): Promise<Locator> {
  await page.goto('/');
  return overviewCountsShown(page);
}

/**
 * Waits until the demo's own service answers: its hooks are there and its worker controls the page. The screen shows
 * before that (the service starts once it has painted), and a reload before it leaves the worker half installed: the
 * next page is not controlled, and MSW then reloads it once more by itself.
 */
export async function demoServiceRunning(page: Page): Promise<void> {
  await page.waitForFunction(() => '__demoEvents' in window && navigator.serviceWorker?.controller != null);
}

/** An answer of the demo's own service (its service worker), fetched from inside the page as the app does. */
export async function serviceJson<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Authorization: 'Bearer demo', Accept: 'application/json' } });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return (await response.json()) as T;
  }, `${API_BASE}${path}`);
}

/** Opens the overview and asks the demo's service, once it answers (the overview paints before it has started). */
export async function serviceTickets(page: Page, query: string): Promise<FaultTicket[]> {
  await openOverview(page);
  return serviceJson<FaultTicket[]>(page, `/troubleTicket?${query}`);
}

/**
 * The id of a seeded fault with a history of several steps and a note, so most groups have something to show. Ids and
 * contents are seeded deterministically; only the dates follow the moment the page loaded.
 */
export async function richFaultId(page: Page): Promise<string> {
  const tickets = await serviceTickets(page, 'ticketType=fault&limit=100');
  const ticket = tickets.find((t) => (t.statusChange?.length ?? 0) >= 3 && (t.note?.length ?? 0) > 0);
  if (!ticket) throw new Error('the seed has no fault with a 3-step history and a note');
  return ticket.id;
}

/** The detail page's groups (their h2 and region names), in page order. */
export const detailGroupNames = [
  'Ticket',
  'Related tickets',
  'Dates',
  'Status history',
  'Notes',
  'Contacts',
  'Related entities',
  'Appointment and time slot',
  'Questionnaire',
  'Agreements',
  'Attachments',
];
