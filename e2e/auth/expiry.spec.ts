// The session's clock, end to end (the page's clock is moved, the servers keep real time): the background renewal
// keeps the agent signed in; when it fails, a warning comes the configured time before the end, announced as a modal
// dialog, and "Stay signed in" renews and gives focus back (WCAG 2.2.1).
import { agentOne, expect, settings, signInAtOverview, storedUser, test } from '../support/auth-fixtures';

const TOKEN_ENDPOINT = `${settings.issuer}/token`;
// The app renews a minute before it would warn (src/features/auth/model/user-manager.ts RENEW_LEAD_SECONDS).
const RENEW_AT_SECONDS = settings.accessTokenTtlSeconds - settings.warningSeconds - 60;
const WARN_AT_SECONDS = settings.accessTokenTtlSeconds - settings.warningSeconds;

test.beforeEach(async ({ page }) => {
  await page.clock.install();
  await signInAtOverview(page);
});

test('the access token is renewed in the background before any warning', async ({ page }) => {
  const first = (await storedUser(page))!.access_token;
  const renewal = page.waitForResponse((response) => response.url() === TOKEN_ENDPOINT && response.ok());
  await page.clock.fastForward((RENEW_AT_SECONDS + 10) * 1000);
  await renewal;
  await expect.poll(async () => (await storedUser(page))!.access_token).not.toBe(first);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('banner')).toContainText(`Signed in as ${agentOne.name}`);
});

test.describe('when the background renewal fails', () => {
  test.use({ expectedRefusals: [{ status: 400, url: TOKEN_ENDPOINT }] });

  test('a warning comes the configured time before the end; "Stay signed in" renews and gives focus back', async ({ page, axe }) => {
    const signOut = page.getByRole('banner').getByRole('button', { name: 'Sign out' });
    await signOut.focus();
    const first = (await storedUser(page))!.access_token;
    // The provider refuses the refresh token, as it does once its session is over.
    await page.route(TOKEN_ENDPOINT, (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: 'invalid_grant', error_description: 'grant request is invalid' }) }),
    );

    const refused = page.waitForResponse((response) => response.url() === TOKEN_ENDPOINT);
    await page.clock.fastForward((RENEW_AT_SECONDS + 5) * 1000);
    await refused;
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Just before the warning time: nothing; at it: the warning.
    await page.clock.fastForward((WARN_AT_SECONDS - RENEW_AT_SECONDS - 10) * 1000);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.clock.fastForward(10_000);
    const dialog = page.getByRole('dialog', { name: 'Your session is about to end' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(/You will be signed out at \d\d:\d\d\./);
    await expect(dialog).toContainText('Nothing you have typed will be lost.');
    const stay = dialog.getByRole('button', { name: 'Stay signed in' });
    await expect(stay).toBeFocused();
    // Modal: the page behind is inert (the top layer holds the dialog).
    expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
    await axe('expiry warning');

    await page.unroute(TOKEN_ENDPOINT);
    await stay.click();
    await expect(dialog).toBeHidden();
    await expect(signOut).toBeFocused();
    expect((await storedUser(page))!.access_token).not.toBe(first);
  });
});
