// The accessibility audit matrix (issue 8): axe (WCAG 2.2 AA) on every route, every wizard step and every state an
// agent meets (errors shown and not, empty and full, waits and outcomes), in light and dark, in English and German.
// One walk per area and theme×language, moving inside the app without reloads; each check is labelled
// "route, state, theme, language" and is soft, so one finding never hides the next (the test still fails at its end).
import type { Locator, Page } from '@playwright/test';
import { ticketStatuses } from '../src/domain/ticket';
import { exactly, fill, wordsFor, type Language } from './audit/words';
import { go, holdExport, holdExportRequests, releaseExport, settled } from './audit/walk';
import { API_BASE, demoServiceRunning, statusLink, switchOffDemoProgression } from './support/demo-service';
import { expect, test, type AxeCheck, type ExpectedRefusal } from './support/fixtures';

const themes = ['light', 'dark'] as const;
const languages: Language[] = ['en', 'de'];

/** Ids no seed has: the services answer 404 for them, which is the state under test. */
const unknownTicket = 'TT-999999';
const unknownCancellation = 'CPO-999999';

const refusals: ExpectedRefusal[] = [
  { status: 404, url: new RegExp(`/troubleTicket/${unknownTicket}$`) },
  { status: 404, url: new RegExp(`/cancelProductOrder/${unknownCancellation}$`) },
  { status: 429, url: /\/cancelProductOrder$/ },
];

type Check = (route: string, state: string) => Promise<void>;

/**
 * The labelled, soft axe check of one walk. It also notes how many checks ran and how long axe took in all (an
 * annotation in the report), which is what the matrix's run time is mostly made of.
 */
function checker(axe: AxeCheck, theme: string, language: Language): Check {
  let count = 0;
  let spent = 0;
  const timing = { type: 'audit: axe checks', description: '' };
  test.info().annotations.push(timing);
  return async (route, state) => {
    const started = performance.now();
    await axe(`${route}, ${state}, ${theme}, ${language}`, { soft: true });
    count += 1;
    spent += performance.now() - started;
    timing.description = `${count} checks, ${(spent / 1000).toFixed(1)} s in axe`;
  };
}

/** The first ticket id of a list the screen shows (the row header is the ticket's link). */
async function firstTicketId(page: Page, path: string): Promise<string> {
  await go(page, path);
  await settled(page);
  const link = page.getByRole('table').getByRole('rowheader').first().getByRole('link');
  await expect(link).toHaveText(/^TT-\d+$/);
  return link.innerText();
}

