// The demo's event emitter (window.__demoEvents, mocks/browser.ts) seen from the specs: move the demo's store, emit an
// event, cut the streams; and how a spec finds a ticket that the next move changes and waits for live updates.
import type { Page } from '@playwright/test';
import { demoServiceRunning } from './demo-service';
import { expect } from './fixtures';

export type Change = { resource: 'troubleTicket' | 'cancelProductOrder'; id: string; from: string; to: string; at: string };
type DemoEvents = { emit(envelope: object): void; advance(): Change[]; dropStreams(): number };

// Each waits for the hooks first: the demo's service starts once the first screen has painted (demoServiceRunning).

/** Moves the demo's store one step on, and returns what changed. */
export async function advance(page: Page): Promise<Change[]> {
  await demoServiceRunning(page);
  return page.evaluate(() => (window as unknown as { __demoEvents: DemoEvents }).__demoEvents.advance());
}

/** Sends an event envelope through the demo's relay, as the service's events would arrive. */
export async function emit(page: Page, envelope: object): Promise<void> {
  await demoServiceRunning(page);
  await page.evaluate((body) => (window as unknown as { __demoEvents: DemoEvents }).__demoEvents.emit(body), envelope);
}

/** Cuts the relay's open streams, as a dropped connection would; returns how many there were. */
export async function dropStreams(page: Page): Promise<number> {
  await demoServiceRunning(page);
  return page.evaluate(() => (window as unknown as { __demoEvents: DemoEvents }).__demoEvents.dropStreams());
}

/**
 * Emits an event about another ticket after the ones under test: the relay keeps the order of a stream, so once the
 * page shows it, a repeat of an earlier event would have come before it. (A fixed wait proves nothing.)
 */
export const emitMarker = (page: Page) =>
  emit(page, {
    eventId: `e2e-marker-${Date.now()}`,
    eventTime: new Date().toISOString(),
    eventType: 'TroubleTicketCreateEvent',
    event: { troubleTicket: { id: 'TT-000001', status: 'acknowledged' } },
  });

export const statusWords: Record<string, string> = {
  inProgress: 'In progress',
  resolved: 'Resolved',
  pending: 'Pending',
  held: 'Held',
  closed: 'Closed',
};

/**
 * The demo store is seeded and moved by a seeded PRNG: the first advance of a fresh page load changes the same
 * tickets the same way. A first page load finds out which ticket that is; the test then opens that ticket's page
 * (a new page load, a fresh store) and moves the store once more while the page shows it.
 */
export async function ticketMovedByFirstAdvance(page: Page): Promise<Change> {
  await page.goto('/');
  const change = (await advance(page)).find((c) => c.resource === 'troubleTicket' && c.to in statusWords);
  if (!change) throw new Error('the first demo advance moved no ticket to a worded status');
  // The panel keeps its list per tab (sessionStorage): start the real test with an empty one.
  await page.evaluate(() => window.sessionStorage.clear());
  return change;
}

export async function waitForLive(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: /^Notifications/ });
  await button.click();
  await expect(page.getByRole('status').filter({ hasText: 'Live updates on' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
}
