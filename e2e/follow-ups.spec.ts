// Follow-ups in the built demo (issue 17): a dispute of a resolved ticket by keyboard alone, from its page to the
// created dispute that links back; a copy as a new ticket that sends a new external ID and nothing the service
// assigns; a new ticket and a dispute as two drafts, both listed and both resumed intact after a reload; axe on the
// filled-in wizard and the list of unsent tickets in English and German.
import type { Locator, Page } from '@playwright/test';
import { FaultTicket, FaultTicketFvoFault } from '../src/domain/ticket';
import { followUpDe } from '../src/lib/i18n/sections/follow-up.de';
import { followUpEn } from '../src/lib/i18n/sections/follow-up.en';
import { entryDe } from '../src/lib/i18n/sections/entry.de';
import { entryEn } from '../src/lib/i18n/sections/entry.en';
import { fill } from './audit/words';
import { API_BASE, openOverview, serviceTickets, switchOffDemoProgression } from './support/demo-service';
import { expect, test } from './support/fixtures';

const API_TICKETS = `${API_BASE}/troubleTicket`;
const externalId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;
const stepHeading = (page: Page, title: string) => page.getByRole('heading', { level: 2, name: new RegExp(`\\d\\s+${title}$`) });

/** Presses Tab (the keyboard only) until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 150): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reached by Tab within ${max} presses`).toBeFocused();
}

/** A seeded resolved fault with contacts and a status reason (the seed is deterministic; the test reads it anew). */
async function resolvedFault(page: Page): Promise<FaultTicket> {
  const tickets = await serviceTickets(page, 'ticketType=fault&status=resolved&limit=100');
  const ticket = tickets.find((t) => (t.relatedParty?.length ?? 0) >= 2 && t.statusChangeReason);
  if (!ticket) throw new Error('the seed has no resolved fault with contacts and a status reason');
  return ticket;
}

const partyName = (ticket: FaultTicket, index: number) => {
  const party = ticket.relatedParty?.[index]?.partyOrPartyRole;
  if (!party) throw new Error(`ticket ${ticket.id} has no contact ${index + 1}`);
  return party['@type'] === 'Individual' ? party.familyName : party.name;
};

/** The bodies of the ticket creates the page sends. */
function capturePosts(page: Page): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === API_TICKETS) bodies.push(request.postDataJSON() as Record<string, unknown>);
  });
  return bodies;
}

async function continueTo(main: Locator, page: Page, steps: string[]): Promise<void> {
  for (const step of steps) {
    await main.getByRole('button', { name: 'Continue' }).click();
    await expect(stepHeading(page, step)).toBeVisible();
  }
}

test.beforeEach(({ page }) => switchOffDemoProgression(page));

