// A service whose count header lies (issue 28), in Chromium: every list answer carries its rows but `X-Total-Count: 0`.
// The overview's cards say what they know ("at least 1", the service sends no total) instead of an error, the lists
// show their rows, and no screen shows an agent a query key, "undefined", "null" or a stack frame.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { serviceSettings, signedInUser } from '../support/service-settings';

const AUTH = { Authorization: 'Bearer service-e2e' };

/** Switches the one mocked service's counting (its test-only route, docs/mock-api.md). */
async function serviceCounts(totalCount: 'exact' | 'zero'): Promise<void> {
  const response = await fetch(`${serviceSettings.apiOrigin}/__mock/settings`, {
    method: 'POST',
    headers: { ...AUTH, 'Content-Type': 'application/json' },
    body: JSON.stringify({ dialect: 'v5', totalCount }),
  });
  expect(response.status, 'POST /__mock/settings').toBe(200);
}

/** Words no agent should read: a query key, JavaScript's empty values, a stack frame. */
const internals = /\[\s*"|undefined|\bnull\b|\bat \S+ \(\S*:\d+:\d+\)|\.(?:tsx?|js):\d+/;

async function expectNoInternals(page: Page): Promise<void> {
  // Every section has its answer first: one still loading could show an error after the checks below.
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await page.locator('body').innerText()).not.toMatch(internals);
}

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(([key, user]) => window.sessionStorage.setItem(key, user), signedInUser());
  await serviceCounts('zero');
});

test.afterAll(async () => {
  await serviceCounts('exact');
});

test('the overview: each card says what it knows, in words, with no error', async ({ page, axe }, testInfo) => {
  await page.goto('/');
  const main = page.getByRole('main');
  const floor = 'at least 1 The service sends no total.';
  await expect(main.getByRole('link', { name: `All tickets: ${floor}` })).toBeVisible();
  await expect(main.getByRole('link', { name: `Order cancellations: ${floor}` })).toBeVisible();
  // The seed's overdue tickets, if any, arrive as a row: a floor; none: an empty page, which is an exact 0.
  await expect(main.getByRole('link', { name: /^Overdue: (0|at least 1 The service sends no total\.)$/ })).toBeVisible();
  // The statuses the seed holds are floors too; none is a failure or a made-up 0 beside a row.
  await expect(main.getByRole('link', { name: /: at least 1 The service sends no total\.$/ }).nth(3)).toBeVisible();
  // Normal type for a floor: the figure's large type is for exact counts.
  const allTickets = main.getByRole('link', { name: /^All tickets:/ });
  const size = await allTickets.locator('.count-card__count').evaluate((element) => getComputedStyle(element).fontSize);
  const body = await page.locator('body').evaluate((element) => getComputedStyle(element).fontSize);
  expect(size).toBe(body);
  await expectNoInternals(page);
  await axe('overview, counts the service does not give');
  await testInfo.attach('overview with floors (1366×768)', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

  await page.getByRole('combobox', { name: 'Language' }).selectOption('Deutsch');
  await expect(main.getByRole('link', { name: 'Alle Tickets: mindestens 1 Der Dienst nennt keine Gesamtzahl.' })).toBeVisible();
  await expectNoInternals(page);
});

test('the ticket list shows its rows and a range without a total', async ({ page }) => {
  await page.goto('/tickets');
  await expect(page.getByRole('table').getByRole('rowheader').first()).toBeVisible();
  expect(await page.getByRole('table').getByRole('rowheader').count()).toBeGreaterThan(1);
  await expect(page.getByRole('status', { name: 'Results' })).toHaveText(/^1–\d+$/);
  await expectNoInternals(page);
});

test('the cancellations list shows its rows and a range without a total', async ({ page }) => {
  await page.goto('/cancel-orders');
  await expect(page.getByRole('table').getByRole('rowheader').first()).toBeVisible();
  expect(await page.getByRole('table').getByRole('rowheader').count()).toBeGreaterThan(1);
  await expect(page.getByRole('status', { name: 'Cancellations' })).toHaveText(/^1–\d+$/);
  await expectNoInternals(page);
});
