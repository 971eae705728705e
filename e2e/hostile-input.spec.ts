// Hostile input in the built demo: 60 XSS and injection strings (e2e/hostile/corpus.ts) entered through the wizard's
// every free-text field and the cancellation form, and one ticket per string created through the service; shown on
// check answers, detail and list and exported as CSV. Every test fails on a dialog, on window.__hostile being set, on
// a console error, on a CSP violation and on requests hostile markup would cause (e2e/hostile/guard.ts).
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import Papa from 'papaparse';
import { neutraliseSeparatedFormulae } from '../src/components/data-table/export-csv';
import { openOverview, switchOffDemoProgression } from './support/demo-service';
import { createThroughService, hostileBody } from './hostile/bodies';
import { corpus, fit, isSpotCheckable, type HostileString } from './hostile/corpus';
import { emitThroughDemoRelay, hostileEnvelope } from './hostile/events';
import { expect, navigateInApp, test } from './hostile/guard';
import { Feed, disputePlan, enterDispute, enterFault, faultPlan } from './hostile/wizard';

// Screens are compared with what was entered: the demo's timed progression stays off.
test.beforeEach(({ page }) => switchOffDemoProgression(page));

/** OWASP's CSV formula starts: a spreadsheet would run such a cell. */
const FORMULA_START = /^[=+\-@\t\r]/;

// In the list's column order (the field table's): the cells below are counted in it.
const LIST_COLUMNS = 'columns=id,externalIdentifier,categoryId,description,accessLineId&pageSize=100';

/**
 * Each string (but those with control or invisible characters, which no reader compares as typed) appears in `scope`
 * as text: markup that a screen parsed would not. Check answers joins billing items with commas, so this compares
 * contained text; exact cells and definitions are checked where a field has its own.
 */
async function expectShownLiterally(scope: Locator, texts: readonly string[]): Promise<void> {
  for (const text of texts.filter(isSpotCheckable)) await expect(scope, `shown literally: ${text}`).toContainText(text);
}

/** The row of the list whose row header links to ticket `id`. */
const rowOf = (page: Page, id: string) =>
  page.getByRole('table').locator('tbody tr').filter({ has: page.getByRole('link', { name: id, exact: true }) });