async function openDetail(page: Page, id: string): Promise<void> {
  await go(page, `/tickets/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(id);
  await settled(page);
}

for (const theme of themes) {
  for (const language of languages) {
    test.describe(`${theme}, ${language}`, () => {
      test.use({
        colorScheme: theme,
        // The app takes its language from the browser when none is stored (src/lib/i18n/index.ts).
        locale: language === 'de' ? 'de-DE' : 'en-GB',
        // The not-found and rate-limit states are the point here: exactly those refusals are let through. (A tuple:
        // Playwright takes an array whose second item is an object for [value, fixture options].)
        expectedRefusals: [refusals, { scope: 'test' }],
      });
      // Screens are compared with what they showed a moment ago: the demo's timed progression would move them.
      test.beforeEach(({ page }) => switchOffDemoProgression(page));
      // 7–17 axe checks per walk: well under a minute on 2 quiet cores, several minutes at this machine's usual load.
      test.describe.configure({ timeout: 300_000 });

      const words = wordsFor(language);

      test('overview, ticket list (full, empty, panels, errors, export), details, not found', async ({ page, axe }) => {
        const check = checker(axe, theme, language);
        await holdExportRequests(page);
        await page.goto('/');
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        const main = page.getByRole('main');
        for (const status of ticketStatuses) await expect(statusLink(main, status)).toHaveAccessibleName(/\d/);
        await settled(page);
        await check('/', 'counts loaded');

        await go(page, '/tickets');
        await expect(page.getByRole('table')).toBeVisible();
        await settled(page);
        await check('/tickets', 'with data');

        // The list's tools open over the rows, one at a time (decision 0035): each is checked open.
        await page.getByText(words.list.columns, { exact: true }).click();
        await expect(page.getByRole('group', { name: words.list.columnsLegend })).toBeVisible();
        await check('/tickets', 'column chooser open');
        await page.getByText(words.tickets.views.title, { exact: true }).click();
        await expect(page.getByRole('textbox', { name: words.tickets.views.name })).toBeVisible();
        await page.getByRole('button', { name: words.tickets.views.save }).click();
        await expect(page.getByText(words.tickets.views.nameRequired).first()).toBeVisible();
        await check('/tickets', 'saved views open, with its error');

        await page.getByText(words.filterBar.more, { exact: true }).click();
        await page.getByLabel(words.tickets.filters.createdFrom, { exact: true }).fill('2026-10-10');
        await page.getByLabel(words.tickets.filters.createdTo, { exact: true }).fill('2026-10-01');
        await page.getByRole('button', { name: words.tickets.filters.apply }).click();
        await expect(page.getByRole('heading', { name: words.tickets.filters.errorSummary })).toBeVisible();
        await check('/tickets', 'filter errors shown');

        await go(page, '/tickets?externalId=AUDIT-NO-SUCH-TICKET');
        await expect(page.getByText(words.tickets.results.empty)).toBeVisible();
        await settled(page);
        await check('/tickets', 'empty result');

        const faultId = await firstTicketId(page, '/tickets?ticketType=fault');
        await holdExport(page);
        await page.getByRole('button', { name: words.list.export.button }).click();
        const progress = page.getByRole('progressbar', { name: words.list.export.progressLabel });
        await expect(progress).toBeVisible();
        await check('/tickets', 'export in progress');
        await page.getByRole('button', { name: words.list.export.cancel }).click();
        await releaseExport(page);
        await expect(page.getByText(words.list.export.cancelled)).toBeVisible();
        await check('/tickets', 'export cancelled');

        const disputeId = await firstTicketId(page, '/tickets?ticketType=dispute');
        await openDetail(page, faultId);
        await check('/tickets/:id', 'a fault');
        await openDetail(page, disputeId);
        await check('/tickets/:id', 'a dispute');

        await go(page, `/tickets/${unknownTicket}`);
        await expect(page.getByRole('alert')).toContainText(unknownTicket);
        await check('/tickets/:id', 'unknown id (404)');

        await go(page, '/no/such/page');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.base.notFound.title);
        await check('/no/such/page', 'page not found');

        // The header's notifications panel, open over the page.
        const bell = page.getByRole('banner').getByRole('button', { name: /Notifications|Benachrichtigungen/ });
        await bell.click();
        await expect(bell).toHaveAttribute('aria-expanded', 'true');
        await check('header', 'notifications panel open');
      });

      test('ticket entry: draft choice, every step with and without errors, accepted and created', async ({ page, axe }) => {
        const check = checker(axe, theme, language);
        const main = page.getByRole('main');
        const entry = words.entry;
        const stepHeading = (title: string) =>
          main.getByRole('heading', { level: 2, name: new RegExp(`${fill(entry.stepOf, { n: '\\d', total: 7 })}\\s+${title}$`) });

        // The draft choice: a started ticket, then a reload.
        await page.goto('/tickets/new');
        await expect(stepHeading(entry.step.ticket)).toBeVisible();
        await main.locator('[name="externalIdentifier.0.id"]').fill('AUDIT-DRAFT');
        await demoServiceRunning(page);
        await page.reload();
        await expect(page.getByRole('heading', { name: entry.draft.title })).toBeVisible();
        await check('/tickets/new', 'draft choice');
        await page.getByRole('button', { name: entry.draft.startOver }).click();

        // Each step as it opens, then Continue with nothing (or something broken) entered: the error summary.
        const breakers: Record<keyof typeof entry.step, (step: Locator) => Promise<void>> = {
          ticket: async () => undefined,
          agreements: async () => undefined,
          contacts: async () => undefined,
          product: async () => undefined,
          questionnaire: (step) => step.getByRole('button', { name: entry.add.faultQuestionnaire }).click(),
          appointment: async (step) => {
            await step.locator('[name="requestedTimeSlot.validFor.startDateTime"]').fill('2026-12-01T12:00');
            await step.locator('[name="requestedTimeSlot.validFor.endDateTime"]').fill('2026-12-01T08:00');
          },
          check: async () => undefined,
        };
        const summary = main.locator('.error-summary');
        for (const step of Object.keys(entry.step) as (keyof typeof entry.step)[]) {
          const route = `/tickets/new?step=${step}`;
          if (step !== 'ticket') await go(page, route);
          await expect(stepHeading(entry.step[step])).toBeVisible();
          // Check answers validates the whole body as it opens; the other steps only on Continue.
          if (step !== 'check') await expect(summary).toHaveCount(0);
          await check(route, step === 'check' ? 'opened with answers missing' : 'as opened');
          await breakers[step](main);
          const submit = step === 'check' ? entry.check.submitFault : entry.continue;
          await main.getByRole('button', { name: exactly(submit) }).click();
          await expect(summary).toBeVisible();
          await check(route, step === 'check' ? 'submitted with answers missing' : 'Continue with errors');
          // A fault from here on: its contacts and product rows are what the later steps show empty.
          if (step === 'ticket') await main.locator('input[name="ticketType"][value="fault"]').check();
        }

        // Mended into the smallest dispute, step by step with Continue as an agent would: check answers without
        // errors, then the created outcome as the wizard reaches it (the detail page with its confirmation).
        const next = async (step: keyof typeof entry.step) => {
          await main.getByRole('button', { name: exactly(entry.continue) }).click();
          await expect(stepHeading(entry.step[step])).toBeVisible();
        };
        await go(page, '/tickets/new?step=ticket');
        await main.locator('input[name="ticketType"][value="dispute"]').check();
        const externalId = `AUDIT-${theme}-${language}-${Date.now().toString(36)}`;
        await main.locator('[name="externalIdentifier.0.id"]').fill(externalId);
        await main.locator('[name="troubleTicketRelationship.0.id"]').fill('TT-000010');
        await next('agreements');
        await main.locator('input[name="agreement.0.@type"][value="AgreementRef"]').check();
        await main.locator('[name="agreement.0.id"]').fill('RV-AUDIT-1');
        await next('contacts');
        await next('product');
        await next('questionnaire');
        await main.locator('.form-remove-row').click();
        await next('appointment');
        await main.locator('[name="requestedTimeSlot.validFor.endDateTime"]').fill('2026-12-01T14:00');
        await next('check');
        await expect(stepHeading(entry.step.check)).toBeVisible();
        await expect(summary).toHaveCount(0);
        await check('/tickets/new?step=check', 'complete, no errors');
        await main.getByRole('button', { name: exactly(entry.check.submitDispute) }).click();
        await expect(page).toHaveURL(/\/tickets\/TT-\d+$/);
        const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';
        await expect(page.getByText(fill(words.detail.createdTitle, { id }))).toBeVisible();
        await settled(page);
        await check('/tickets/:id', 'created confirmation');

        await go(page, `/tickets/new?accepted=${externalId}-2`);
        await expect(page.getByRole('heading', { level: 2, name: words.outcomes.ticket.acceptedTitle })).toBeVisible();
        await check('/tickets/new?accepted=…', 'accepted (202) outcome');
      });

      test('cancel orders: list, form with and without errors, check page, rate-limit wait, detail, not found', async ({ page, axe }) => {
        const check = checker(axe, theme, language);
        const cancel = words.cancel;
        const heading = page.getByRole('heading', { level: 1 });

        await page.goto('/cancel-orders');
        await expect(page.getByRole('table')).toBeVisible();
        await settled(page);
        await check('/cancel-orders', 'with data');

        await page.getByRole('link', { name: cancel.common.newCancellation }).first().click();
        await expect(page).toHaveURL('/cancel-orders/new');
        await settled(page);
        await check('/cancel-orders/new', 'empty form');

        await page.getByRole('button', { name: exactly(cancel.form.continue) }).click();
        await expect(page.locator('.error-summary')).toContainText(cancel.form.productOrderIdRequired);
        await check('/cancel-orders/new', 'Continue with errors');

        await page.getByRole('textbox', { name: cancel.fields.productOrder }).fill('PO-AUDIT-0429');
        await page.getByRole('textbox', { name: new RegExp(words.fields.cancellationReason) }).fill('Audit');
        await page.getByRole('button', { name: exactly(cancel.form.continue) }).click();
        await expect(heading).toHaveText(cancel.check.title);
        await check('/cancel-orders/new?step=confirm', 'check page');

        // Five creates by another client fill the service's window (5 in 10 s): the next one waits with a countdown.
        const statuses = await page.evaluate(async (base) => {
          const send = (id: string) =>
            fetch(`${base}/cancelProductOrder`, {
              method: 'POST',
              headers: { Authorization: 'Bearer demo', 'Content-Type': 'application/json;charset=utf-8' },
              body: JSON.stringify({ '@type': 'CancelProductOrder', productOrder: { id, '@referredType': 'ProductOrder' } }),
            }).then((response) => response.status);
          return Promise.all(['A', 'B', 'C', 'D', 'E'].map((suffix) => send(`PO-AUDIT-RL-${suffix}`)));
        }, API_BASE);
        expect(statuses).toEqual([201, 201, 201, 201, 201]);
        await page.getByRole('button', { name: fill(cancel.check.submit, { id: 'PO-AUDIT-0429' }) }).click();
        await expect(page.getByRole('timer')).toBeVisible();
        await check('/cancel-orders/new?step=confirm', 'rate-limit (429) wait');

        // The app sends again by itself once the window has passed (up to 10 s), then shows the new cancellation.
        const created = page.getByRole('region', { name: cancel.detail.createdTitle });
        await expect(created).toBeVisible({ timeout: 20_000 });
        await settled(page);
        await check('/cancel-orders/:id', 'created confirmation');

        await go(page, `/cancel-orders/${unknownCancellation}`);
        await expect(page.getByRole('heading', { level: 2, name: cancel.detail.notFoundTitle })).toBeVisible();
        await check('/cancel-orders/:id', 'unknown id (404)');
      });
    });
  }
}
