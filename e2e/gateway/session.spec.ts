// Gateway mode, the session's end: deleted in the middle of the wizard (another browser holding the same cookie signs
// out), the agent signs in again and comes back to the same step with every answer; signing out ends the session at
// the gateway, so the cookie the test kept is refused (401) by "who am I" and by the API.
import { disputeToCheckPage, stepHeading } from '../support/auth-wizard';
import {
  agentTwo,
  createdTicket,
  expect,
  newExternalId,
  refusing,
  sessionCookie,
  settings,
  signInAgain,
  signInAs,
  test,
  ticketsWithExternalId,
  withCookie,
} from '../support/gateway-fixtures';

// Each test signs in on its own (it ends its session); the refusals are how the app learns that it must.
test.use(refusing({ status: 401, url: `${settings.appOrigin}/gateway/` }, { status: 401, url: settings.publicApi }));

test('the session ends mid-form: sign in again, back on "Check your answers" with every answer, then create', async ({ page, browser }) => {
  await page.goto('/tickets/new');
  await signInAs(page, agentTwo);
  const externalId = newExternalId('E2E-GW-ENDED');
  await disputeToCheckPage(page, externalId);

  // Another browser with the same cookie signs out: the session is gone from the store for every instance.
  const other = await browser.newContext();
  const cookie = await sessionCookie(page.context());
  await other.addCookies([cookie]);
  const logout = await other.request.post(`${settings.appOrigin}/gateway/logout`, { headers: { Origin: settings.appOrigin } });
  expect(logout.status()).toBe(200);
  await other.close();

  // The agent comes back to the tab (the app asks the gateway again then; the ended relay stream may make it ask even
  // sooner): the session has ended, the app says so and offers sign-in back to this page.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
  await expect(dialog).toContainText('what you typed is kept');
  await signInAgain(page, agentTwo, () => dialog.getByRole('button', { name: 'Sign in again' }).click());
  await page.waitForURL((url) => url.origin === settings.appOrigin && url.pathname === '/tickets/new' && url.searchParams.get('step') === 'check');
  // Signed in again from the dialog (not from a refused create), the wizard may first offer the draft it finds: the
  // agent's one click on "Resume draft" is part of coming back then.
  const checkStep = stepHeading(page, 'Check your answers');
  const resume = page.getByRole('button', { name: 'Resume draft' });
  await expect(checkStep.or(resume)).toBeVisible();
  const offered = await resume.isVisible();
  const how = offered ? 'the draft was offered first (Resume draft)' : 'straight on the check step';
  test.info().annotations.push({ type: 'back after sign-in', description: how });
  if (offered) await resume.click();
  await expect(checkStep).toBeVisible();
  const main = page.getByRole('main');
  for (const answer of [externalId, 'TT-000010', 'The line still drops every evening.', 'RV-BSA-2019-0042']) await expect(main).toContainText(answer);
  expect((await sessionCookie(page.context())).value, 'a new session').not.toBe(cookie.value);

  await main.getByRole('button', { name: 'Create dispute ticket' }).click();
  const id = await createdTicket(page);
  expect((await ticketsWithExternalId(externalId)).map((t) => t.id)).toEqual([id]);
});

test('sign-out ends the session: the kept cookie gets 401 from "who am I" and from the API', async ({ page }) => {
  await page.goto('/');
  await signInAs(page, agentTwo);
  const cookie = await sessionCookie(page.context());
  expect(cookie.httpOnly).toBe(true);
  expect((await withCookie(cookie, '/gateway/session')).status, 'the session is live before').toBe(200);

  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign out of the test sign-in service?');
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  // The desk's own signed-out page, which asked the provider: both sessions ended.
  await expect(page).toHaveURL(`${settings.appOrigin}/gateway/signed-out`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are signed out');
  await expect(page.getByRole('main')).toContainText('You are signed out of the desk and of the sign-in service.');

  const session = await withCookie(cookie, '/gateway/session');
  expect(session.status).toBe(401);
  expect(await session.json()).toMatchObject({ code: 'sessionEnded' });
  const api = await withCookie(cookie, `${settings.apiPath}/troubleTicket?limit=1`);
  expect(api.status).toBe(401);
  expect(await api.json()).toMatchObject({ code: 'sessionEnded' });
});
