// Helpers for the demo specs: ask the mocked service (the demo's service worker) from inside the page, read counts,
// and hold the demo's data still.
import type { Locator, Page } from '@playwright/test';
import { DEMO_ADVANCE_EVERY_MS } from '../mocks/store';
import { ticketStatuses, type TicketStatus } from '../src/domain/ticket';
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
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
  for (const status of ticketStatuses) await expect(statusLink(main, status)).toHaveAccessibleName(/\d/);
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
  return main;
}

/** Opens the overview and waits until every status shows a number, so checks and axe see the loaded page. */
export async function openOverview(page: Page): Promise<Locator> {
  await page.goto('/');
  return overviewCountsShown(page);
}