/** The definition that follows the term `term` in `scope` (the detail page's description lists). */
const definitionOf = (scope: Locator, term: string) =>
  scope.locator('dt').filter({ hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

async function openDetail(page: Page, id: string): Promise<Locator> {
  await navigateInApp(page, `/tickets/${encodeURIComponent(id)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ticket ${id}`);
  return page.getByRole('main');
}

test('the corpus: at least 50 distinct strings, unique ids, every kind of attack', () => {
  expect(corpus.length).toBeGreaterThanOrEqual(50);
  expect(new Set(corpus.map((entry) => entry.text)).size).toBe(corpus.length);
  expect(new Set(corpus.map((entry) => entry.id)).size).toBe(corpus.length);
  expect(new Set(corpus.map((entry) => entry.tag)).size).toBe(15);
});

test.describe('through the service: one ticket per corpus string, every free-text field', () => {
  // 60 creates, then 60 rows or 60 detail pages, on two shared cores (about 40 s each on a quiet machine).
  test.describe.configure({ timeout: 180_000 });

  async function createAll(page: Page): Promise<{ marker: string; ids: string[] }> {
    await openOverview(page);
    const marker = `HX${Math.random().toString(36).slice(2, 8).padEnd(6, '0')}`;
    const ids = await createThroughService(page, corpus.map((entry) => hostileBody(entry, marker)));
    return { marker, ids };
  }

  test('the list shows each literally, and the CSV export neutralises formulas', async ({ page }) => {
    const { marker, ids } = await createAll(page);
    await navigateInApp(page, `/tickets?categoryId=${marker}&${LIST_COLUMNS}`);
    await expect(page.getByRole('status', { name: 'Results' })).toHaveText(`1–${corpus.length} of ${corpus.length}`);
    for (const [index, entry] of corpus.entries()) {
      const cells = rowOf(page, ids[index]).locator('td');
      await expect(cells.nth(0), `external id of #${entry.id}`).toHaveText(fit(`#${entry.id} ${entry.text}`, 36));
      await expect(cells.nth(2), `description of #${entry.id}`).toHaveText(entry.text);
    }
    await expectShownLiterally(page.getByRole('table'), corpus.map((entry) => entry.text));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV of this view' }).click(),
    ]);
    const text = await readFile((await download.path())!, 'utf8');
    const [header, ...rows] = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(header).toEqual(['Ticket', 'External identifier', 'Category ID', 'Description', 'Access line ID']);
    expect(rows).toHaveLength(corpus.length);
    const byId = new Map(rows.map((row) => [row[0], row]));
    for (const [index, entry] of corpus.entries()) {
      const row = byId.get(ids[index])!;
      for (const cell of row) expect(cell, `no cell of #${entry.id} starts a formula`).not.toMatch(FORMULA_START);
      // The only change: an apostrophe before a would-be formula, at the start or after a separator (German Excel
      // splits at ;), which spreadsheets show as text.
      expect(row[3]).toBe((FORMULA_START.test(entry.text) ? "'" : '') + neutraliseSeparatedFormulae(entry.text));
    }
    // Read as German Excel reads it (split at ;) or split at tabs: still no field starts a formula.
    for (const delimiter of [';', '\t']) {
      const fields = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter, skipEmptyLines: true }).data.flat();
      expect(fields.filter((field) => /^[\s"]*[=+\-@]/.test(field)), `fields split at ${JSON.stringify(delimiter)}`).toEqual([]);
    }
  });

  test('each detail page shows it literally in every group', async ({ page }) => {
    const { ids } = await createAll(page);
    for (const [index, entry] of corpus.entries()) {
      const main = await openDetail(page, ids[index]);
      await expect(definitionOf(main, 'Description'), `description of #${entry.id}`).toHaveText(entry.text);
      await expect(main.getByRole('region', { name: 'Agreements' }).getByRole('heading', { level: 3 }).first()).toHaveText(fit(entry.text, 160));
      if (isSpotCheckable(entry.text)) {
        await expect(definitionOf(main.getByRole('region', { name: 'Appointment and time slot' }), 'Appointment details')).toHaveText(entry.text);
        await expect(definitionOf(main, 'Email')).toHaveText(fit(entry.text, 255));
      }
    }
  });
});

/** The wizard's tickets: the corpus in thirds, so each string goes whole into some field of one of three tickets. */
const third = Math.ceil(corpus.length / 3);
const slices: HostileString[][] = [corpus.slice(0, third), corpus.slice(third, 2 * third), corpus.slice(2 * third)];

test.describe('through the wizard: every free-text field, on check answers, detail and list', () => {
  // Seven steps with every field filled, then three screens checked.
  test.slow();

  async function createAndCheck(page: Page, button: string, entered: readonly string[]): Promise<string> {
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: /Check your answers$/ })).toBeVisible();
    await expectShownLiterally(main, entered);
    await main.getByRole('button', { name: button }).click();
    await expect(page).toHaveURL(/\/tickets\/TT-\d+$/);
    const id = new URL(page.url()).pathname.split('/').at(-1)!;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ticket ${id}`);
    await expectShownLiterally(page.getByRole('main'), entered);
    return id;
  }

  async function checkListRow(page: Page, id: string, plan: { externalId: string; categoryId: string; description: string }) {
    await navigateInApp(page, `/tickets?${LIST_COLUMNS}`);
    const cells = rowOf(page, id).locator('td');
    await expect(cells.nth(0)).toHaveText(plan.externalId);
    await expect(cells.nth(1)).toHaveText(plan.categoryId);
    await expect(cells.nth(2)).toHaveText(plan.description);
  }

  for (const [index, slice] of slices.slice(0, 2).entries()) {
    test(`fault ${index + 1}: strings ${slice[0].id}–${slice.at(-1)!.id} whole, the rest cut to each field's length`, async ({ page }) => {
      const feed = new Feed(slice, corpus, index * 29);
      const plan = faultPlan(feed);
      await enterFault(page, plan);
      const id = await createAndCheck(page, 'Create fault ticket', feed.wholeUsed);
      const detail = page.getByRole('main');
      await expect(definitionOf(detail.getByRole('region', { name: 'Ticket' }), 'Network termination location')).toHaveText(
        plan.networkTerminationLocation,
      );
      await checkListRow(page, id, plan);
    });
  }

  test(`dispute: strings ${slices[2][0].id}–${slices[2].at(-1)!.id} whole, with the disputed ticket and the references`, async ({ page }) => {
    const feed = new Feed(slices[2], corpus, 13);
    const plan = disputePlan(feed);
    await enterDispute(page, plan);
    const id = await createAndCheck(page, 'Create dispute ticket', feed.wholeUsed);
    const related = page.getByRole('region', { name: 'Related tickets' });
    // The disputed ticket's ID becomes a link: to a path of this app, never a javascript: or data: URL.
    await expect(related.getByRole('link')).toHaveAttribute('href', `/tickets/${encodeURIComponent(plan.disputedId)}`);
    await checkListRow(page, id, plan);
  });
});

