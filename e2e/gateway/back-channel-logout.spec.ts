// Gateway mode, back-channel logout (OpenID Connect Back-Channel Logout 1.0): the agent signs out at the provider
// itself (as from another app that uses the same sign-in), not at the desk. The provider posts a logout token to the
// desk (through nginx, to one instance); the session ends in Redis for both instances, a relay stream held on each
// instance ends (at once on the one that got the token, at the next heartbeat on the other), and back at the desk the
// cookie is cleared and the app offers sign-in.
import { GATEWAY_CLIENT_ID } from '../../dev/oidc/client';
import { agentTwo, expect, refusing, sessionCookie, settings, signInAs, test } from '../support/gateway-fixtures';

// After the logout the app learns of it from these refusals.
test.use(refusing({ status: 401, url: `${settings.appOrigin}/gateway/` }, { status: 401, url: `${settings.appOrigin}/relay/` }, { status: 401, url: settings.publicApi }));

/** The whole body of an event stream, once the server ends it. */
async function untilEnded(response: Response): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += decoder.decode(value, { stream: true });
  }
}

test('a sign-out at the provider ends the desk session, its streams and its cookie on both instances', async ({ page }) => {
  // Two heartbeats (15 s each) at most for the other instance's stream, on a busy machine.
  test.setTimeout(90_000);
  await page.goto('/');
  await signInAs(page, agentTwo);
  const cookie = await sessionCookie(page.context());
  const asBrowser = { Cookie: `${cookie.name}=${cookie.value}` };

  // A stream on each instance, straight to its port (nginx would pick one).
  const instances = settings.ports.gateways.map((port) => `http://127.0.0.1:${port}`);
  const streams = await Promise.all(instances.map((origin) => fetch(`${origin}/relay/events`, { headers: { ...asBrowser, Accept: 'text/event-stream' } })));
  expect(streams.map((s) => s.status)).toEqual([200, 200]);
  const ended = streams.map(untilEnded);
  for (const origin of instances) expect((await fetch(`${origin}/gateway/session`, { headers: asBrowser })).status).toBe(200);

  await page.goto(`${settings.issuer}/session/end?client_id=${GATEWAY_CLIENT_ID}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign out of the test sign-in service?');
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are signed out');
  await expect(page.getByRole('main')).toContainText('You are signed out of the test sign-in service and of every app that uses it.');

  // The provider waits for the desk's answer to its logout token before it answers the browser: gone on both.
  for (const origin of instances) {
    const who = await fetch(`${origin}/gateway/session`, { headers: asBrowser });
    expect(who.status, `${origin} no longer knows the session`).toBe(401);
    expect(await who.json()).toMatchObject({ code: 'sessionEnded' });
  }
  // Both streams end (each had said hello first); no API call goes through either.
  for (const text of await Promise.all(ended)) expect(text).toContain('event: hello');
  expect((await fetch(`${settings.appOrigin}${settings.apiPath}/troubleTicket?limit=1`, { headers: { ...asBrowser, Origin: settings.appOrigin } })).status).toBe(401);

  // Back at the desk: the gateway clears the dead cookie, and the app offers sign-in.
  await page.goto('/');
  await expect(page.getByRole('main').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect.poll(async () => (await page.context().cookies(settings.appOrigin)).map((c) => c.name)).not.toContain(cookie.name);
});
