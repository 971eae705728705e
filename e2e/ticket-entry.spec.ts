// The ticket entry wizard in the built demo: a fault and a dispute by keyboard alone to the detail page, a reload that
// loses nothing, a double click that creates one ticket, an error summary whose links move focus, axe on every step.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { demoServiceRunning } from './support/demo-service';

const API_TICKETS = '/tmf-api/troubleTicket/v5/troubleTicket';

/** A fresh external id per test: the demo's store refuses a second open ticket with the same one. */
const externalId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;

/** Presses Tab (the keyboard only) until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reached by Tab within ${max} presses`).toBeFocused();
}

const stepHeading = (page: Page, title: string) => page.getByRole('heading', { level: 2, name: new RegExp(`Step \\d of 7\\s+${title}$`) });

async function openWizard(page: Page): Promise<void> {
  await page.goto('/tickets/new');
  await expect(stepHeading(page, 'Ticket')).toBeVisible();
}

/** POSTs to the ticket service sent by the page (the demo's service worker answers them). */
function countPosts(page: Page): { count: () => number } {
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === API_TICKETS) posts += 1;
  });
  return { count: () => posts };
}

async function expectDetailPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/tickets\/TT-\d+$/);
  const id = new URL(page.url()).pathname.split('/').at(-1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ticket ${id}`);
}

test.describe('ticket entry by keyboard alone', () => {
  // Every step by Tab and typing: some 500 round trips to the browser, each slower on a busy machine (the flake hunt
  // under full load took 69 s for the fault). The budget grows with the work; every wait inside keeps its own.
  test.slow();
  test('a fault, from the empty form to its detail page', async ({ page }) => {
    const posts = countPosts(page);
    await openWizard(page);
    const main = page.getByRole('main');

    await tabTo(page, main.getByRole('radio', { name: 'Fault' }));
    await page.keyboard.press('Space');
    await tabTo(page, main.getByRole('textbox', { name: 'External ticket ID' }));
    await page.keyboard.type(externalId('E2E-F'));
    await page.keyboard.press('Enter');

    await expect(stepHeading(page, 'Agreements')).toBeFocused();
    await tabTo(page, main.getByRole('radio', { name: /A new agreement/ }));
    await page.keyboard.press('Space');
    await tabTo(page, main.getByRole('radio', { name: 'Buyer service contract' }));
    await page.keyboard.press('Space');
    await tabTo(page, main.getByRole('textbox', { name: 'Agreement name' }));
    await page.keyboard.type('Rahmenvertrag Vorleistung 2026');
    await page.keyboard.press('Tab');
    await expect(main.getByRole('textbox', { name: 'Business ID of the agreement' })).toBeFocused();
    await page.keyboard.type('RV-2026-0042');
    await page.keyboard.press('Enter');

    await expect(stepHeading(page, 'Contacts')).toBeFocused();
    const contacts = main.getByRole('region', { name: /^Contact \d$/ });
    for (const [index, name] of ['Müller', 'Schmidt'].entries()) {
      const contact = contacts.nth(index);
      await tabTo(page, contact.getByRole('combobox', { name: 'Role' }));
      // Typing the first letters chooses an option of a focused select.
      await page.keyboard.type(index === 0 ? 'Contact' : 'Installation');
      await tabTo(page, contact.getByRole('radio', { name: 'Individual' }));
      await page.keyboard.press('Space');
      await tabTo(page, contact.getByRole('textbox', { name: 'Family name' }));
      await page.keyboard.type(name);
    }
    await expect(contacts.nth(0).getByRole('combobox', { name: 'Role' })).toHaveValue('locationAContact');
    await expect(contacts.nth(1).getByRole('combobox', { name: 'Role' })).toHaveValue('installationContact');
    // A phone number for the first contact: Add moves focus into the new row.
    await tabTo(page, contacts.nth(0).getByRole('button', { name: 'Add a phone number' }));
    await page.keyboard.press('Enter');
    await expect(contacts.nth(0).getByRole('combobox', { name: 'Kind of phone' })).toBeFocused();
    await page.keyboard.type('Mobile');
    await page.keyboard.press('Tab');
    await page.keyboard.type('+49 151 12345678');
    await page.keyboard.press('Enter');

    await expect(stepHeading(page, 'Affected product')).toBeFocused();
    await tabTo(page, main.getByRole('combobox', { name: 'Role' }));
    await page.keyboard.type('Affected');
    await page.keyboard.press('Tab');
    await expect(main.getByRole('textbox', { name: 'Product ID' })).toBeFocused();
    await page.keyboard.type('PRD-0000000042');
    await page.keyboard.press('Enter');

    for (const step of ['Questionnaire', 'Appointment']) {
      await expect(stepHeading(page, step)).toBeFocused();
      await tabTo(page, main.getByRole('button', { name: 'Continue' }));
      await page.keyboard.press('Enter');
    }

    await expect(stepHeading(page, 'Check your answers')).toBeFocused();
    await expect(main.getByText('Phone, Mobile: +49 151 12345678')).toBeVisible();
    await tabTo(page, main.getByRole('button', { name: 'Create fault ticket' }));
    await page.keyboard.press('Enter');
    await expectDetailPage(page);
    expect(posts.count()).toBe(1);
  });

  test('a dispute, from the empty form to its detail page', async ({ page }) => {
    await openWizard(page);
    const main = page.getByRole('main');
    await tabTo(page, main.getByRole('radio', { name: 'Fault' }));
    // Arrow keys move within a radio group (one Tab stop), choosing as they go.
    await page.keyboard.press('ArrowRight');
    await expect(main.getByRole('radio', { name: 'Dispute' })).toBeChecked();
    await tabTo(page, main.getByRole('textbox', { name: 'External ticket ID' }));
    await page.keyboard.type(externalId('E2E-D'));
    // The page order: the external ID's parts, the disputed ticket, then the step's plain inputs (the field table's order).
    for (const name of ['Owner of the external ID (optional)', 'Kind of external ID (optional)', 'Disputed ticket ID']) {
      await page.keyboard.press('Tab');
      await expect(main.getByRole('textbox', { name })).toBeFocused();
    }
    await page.keyboard.type('TT-000010');
    for (const name of ['Category ID (optional)', 'Description (optional)', 'Dispute reason (optional)']) {
      await page.keyboard.press('Tab');
      await expect(main.getByRole('textbox', { name })).toBeFocused();
    }
    await page.keyboard.type('The line still drops every evening.');
    await tabTo(page, main.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');

    await expect(stepHeading(page, 'Agreements')).toBeFocused();
    await tabTo(page, main.getByRole('radio', { name: /A new agreement/ }));
    await page.keyboard.press('ArrowDown');
    await expect(main.getByRole('radio', { name: 'A reference to an existing agreement' })).toBeChecked();
    await tabTo(page, main.getByRole('textbox', { name: 'ID of the existing agreement' }));
    await page.keyboard.type('RV-BSA-2019-0042');
    await page.keyboard.press('Enter');

    // A dispute needs no contacts and no related entities.
    for (const step of ['Contacts', 'Affected product', 'Questionnaire', 'Appointment']) {
      await expect(stepHeading(page, step)).toBeFocused();
      await tabTo(page, main.getByRole('button', { name: 'Continue' }));
      await page.keyboard.press('Enter');
    }
    await expect(stepHeading(page, 'Check your answers')).toBeFocused();
    await tabTo(page, main.getByRole('button', { name: 'Create dispute ticket' }));
    await page.keyboard.press('Enter');
    await expectDetailPage(page);
  });
});

test('a reload in the middle loses nothing: "Resume draft" brings back every answer and the step', async ({ page }) => {
  const id = externalId('E2E-R');
  await openWizard(page);
  const main = page.getByRole('main');
  await main.getByRole('radio', { name: 'Fault' }).check();
  await main.getByRole('textbox', { name: 'External ticket ID' }).fill(id);
  await main.getByRole('textbox', { name: 'Description (optional)' }).fill('Kein Sync seit 06:00 Uhr.');
  await main.getByRole('button', { name: 'Continue' }).click();
  await main.getByRole('radio', { name: 'A reference to an existing agreement' }).check();
  await main.getByRole('textbox', { name: 'ID of the existing agreement' }).fill('RV-1');
  await main.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 'Contacts')).toBeVisible();
  await main.getByRole('radio', { name: 'Individual' }).first().check();
  await main.getByRole('textbox', { name: 'Family name' }).fill('Müller');

  // No wait for the autosave: the reload's pagehide saves at once.
  await demoServiceRunning(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'You have an unfinished ticket' })).toBeVisible();
  await expect(page.getByText(new RegExp(`Fault ticket ${id}, at the step "Contacts"`))).toBeVisible();
  await page.getByRole('button', { name: 'Resume draft' }).click();
  await expect(stepHeading(page, 'Contacts')).toBeFocused();
  await expect(main.getByRole('textbox', { name: 'Family name' })).toHaveValue('Müller');
  await main.getByRole('link', { name: 'Back' }).click();
  await expect(main.getByRole('textbox', { name: 'ID of the existing agreement' })).toHaveValue('RV-1');
  await main.getByRole('link', { name: 'Back' }).click();
  await expect(main.getByRole('textbox', { name: 'External ticket ID' })).toHaveValue(id);
  await expect(main.getByRole('textbox', { name: 'Description (optional)' })).toHaveValue('Kein Sync seit 06:00 Uhr.');
  await expect(main.getByRole('radio', { name: 'Fault' })).toBeChecked();
});

test('a double click on submit creates one ticket', async ({ page }) => {
  const posts = countPosts(page);
  const id = externalId('E2E-2X');
  await openWizard(page);
  const main = page.getByRole('main');
  await main.getByRole('radio', { name: 'Dispute' }).check();
  await main.getByRole('textbox', { name: 'External ticket ID' }).fill(id);
  await main.getByRole('textbox', { name: 'Disputed ticket ID' }).fill('TT-000010');
  await main.getByRole('button', { name: 'Continue' }).click();
  await main.getByRole('radio', { name: 'A reference to an existing agreement' }).check();
  await main.getByRole('textbox', { name: 'ID of the existing agreement' }).fill('RV-1');
  for (const step of ['Contacts', 'Affected product', 'Questionnaire', 'Appointment', 'Check your answers']) {
    await main.getByRole('button', { name: 'Continue' }).click();
    await expect(stepHeading(page, step)).toBeVisible();
  }
  await main.getByRole('button', { name: 'Create dispute ticket' }).dblclick();
  await expectDetailPage(page);
  expect(posts.count()).toBe(1);
  const matching = await page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Authorization: 'Bearer demo' } });
    return Number(response.headers.get('X-Total-Count'));
  }, `${API_TICKETS}?externalIdentifier.id=${encodeURIComponent(id)}&limit=1`);
  expect(matching).toBe(1);
});

test('an invalid step shows the summary, whose links move focus to the fields', async ({ page }) => {
  await openWizard(page);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Continue' }).click();
  const summary = main.getByRole('alert');
  await expect(summary.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
  await expect(page.locator('.error-summary')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(summary.getByRole('link', { name: 'Select the ticket type' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(main.getByRole('radio', { name: 'Fault' })).toBeFocused();
  await summary.getByRole('link', { name: 'External ticket ID: enter a value' }).click();
  const external = main.getByRole('textbox', { name: 'External ticket ID' });
  await expect(external).toBeFocused();
  await expect(external).toHaveAccessibleDescription(/Error: External ticket ID: enter a value/);
  await expect(external).toBeInViewport();
});

test.describe('axe on every step, with and without errors', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`${colorScheme}`, async ({ page, axe }) => {
      // Seven steps, each checked twice by axe: more than the default 30 s on a busy machine.
      test.setTimeout(150_000);
      await page.emulateMedia({ colorScheme });
      await openWizard(page);
      const main = page.getByRole('main');
      const cont = () => main.getByRole('button', { name: 'Continue' }).click();
      const check = async (step: string) => {
        await expect(stepHeading(page, step)).toBeVisible();
        await axe(`${step}, ${colorScheme}`);
      };
      const checkErrors = async (step: string) => {
        await cont();
        await expect(main.getByRole('alert')).toBeVisible();
        await axe(`${step} with errors, ${colorScheme}`);
      };

      await check('Ticket');
      await main.getByRole('textbox', { name: 'Description (optional)' }).fill('x'.repeat(1030));
      await checkErrors('Ticket');
      await main.getByRole('textbox', { name: 'Description (optional)' }).fill('Kein Sync.');
      await main.getByRole('radio', { name: 'Fault' }).check();
      await main.getByRole('textbox', { name: 'External ticket ID' }).fill(externalId('E2E-AXE'));
      await main.getByRole('button', { name: 'Add a billing item' }).click();
      await cont();

      await check('Agreements');
      await main.getByRole('radio', { name: /A new agreement/ }).check();
      await checkErrors('Agreements');
      await main.getByRole('radio', { name: 'A reference to an existing agreement' }).check();
      await main.getByRole('textbox', { name: 'ID of the existing agreement' }).fill('RV-1');
      await cont();

      await check('Contacts');
      await main.getByRole('button', { name: 'Add a postal address' }).first().click();
      await checkErrors('Contacts');
      const contacts = main.getByRole('region', { name: /^Contact \d$/ });
      for (const index of [0, 1]) {
        await contacts.nth(index).getByRole('combobox', { name: 'Role' }).selectOption('locationAContact');
        await contacts.nth(index).getByRole('radio', { name: 'Organization' }).check();
        await contacts.nth(index).getByRole('textbox', { name: 'Organization name' }).fill(`Carrier ${index}`);
      }
      await contacts.nth(0).getByRole('button', { name: 'Remove contact detail 1 (contact 1)' }).click();
      await cont();

      await check('Affected product');
      await checkErrors('Affected product');
      await main.getByRole('combobox', { name: 'Role' }).selectOption('affectedProduct');
      await main.getByRole('textbox', { name: 'Product ID' }).fill('PRD-1');
      await cont();

      await check('Questionnaire');
      await main.getByRole('button', { name: 'Add a question' }).click();
      await checkErrors('Questionnaire');
      await main.getByRole('button', { name: 'Remove Question 1' }).click();
      await cont();

      await check('Appointment');
      await main.getByRole('radio', { name: 'A new appointment' }).check();
      await main.getByLabel('Start of the requested time slot').fill('2026-12-01T12:00');
      await main.getByLabel('End of the requested time slot').fill('2026-12-01T08:00');
      await checkErrors('Appointment');
      await main.getByLabel('End of the requested time slot').fill('2026-12-01T14:00');
      await cont();

      await check('Check your answers');
      // Check answers with errors: the whole body is checked on submit (here: a changed answer that breaks it).
      await main.getByRole('link', { name: 'Change Access line ID' }).click();
      await main.getByRole('textbox', { name: 'Access line ID (optional)' }).fill('SHORT');
      await main.getByRole('link', { name: 'Back to check your answers' }).click();
      await main.getByRole('button', { name: 'Create fault ticket' }).click();
      await expect(main.getByRole('alert')).toBeVisible();
      await axe(`Check your answers with errors, ${colorScheme}`);
    });
  }

  test('the draft choice', async ({ page, axe }) => {
    await openWizard(page);
    await page.getByRole('main').getByRole('textbox', { name: 'External ticket ID' }).fill('E2E-DRAFT');
    await demoServiceRunning(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'You have an unfinished ticket' })).toBeVisible();
    await axe('draft choice');
  });
});
