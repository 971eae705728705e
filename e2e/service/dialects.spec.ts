// The app against a service it does not control, in Chromium: the API base is an origin's root, and the mocked service
// answers in its v5 dialect and in the older v4 spellings. List and detail show the same things either way; a list
// whose count header is missing pages forward to the end.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { serviceSettings, signedInUser } from '../support/service-settings';

type Dialect = 'v5' | 'v4';
type Settings = { dialect: Dialect; totalCount: 'exact' | 'omit' | 'zero' };
type Ticket = {
  id: string;
  name: string;
  severity: string;
  priority: string;
  channel: { id: string; name: string };
  lastUpdateDate: string;
  externalIdentifier: { id: string }[];
  statusChange: { status: string; changeDate: string; changeReason?: string }[];
  relatedParty: { role: string; partyOrPartyRole: { '@type': string; name?: string; familyName?: string } }[];
};

const AUTH = { Authorization: 'Bearer service-e2e' };

/** Switches the one mocked service's dialect and counting (its test-only route, with a token like every route). */
async function serviceAnswers(settings: Settings): Promise<void> {
  const response = await fetch(`${serviceSettings.apiOrigin}/__mock/settings`, {
    method: 'POST',
    headers: { ...AUTH, 'Content-Type': 'application/json' },
    body: JSON.stringify(settings),
  });
  expect(response.status, 'POST /__mock/settings').toBe(200);
}

/**
 * A closed fault (a final status: the service's clock moves open tickets on every 20 s, never this one), read in v5 so
 * the test knows what the page must show whichever dialect the page is then served.
 */
async function closedFault(): Promise<Ticket> {
  await serviceAnswers({ dialect: 'v5', totalCount: 'exact' });
  const list = await fetch(`${serviceSettings.apiOrigin}/troubleTicket?status=closed&ticketType=fault&limit=20`, { headers: AUTH });
  const tickets = (await list.json()) as Ticket[];
  const ticket = tickets.find((t) => t.statusChange.length >= 3 && t.relatedParty.some((p) => p.partyOrPartyRole['@type'] === 'Organization'));
  if (!ticket) throw new Error('the seed has no closed fault with a 3-step history and an organization among its contacts');
  return ticket;
}

/** The API requests the page makes: every one must go to the service's origin root, none with `//` in its path. */
function apiRequests(page: Page): URL[] {
  const seen: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === serviceSettings.apiOrigin && request.method() === 'GET') seen.push(url);
  });
  return seen;
}

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(([key, user]) => window.sessionStorage.setItem(key, user), signedInUser());
});

test.afterAll(async () => {
  await serviceAnswers({ dialect: 'v5', totalCount: 'exact' });
});

for (const dialect of ['v5', 'v4'] as const) {
  test.describe(`the service speaks ${dialect}`, () => {
    test('the list shows the new columns, last update and external identifier, asking the origin root', async ({ page }) => {
      const ticket = await closedFault();
      await serviceAnswers({ dialect, totalCount: 'exact' });
      const requests = apiRequests(page);
      // In the list's column order (the field table's, channel last): the cells below are in it.
      await page.goto(`/tickets?status=closed&ticketType=fault&columns=id,externalIdentifier,status,name,severity,priority,lastUpdateDate,channel`);
      const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: ticket.id, exact: true }) });
      await expect(row).toBeVisible();
      const cells = row.getByRole('cell');
      await expect(cells).toHaveText([
        ticket.externalIdentifier[0]!.id,
        'Closed',
        ticket.name,
        ticket.severity,
        ticket.priority,
        /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} CES?T$/,
        ticket.channel.name,
      ]);
      const lists = requests.filter((url) => url.pathname === '/troubleTicket');
      expect(lists.length).toBeGreaterThan(0);
      expect(requests.every((url) => !url.pathname.startsWith('//'))).toBe(true);
    });

    test('the detail shows last update, status history, external identifier, contacts and the new fields', async ({ page, axe }) => {
      const ticket = await closedFault();
      await serviceAnswers({ dialect, totalCount: 'exact' });
      const requests = apiRequests(page);
      await page.goto(`/tickets/${ticket.id}`);
      const main = page.getByRole('main');
      const ticketGroup = main.getByRole('region', { name: 'Ticket', exact: true });
      await expect(ticketGroup).toContainText(ticket.externalIdentifier[0]!.id);
      await expect(ticketGroup).toContainText(ticket.name);
      // The provider's own words, shown as received in the language's quotation marks (decision 0069).
      await expect(ticketGroup.getByRole('definition')).toContainText([`“${ticket.severity}”`, `“${ticket.priority}”`, `“${ticket.channel.name}” (${ticket.channel.id})`]);

      const dates = main.getByRole('region', { name: 'Dates' });
      await expect(dates.locator(`time[datetime="${ticket.lastUpdateDate}"]`)).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} CES?T$/);

      const steps = main.getByRole('region', { name: 'Status history' }).getByRole('listitem');
      await expect(steps).toHaveCount(ticket.statusChange.length);
      await expect(steps.last()).toContainText('Closed');
      const last = ticket.statusChange.at(-1)!;
      await expect(steps.last().locator('time')).toHaveAttribute('datetime', last.changeDate);
      if (last.changeReason) await expect(steps.last()).toContainText(`Reason: ${last.changeReason}`);

      const contacts = main.getByRole('region', { name: 'Contacts' });
      const organization = ticket.relatedParty.find((p) => p.partyOrPartyRole['@type'] === 'Organization')!;
      await expect(contacts).toContainText(organization.partyOrPartyRole.name!);
      const person = ticket.relatedParty.find((p) => p.partyOrPartyRole['@type'] === 'Individual');
      if (person) await expect(contacts).toContainText(person.partyOrPartyRole.familyName!);
      // Either dialect is read whole: nothing is left over for "Other details from the service".
      await expect(main.getByRole('region', { name: 'Other details from the service' })).toHaveCount(0);
      expect(requests.map((url) => url.pathname)).toContain(`/troubleTicket/${ticket.id}`);
      if (dialect === 'v4') await axe('ticket detail read from a v4 service');
    });
  });
}

test('a list whose count header is missing pages forward to the end', async ({ page }) => {
  await serviceAnswers({ dialect: 'v5', totalCount: 'omit' });
  await page.goto('/tickets?pageSize=100');
  const range = page.getByRole('status', { name: 'Results' });
  const next = page.getByRole('link', { name: 'Next page' });
  await expect(range).toHaveText('1–100');
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('Page 1');
  await next.click();
  await expect(range).toHaveText('101–200');
  await next.click();
  // 240 tickets: the third page comes back short, and a short page is the end.
  await expect(range).toHaveText('201–240');
  await expect(next).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Previous page' })).toBeVisible();
});
