// The ticket entry wizard in real mode: a ticket created with the agent's JWT (seen by the service), an access token
// that expires in the middle of the wizard renewed without a word, and one that cannot be renewed: the agent signs in
// again and lands on "Check your answers" with every answer kept.
import type { Page } from '@playwright/test';
import {
  TICKETS_PATH,
  agentOne,
  changeStoredUser,
  expect,
  expiredAccessToken,
  fingerprint,
  seenTokens,
  settings,
  startSignedInExpectingRefusedTokens,
  storedUser,
  test,
} from '../auth-fixtures';

const stepHeading = (page: Page, title: string) => page.getByRole('heading', { level: 2, name: new RegExp(`Step \\d of 7\\s+${title}$`) });
const externalId = () => `E2E-AUTH-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;

/** A dispute up to "Check your answers" (the shortest valid ticket); `between` runs after the first step. */
async function disputeToCheckPage(page: Page, id: string, between?: () => Promise<void>) {
  await page.goto('/tickets/new');
  await expect(stepHeading(page, 'Ticket')).toBeVisible();
  const main = page.getByRole('main');
  await main.getByRole('radio', { name: 'Dispute' }).check();
  await main.getByRole('textbox', { name: 'External ticket ID' }).fill(id);
  await main.getByRole('textbox', { name: 'Disputed ticket ID' }).fill('TT-000010');
  await main.getByRole('textbox', { name: 'Dispute reason (optional)' }).fill('The line still drops every evening.');
  await main.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 'Agreements')).toBeVisible();
  await between?.();
  await main.getByRole('radio', { name: 'A reference to an existing agreement' }).check();
  await main.getByRole('textbox', { name: 'ID of the existing agreement' }).fill('RV-BSA-2019-0042');
  for (const step of ['Contacts', 'Affected product', 'Questionnaire', 'Appointment', 'Check your answers']) {
    await main.getByRole('button', { name: 'Continue' }).click();
    await expect(stepHeading(page, step)).toBeVisible();
  }
}

async function expectDetailPage(page: Page) {
  await expect(page).toHaveURL(/\/tickets\/TT-\d+$/);
  const id = new URL(page.url()).pathname.split('/').at(-1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ticket ${id}`);
}

/** The ticket creates the service saw, oldest first. */
const createCalls = () => seenTokens({ method: 'POST', path: TICKETS_PATH });

startSignedInExpectingRefusedTokens();

test('creates a ticket; the service has seen the agent’s valid JWT on the create', async ({ page }) => {
  await disputeToCheckPage(page, externalId());
  await page.getByRole('main').getByRole('button', { name: 'Create dispute ticket' }).click();
  await expectDetailPage(page);

  const token = (await storedUser(page))!.access_token;
  const creates = await createCalls();
  expect(creates).toEqual([
    expect.objectContaining({ accepted: true, verified: true, subject: agentOne.username, audience: settings.apiBase, fingerprint: fingerprint(token) }),
  ]);
});

test('an access token that expires in the middle of the wizard is renewed; the ticket is created once', async ({ page }) => {
  let expired = '';
  await disputeToCheckPage(page, externalId(), async () => {
    expired = await expiredAccessToken(agentOne.username);
    await changeStoredUser(page, (user) => ({ ...user, access_token: expired }));
  });
  await expect(page.getByRole('main')).toContainText('The line still drops every evening.');
  await page.getByRole('main').getByRole('button', { name: 'Create dispute ticket' }).click();
  await expectDetailPage(page);

  const renewed = (await storedUser(page))!.access_token;
  const creates = await createCalls();
  expect(creates.map((seen) => [seen.accepted, seen.reason, seen.fingerprint])).toEqual([
    [false, 'expired', fingerprint(expired)],
    [true, undefined, fingerprint(renewed)],
  ]);
});

test('a token that cannot be renewed: sign in again, back on "Check your answers" with every answer, then create', async ({ page }) => {
  const id = externalId();
  await disputeToCheckPage(page, id);
  const expired = await expiredAccessToken(agentOne.username);
  await changeStoredUser(page, ({ refresh_token: _dropped, ...user }) => ({ ...user, access_token: expired }));

  // The provider still knows the agent: the round trip needs no typing and ends on the check page. The page is on
  // that address before the click too: wait for the round trip itself (the callback), then for the return.
  const callback = page.waitForURL((url) => url.origin === settings.appOrigin && url.pathname === '/auth/callback');
  await page.getByRole('main').getByRole('button', { name: 'Create dispute ticket' }).click();
  await callback;
  await page.waitForURL(`${settings.appOrigin}/tickets/new?step=check`);
  await expect(stepHeading(page, 'Check your answers')).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText(id);
  await expect(main).toContainText('TT-000010');
  await expect(main).toContainText('The line still drops every evening.');
  await expect(main).toContainText('RV-BSA-2019-0042');

  await main.getByRole('button', { name: 'Create dispute ticket' }).click();
  await expectDetailPage(page);
  const creates = await createCalls();
  expect(creates.map((seen) => [seen.accepted, seen.reason])).toEqual([
    [false, 'expired'],
    [true, undefined],
  ]);
});
