// A reload in the middle of a renewal, end to end: the page sent its refresh token (the provider rotated it) but was
// reloaded before the answer came, so the stored refresh token is spent. Sending it again would make the provider
// revoke the whole grant (reuse detection) and end the session; the app instead asks the provider again without a
// prompt and carries on, and its next renewal works.
import { agentOne, expect, settings, signInAtOverview, storedUser, test } from '../support/auth-fixtures';
import { overviewCountsShown } from '../support/demo-service';

const TOKEN_ENDPOINT = `${settings.issuer}/token`;
// The app renews a minute before it would warn (src/features/auth/model/auth-controller.ts RENEW_LEAD_SECONDS).
const RENEW_AT_SECONDS = settings.accessTokenTtlSeconds - settings.warningSeconds - 60;

test('a renewal cut off by a reload: no "session ended", a silent sign-in, and the next renewal works', async ({ page }) => {
  await page.clock.install();
  await signInAtOverview(page);
  const before = (await storedUser(page))!;

  // The renewal reaches the provider, which rotates the refresh token; its answer never reaches the page.
  let reachedProvider: () => void = () => undefined;
  const spent = new Promise<void>((resolve) => {
    reachedProvider = resolve;
  });
  let dropAnswer: () => void = () => undefined;
  const answerDropped = new Promise<void>((resolve) => {
    dropAnswer = resolve;
  });
  await page.route(TOKEN_ENDPOINT, async (route) => {
    const answer = await route.fetch();
    expect(answer.status(), 'the provider took the refresh token').toBe(200);
    reachedProvider();
    // The page is reloaded while it waits; then the request is dropped (left alone, it would be sent on once the route
    // goes, and the provider would see the spent token again).
    await answerDropped;
    await route.abort().catch(() => undefined);
  });
  await page.clock.fastForward((RENEW_AT_SECONDS + 5) * 1000);
  await spent;

  const callback = page.waitForURL((url) => url.origin === settings.appOrigin && url.pathname === '/auth/callback');
  await page.reload();
  // The new page does not send the spent refresh token: it goes to the provider (no form: its session lives) and back.
  await callback;
  dropAnswer();
  await page.unrouteAll({ behavior: 'wait' });
  await page.waitForURL(`${settings.appOrigin}/`);
  await overviewCountsShown(page);
  await expect(page.getByRole('banner')).toContainText(`Signed in as ${agentOne.name}`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const after = (await storedUser(page))!;
  expect(after.refresh_token).toBeTruthy();
  expect(after.refresh_token).not.toBe(before.refresh_token);

  // The grant is intact: the next background renewal is answered 200 and brings a new access token.
  const renewal = page.waitForResponse((response) => response.url() === TOKEN_ENDPOINT);
  await page.clock.fastForward((RENEW_AT_SECONDS + 5) * 1000);
  expect((await renewal).status()).toBe(200);
  await expect.poll(async () => (await storedUser(page))!.access_token).not.toBe(after.access_token);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
