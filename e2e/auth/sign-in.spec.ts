// Real mode against the dev OpenID provider: sign-in with code + PKCE (S256), back where the agent was, the token on
// the service's calls (a valid JWT, seen by the mocked service), nothing in localStorage, sign-out, axe on every page.
import {
  TICKETS_PATH,
  agentOne,
  agentTwo,
  clearSeenTokens,
  expect,
  fingerprint,
  localStorageDump,
  seenTokens,
  settings,
  signInAs,
  signInAtOverview,
  storedUser,
  test,
} from '../support/auth-fixtures';

test.beforeEach(async () => {
  await clearSeenTokens();
});

test('sign-in: code + PKCE (S256) at the provider, back at the same address, the agent named, no token in localStorage', async ({ page, axe }) => {
  await page.goto('/tickets?status=pending');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await axe('app sign-in page');

  const authorize = page.waitForRequest((request) => request.url().startsWith(`${settings.issuer}/auth?`));
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  const params = new URL((await authorize).url()).searchParams;
  expect(params.get('response_type')).toBe('code');
  expect(params.get('client_id')).toBe(settings.clientId);
  expect(params.get('redirect_uri')).toBe(`${settings.appOrigin}/auth/callback`);
  expect(params.get('code_challenge_method')).toBe('S256');
  expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(params.get('resource')).toBe(settings.apiBase);
  expect(params.has('code_verifier')).toBe(false);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await expect(page.getByLabel('Username')).toBeVisible();
  await axe('provider sign-in page');

  await page.getByLabel('Username').fill(agentOne.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('The username or password is not right.');
  await axe('provider sign-in page with an error');

  const callback = page.waitForURL((url) => url.pathname === '/auth/callback');
  await page.getByLabel('Password').fill(agentOne.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await callback;

  await expect(page).toHaveURL(`${settings.appOrigin}/tickets?status=pending`);
  await expect(page.getByRole('banner')).toContainText(`Signed in as ${agentOne.name}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tickets');
  // The callback entry was replaced: no code or state left in the address or in this history entry.
  expect(page.url()).not.toMatch(/code=|state=/);

  const user = await storedUser(page);
  expect(user?.profile.sub).toBe(agentOne.username);
  expect(user?.access_token).toBeTruthy();
  expect(user?.refresh_token).toBeTruthy();
  const local = await localStorageDump(page);
  for (const token of [user!.access_token, user!.refresh_token!, user!.id_token!]) expect(local).not.toContain(token);
  expect(local).not.toMatch(/oidc\.|access_token|refresh_token|id_token/);
  await axe('signed in, ticket list');
});

test('the mocked service has seen a valid JWT for a list call: the agent’s, for this API', async ({ page }) => {
  await signInAtOverview(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');

  const user = await storedUser(page);
  const lists = await seenTokens({ method: 'GET', path: TICKETS_PATH });
  expect(lists.length).toBeGreaterThan(0);
  for (const seen of lists) {
    expect(seen).toMatchObject({
      accepted: true,
      verified: true,
      subject: agentOne.username,
      issuer: settings.issuer,
      audience: settings.apiBase,
      clientId: settings.clientId,
      fingerprint: fingerprint(user!.access_token),
    });
  }
});

test('sign-out ends the provider session: back to the sign-in page, tokens gone, the next sign-in asks again', async ({ page, axe }) => {
  await page.goto('/cancel-orders');
  await signInAs(page, agentTwo);

  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign out of the test sign-in service?');
  await axe('provider sign-out page');
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();

  await expect(page).toHaveURL(`${settings.appOrigin}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await expect(page.getByRole('banner')).not.toContainText('Signed in as');
  expect(await storedUser(page)).toBeNull();
  expect(await localStorageDump(page)).not.toMatch(/access_token|refresh_token|id_token/);

  // The provider forgot the agent too: signing in shows its form again instead of passing straight through.
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Username')).toBeVisible();
});

test('sign-out asks before discarding a draft; staying keeps it, confirming discards it', async ({ page, axe }) => {
  await page.goto('/');
  await signInAs(page);
  const draftKey = `trouble-ticket-desk.user.${agentOne.username}.ticket-draft`;
  await page.evaluate((key) => window.localStorage.setItem(key, JSON.stringify({ values: { description: 'No sync since 08:00' } })), draftKey);

  const signOut = page.getByRole('banner').getByRole('button', { name: 'Sign out' });
  await signOut.click();
  const dialog = page.getByRole('dialog', { name: 'Discard your draft and sign out?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You have a ticket that has not been sent yet.');
  await expect(dialog.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
  await axe('sign-out question');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(signOut).toBeFocused();
  expect(await page.evaluate((key) => window.localStorage.getItem(key), draftKey)).not.toBeNull();

  await signOut.click();
  await dialog.getByRole('button', { name: 'Discard draft and sign out' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign out of the test sign-in service?');
  expect(await page.evaluate((key) => window.localStorage.getItem(key), draftKey)).toBeNull();
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
});
