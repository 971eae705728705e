// Ticket templates in the built demo (issue 41, point 2): the answers of a copied ticket saved as a template from the
// check page (its location contact kept), then "New ticket" started from it: its answers filled in, no external ID,
// and the ticket it creates sends them. Two page loads (the overview, the copy); the template is sealed in this browser
// (demo mode).
import type { Locator, Page } from '@playwright/test';
import { API_BASE, serviceTickets, switchOffDemoProgression } from './support/demo-service';
import { expect, test } from './support/fixtures';

const API_TICKETS = `${API_BASE}/troubleTicket`;
const stepHeading = (page: Page, title: string) => page.getByRole('heading', { level: 2, name: new RegExp(`\\d\\s+${title}$`) });
const externalId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;

async function continueTo(main: Locator, page: Page, steps: string[]): Promise<void> {
  for (const step of steps) {
    await main.getByRole('button', { name: 'Continue' }).click();
    await expect(stepHeading(page, step)).toBeVisible();
  }
}

test.beforeEach(({ page }) => switchOffDemoProgression(page));

test('save a template from check answers, start a new ticket from it, and create that ticket', async ({ page }) => {
  // Two wizard walks of seven steps on two busy cores.
  test.setTimeout(90_000);
  const tickets = await serviceTickets(page, 'ticketType=fault&limit=100');
  const source = tickets.find((t) => t.description && (t.relatedParty?.length ?? 0) > 0);
  if (!source) throw new Error('the seed has no fault with a description and contacts');
  const posts: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === API_TICKETS) posts.push(request.postDataJSON() as Record<string, unknown>);
  });
  const main = page.getByRole('main');
  const name = `Outage like ${source.id}`;

  await page.goto(`/tickets/new?copyOf=${source.id}`);
  await expect(stepHeading(page, 'Ticket')).toBeFocused();
  await main.getByRole('textbox', { name: 'External ticket ID' }).fill(externalId('E2E-TEMPLATE-SRC'));
  await continueTo(main, page, ['Agreements', 'Contacts', 'Affected product', 'Questionnaire', 'Appointment', 'Check your answers']);

  await main.getByRole('button', { name: 'Save as template' }).click();
  const templateName = main.getByRole('textbox', { name: 'Template name' });
  await expect(templateName).toBeFocused();
  await templateName.fill(name);
  // A fault needs its location contact; left out unless kept (it usually differs per ticket).
  await main.getByRole('checkbox', { name: 'Also keep the location contact' }).check();
  await main.getByRole('button', { name: 'Save template' }).click();
  await expect(main.getByRole('status').filter({ hasText: `Template “${name}” saved.` })).toBeVisible();
  expect(posts).toEqual([]);

  // "New ticket" (no page load): the template is offered; Use fills a run of its own.
  await page.getByRole('navigation').getByRole('link', { name: 'New ticket' }).click();
  const choice = main.getByRole('region', { name: 'Start from a template' });
  await choice.getByRole('button', { name: `Use ${name}` }).click();
  await expect(main.getByText(`The answers of the template “${name}” are filled in.`)).toBeVisible();
  await expect(choice).toBeHidden();
  await expect(page).toHaveURL(/[?&]draft=/);
  await expect(main.getByRole('textbox', { name: 'External ticket ID' })).toHaveValue('');
  await expect(main.getByRole('textbox', { name: 'Description (optional)' })).toHaveValue(source.description ?? '');

  const id = externalId('E2E-TEMPLATE');
  await main.getByRole('textbox', { name: 'External ticket ID' }).fill(id);
  await continueTo(main, page, ['Agreements', 'Contacts', 'Affected product', 'Questionnaire', 'Appointment', 'Check your answers']);
  await main.getByRole('button', { name: 'Create fault ticket' }).click();
  await expect(page).toHaveURL(/\/tickets\/TT-\d+$/);
  expect(posts).toHaveLength(1);
  expect(posts[0]).toMatchObject({ ticketType: 'fault', externalIdentifier: [{ id }], description: source.description, agreement: source.agreement });
  expect((posts[0]!.relatedParty as unknown[]).length).toBe(source.relatedParty?.length);
});
