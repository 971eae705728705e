// The ticket entry wizard in real mode: a ticket created with the agent's JWT (seen by the service), an access token
// that expires in the middle of the wizard renewed without a word, and one that cannot be renewed: the agent signs in
// again and lands on "Check your answers" with every answer kept.
import type { Page } from '@playwright/test';
import { disputeToCheckPage, newExternalId, stepHeading } from '../support/auth-wizard';
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
} from '../support/auth-fixtures';

async function expectDetailPage(page: Page) {
  await expect(page).toHaveURL(/\/tickets\/TT-\d+$/);
  const id = new URL(page.url()).pathname.split('/').at(-1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ticket ${id}`);
}

/** The ticket creates the service saw, oldest first. */
const createCalls = () => seenTokens({ method: 'POST', path: TICKETS_PATH });

startSignedInExpectingRefusedTokens();

test('creates a ticket; the service has seen the agent’s valid JWT on the create', async ({ page }) => {
  await disputeToCheckPage(page, newExternalId());
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
  await disputeToCheckPage(page, newExternalId(), async () => {
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
  const id = newExternalId();
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