test('dispute a resolved ticket by keyboard: check answers shows its contacts and the relationship; the dispute links back', async ({ page }) => {
  // A few hundred key presses, each checked for focus: slow on two busy cores, never waiting on the app.
  test.setTimeout(120_000);
  const original = await resolvedFault(page);
  const posts = capturePosts(page);
  await page.goto(`/tickets/${original.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ticket ${original.id}`);
  const main = page.getByRole('main');

  await tabTo(page, main.getByRole('link', { name: 'Dispute this resolution' }));
  await page.keyboard.press('Enter');
  await expect(stepHeading(page, 'Ticket')).toBeFocused();
  await expect(main.getByRole('radio', { name: 'Dispute' })).toBeChecked();
  await expect(main.getByRole('textbox', { name: 'Disputed ticket ID' })).toHaveValue(original.id);
  const disputed = main.getByRole('region', { name: `Ticket ${original.id} as you opened the dispute` });
  await expect(disputed).toContainText('Resolved');
  await expect(disputed).toContainText(original.statusChangeReason ?? '');

  const id = externalId('E2E-DISPUTE');
  await tabTo(page, main.getByRole('textbox', { name: 'External ticket ID' }));
  await page.keyboard.type(id);
  await tabTo(page, main.getByRole('textbox', { name: 'Dispute reason (optional)' }));
  await page.keyboard.type('The line still drops every evening.');
  for (const step of ['Agreements', 'Contacts', 'Affected product', 'Questionnaire', 'Appointment', 'Check your answers']) {
    await tabTo(page, main.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
    await expect(stepHeading(page, step)).toBeFocused();
  }

  const ticketSection = main.getByRole('region', { name: 'Ticket', exact: true });
  await expect(ticketSection.locator('.summary-list__row', { hasText: 'Disputed ticket ID' })).toContainText(original.id);
  const contacts = main.getByRole('region', { name: 'Contacts' });
  await expect(contacts).toContainText(partyName(original, 0));
  await expect(contacts).toContainText(partyName(original, 1));
  expect(posts).toEqual([]);

  await tabTo(page, main.getByRole('button', { name: 'Create dispute ticket' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tickets\/TT-\d+$/);
  const created = new URL(page.url()).pathname.split('/').at(-1)!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ticket ${created}`);
  expect(posts).toHaveLength(1);
  expect(posts[0]).toMatchObject({ ticketType: 'dispute', troubleTicketRelationship: [{ id: original.id, relationshipType: 'disputes' }] });

  const back = main.getByRole('region', { name: 'Related tickets' }).getByRole('link', { name: new RegExp(original.id) });
  await tabTo(page, back);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ticket ${original.id}`);
});

test('copy a ticket: a new external ID, the same answers, and none of the fields the service assigns', async ({ page }) => {
  test.setTimeout(90_000);
  const tickets = await serviceTickets(page, 'ticketType=fault&limit=100');
  const source = tickets.find((t) => (t.note?.length ?? 0) > 0 && t.description && (t.statusChange?.length ?? 0) > 1);
  if (!source) throw new Error('the seed has no fault with notes, a description and a history');
  const posts = capturePosts(page);
  await page.goto(`/tickets/${source.id}`);
  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'Copy as new ticket' }).click();

  await expect(stepHeading(page, 'Ticket')).toBeFocused();
  await expect(main).toContainText(`The answers are copied from ticket ${source.id}.`);
  await expect(main.getByRole('link', { name: `ticket ${source.id}` })).toHaveAttribute('href', `/tickets/${source.id}`);
  await expect(main.getByRole('textbox', { name: 'External ticket ID' })).toHaveValue('');
  await expect(main.getByRole('textbox', { name: 'Description (optional)' })).toHaveValue(source.description ?? '');

  const id = externalId('E2E-COPY');
  await main.getByRole('textbox', { name: 'External ticket ID' }).fill(id);
  await continueTo(main, page, ['Agreements', 'Contacts', 'Affected product', 'Questionnaire', 'Appointment', 'Check your answers']);
  expect(posts).toEqual([]);
  await main.getByRole('button', { name: 'Create fault ticket' }).click();
  await expect(page).toHaveURL(/\/tickets\/TT-\d+$/);

  expect(posts).toHaveLength(1);
  const body = posts[0]!;
  expect(body.externalIdentifier).toEqual([{ id }]);
  expect(id).not.toBe(source.externalIdentifier?.[0]?.id);
  // What the service assigns: the read form's fields that the create body has not (id, href, status, dates, notes …).
  const assigned = Object.keys(FaultTicket.options[0].shape).filter((field) => !(field in FaultTicketFvoFault.shape));
  expect(assigned).toEqual(expect.arrayContaining(['id', 'href', 'status', 'statusChange', 'creationDate', 'note']));
  for (const field of assigned) {
    expect(body, `the copy sends no ${field}`).not.toHaveProperty(field);
  }
  expect(body).toMatchObject({
    ticketType: 'fault',
    description: source.description,
    accessLineId: source.accessLineId,
    agreement: source.agreement,
    // As the source has them, less the answer's own `@type` of each item (v5 adds it; the create body's items carry none).
    relatedEntity: (source.relatedEntity ?? []).map((item) => Object.fromEntries(Object.entries(item).filter(([key]) => key !== '@type'))),
  });
});