test.describe('through the cancellation form: product order ID and reason', () => {
  const cases = [
    { productOrder: '$t(common.appName) $t(entry.step.ticket)', reason: corpus[0].text },
    { productOrder: '{{productOrder}} {{id}}', reason: corpus.find((entry) => entry.tag === 'csv-formula')!.text },
    { productOrder: '<svg onload="window.__hostile=99">', reason: corpus.find((entry) => entry.tag === 'svg-mathml')!.text },
  ];
  for (const [index, { productOrder, reason }] of cases.entries()) {
    test(`case ${index + 1}: check page, confirmation, detail and list show both as typed`, async ({ page }) => {
      await page.goto('/cancel-orders/new');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('New cancellation');
      await page.getByRole('textbox', { name: 'Product order ID' }).fill(productOrder);
      await page.getByRole('textbox', { name: /Cancellation reason/ }).fill(reason);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check the cancellation before sending it');
      const main = page.getByRole('main');
      await expectShownLiterally(main, [productOrder, reason]);
      await page.getByRole('button', { name: `Cancel product order ${productOrder}` }).click();

      await expect(page).toHaveURL(/\/cancel-orders\/CPO-\d{6}$/);
      const id = page.url().split('/').at(-1)!;
      // The i18next message interpolates the product order ID: it must come out as typed, never resolved.
      await expect(page.getByRole('region', { name: 'Cancellation requested' })).toContainText(
        `The cancellation of product order ${productOrder} has been sent. Its reference is ${id}.`,
      );
      await expectShownLiterally(main, [productOrder, reason]);

      await navigateInApp(page, '/cancel-orders?columns=id,productOrder,state,cancellationReason');
      const row = page.getByRole('table').locator('tbody tr').filter({ has: page.getByRole('link', { name: id, exact: true }) });
      await expect(row.locator('td').nth(0)).toHaveText(productOrder);
      await expect(row.locator('td').nth(2)).toHaveText(reason);
    });
  }
});

test('notifications: events with hostile titles, descriptions and resource ids are listed as text', async ({ page }) => {
  test.slow();
  await openOverview(page);
  const button = page.getByRole('button', { name: /^Notifications/ });
  await button.click();
  await expect(page.getByRole('status').filter({ hasText: 'Live updates on' })).toBeVisible();
  await page.keyboard.press('Escape');
  const run = Math.random().toString(36).slice(2, 8);
  // The panel keeps the latest 50: the corpus goes in two batches, each checked while it is all shown.
  for (const batch of [corpus.slice(0, 30), corpus.slice(30)]) {
    await emitThroughDemoRelay(page, batch.map((entry) => hostileEnvelope(entry, run)));
    await expect(button).toHaveAccessibleName(/\d+ unread$/);
    await button.click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    for (const entry of batch) {
      const item = panel.locator('.notifications-entry__title').getByText(entry.text, { exact: true });
      if (isSpotCheckable(entry.text)) await expect(item, `title of #${entry.id}`).toBeVisible();
    }
    await expectShownLiterally(panel, batch.map((entry) => entry.text));
    // A link the panel makes from an event's resource id stays a path of this app.
    for (const href of await panel.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))) {
      expect(href).toMatch(/^\/(tickets|cancel-orders)\/[^:]*$/);
    }
    await page.keyboard.press('Escape');
  }
});
