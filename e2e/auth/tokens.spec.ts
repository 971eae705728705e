// Refused tokens, end to end: the mocked service answers 401 to a forged and to an expired JWT; the app renews once
// (refresh token) and carries on, or, when renewal is impossible, asks the agent to sign in again and comes back.
import {
  TICKETS_PATH,
  accessToken,
  agentOne,
  expect,
  expiredAccessToken,
  fingerprint,
  loadWithStoredUser,
  seenTokens,
  settings,
  startSignedInExpectingRefusedTokens,
  storedUser,
  test,
} from '../support/auth-fixtures';
import { overviewCountsShown } from '../support/demo-service';

startSignedInExpectingRefusedTokens();

for (const { what, reason, make } of [
  { what: 'a forged token (signed with another key)', reason: 'signature', make: () => accessToken(agentOne.username, { forged: true }) },
  { what: 'an expired token (the provider’s key, but past its time)', reason: 'expired', make: () => expiredAccessToken(agentOne.username) },
]) {
  test(`${what} is refused with 401; the app renews once and carries on`, async ({ page }) => {
    const bad = await make();
    // The app believes the token is good for a while yet: only the service can tell.
    await loadWithStoredUser(page, (user) => ({ ...user, access_token: bad, expires_at: Math.floor(Date.now() / 1000) + 240 }), '/');
    // Every count shown: every call of the overview has been answered (after its 401, renewal and retry).
    await overviewCountsShown(page);

    const seen = await seenTokens({ path: TICKETS_PATH });
    // A refresh of the page before the swap may still have carried the first token: look from the first refusal on.
    const firstRefusal = seen.findIndex((entry) => !entry.accepted);
    expect(firstRefusal).toBeGreaterThanOrEqual(0);
    const after = seen.slice(firstRefusal);
    for (const entry of after.filter((e) => !e.accepted)) expect(entry).toMatchObject({ verified: true, reason, fingerprint: fingerprint(bad) });
    const renewed = (await storedUser(page))!.access_token;
    expect(renewed).not.toBe(bad);
    const accepted = after.filter((entry) => entry.accepted);
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.map((entry) => entry.fingerprint)).toEqual(accepted.map(() => fingerprint(renewed)));
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
}

test('when renewal is impossible the app asks to sign in again and brings the agent back to the same page', async ({ page, axe }) => {
  await page.goto('/tickets?status=held');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tickets');
  const forged = await accessToken(agentOne.username, { forged: true });
  // No refresh token left: a silent renewal cannot work.
  await loadWithStoredUser(page, ({ refresh_token: _dropped, ...user }) => ({ ...user, access_token: forged }), '/tickets?status=held');

  const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
  await expect(dialog).toBeVisible();
  const again = dialog.getByRole('button', { name: 'Sign in again' });
  await expect(again).toBeFocused();
  await axe('session ended dialog');
  expect((await seenTokens()).some((entry) => entry.reason === 'signature')).toBe(true);

  // The provider still knows the agent: no form, straight back to the page with a fresh token. The page is at that
  // address with that banner before the click too: wait for the round trip itself (the provider's answer at the
  // callback), then for the return from the callback to the page.
  const callback = page.waitForURL((url) => url.origin === settings.appOrigin && url.pathname === '/auth/callback');
  await again.click();
  await callback;
  await page.waitForURL(`${settings.appOrigin}/tickets?status=held`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tickets');
  await expect(page.getByRole('banner')).toContainText(`Signed in as ${agentOne.name}`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const user = await storedUser(page);
  expect(user!.access_token).not.toBe(forged);
  await expect
    .poll(async () => (await seenTokens()).some((entry) => entry.accepted && entry.fingerprint === fingerprint(user!.access_token)))
    .toBe(true);
});