test('a new ticket and a dispute started meanwhile: two drafts, both listed and both resumed intact after a reload', async ({ page }) => {
  // Five page loads and two wizard runs: more than the default 30 s on two busy cores.
  test.setTimeout(90_000);
  const original = await resolvedFault(page);
  const newId = externalId('E2E-DRAFT-NEW');
  const disputeId = externalId('E2E-DRAFT-DISPUTE');

  await page.getByRole('navigation').getByRole('link', { name: 'New ticket' }).click();
  const main = page.getByRole('main');
  await main.getByRole('radio', { name: 'Fault' }).check();
  await main.getByRole('textbox', { name: 'External ticket ID' }).fill(newId);
  await main.getByRole('textbox', { name: 'Description (optional)' }).fill('Kein Sync seit 06:00 Uhr.');
  await continueTo(main, page, ['Agreements']);

  await page.goto(`/tickets/${original.id}`);
  await main.getByRole('link', { name: 'Dispute this resolution' }).click();
  await expect(stepHeading(page, 'Ticket')).toBeFocused();
  await main.getByRole('textbox', { name: 'External ticket ID' }).fill(disputeId);
  await main.getByRole('textbox', { name: 'Dispute reason (optional)' }).fill('Still dropping.');
  await continueTo(main, page, ['Agreements', 'Contacts']);

  // The overview's counts first: a reload while the demo's service is still starting leaves its first requests to
  // the network (the mocked service lets go of a page that is leaving).
  await openOverview(page);
  await page.reload();
  const drafts = main.getByRole('region', { name: 'Unsent tickets' });
  const rows = drafts.getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`Dispute of ticket ${original.id}`);
  await expect(rows.nth(0)).toContainText(`Dispute, ${disputeId}`);
  await expect(rows.nth(1)).toContainText('New ticket');
  await expect(rows.nth(1)).toContainText(`Fault, ${newId}`);

  // Another page: focus goes to its heading, as after every change of page.
  await rows.nth(1).getByRole('link', { name: /^Resume/ }).click();
  await expect(stepHeading(page, 'Agreements')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await main.getByRole('link', { name: 'Back' }).click();
  await expect(main.getByRole('textbox', { name: 'External ticket ID' })).toHaveValue(newId);
  await expect(main.getByRole('textbox', { name: 'Description (optional)' })).toHaveValue('Kein Sync seit 06:00 Uhr.');

  await page.goto('/');
  await drafts.getByRole('listitem').filter({ hasText: 'Dispute of ticket' }).getByRole('link', { name: /^Resume/ }).click();
  await expect(stepHeading(page, 'Contacts')).toBeVisible();
  const first = original.relatedParty![0]!.partyOrPartyRole;
  const nameField = first['@type'] === 'Individual' ? 'Family name' : 'Organization name';
  await expect(main.getByRole('region', { name: 'Contact 1' }).getByRole('textbox', { name: nameField })).toHaveValue(partyName(original, 0));
  await main.getByRole('link', { name: 'Back' }).click();
  await main.getByRole('link', { name: 'Back' }).click();
  await expect(main.getByRole('textbox', { name: 'External ticket ID' })).toHaveValue(disputeId);
  await expect(main.getByRole('textbox', { name: 'Disputed ticket ID' })).toHaveValue(original.id);
  await expect(main.getByRole('textbox', { name: 'Dispute reason (optional)' })).toHaveValue('Still dropping.');
  await expect(main).toContainText(`You are disputing the resolution of ticket ${original.id}.`);
});

for (const language of ['en', 'de'] as const) {
  test.describe(`axe, ${language}`, () => {
    test.use({ locale: language === 'de' ? 'de-DE' : 'en-GB' });
    const words = language === 'de' ? { followUp: followUpDe, entry: entryDe } : { followUp: followUpEn, entry: entryEn };

    test('the filled-in wizard (dispute and copy) and the list of unsent tickets', async ({ page, axe }) => {
      // Six axe runs: well over the default 30 s on two busy cores.
      test.setTimeout(120_000);
      const original = await resolvedFault(page);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const main = page.getByRole('main');

      await page.goto(`/tickets/${original.id}`);
      await expect(main.getByRole('group', { name: words.followUp.action.label })).toBeVisible();
      await axe(`ticket detail with its follow-ups, ${language}`);

      await main.getByRole('link', { name: words.followUp.action.dispute }).click();
      await expect(main.getByRole('region', { name: fill(words.followUp.disputed.title, { id: original.id }) })).toBeVisible();
      await axe(`dispute filled in from ${original.id}, ${language}`);
      await main.getByRole('button', { name: words.entry.continue }).click();
      await expect(main.getByRole('alert')).toBeVisible();
      await axe(`dispute filled in, Continue without an external ID, ${language}`);

      await page.goto(`/tickets/${original.id}`);
      await main.getByRole('link', { name: words.followUp.action.copy }).click();
      await expect(main).toContainText(words.followUp.banner.copy);
      await axe(`copy of ${original.id}, ${language}`);

      await page.goto('/');
      const drafts = main.getByRole('region', { name: words.followUp.drafts.title });
      await expect(drafts.getByRole('listitem')).toHaveCount(2);
      await axe(`unsent tickets, ${language}`);
      await drafts.getByRole('button', { name: new RegExp(`^${words.followUp.drafts.discard}`) }).first().click();
      await expect(drafts.getByRole('button', { name: words.followUp.drafts.confirmNo })).toBeFocused();
      await axe(`unsent tickets, discard asked, ${language}`);
    });
  });
}
