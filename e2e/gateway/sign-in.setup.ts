// Signs agent.one and viewer.one in once, at the provider's page through the gateway, and keeps each browser's state
// (the session cookie) for the specs that only use a session; the specs that end a session sign in on their own.
import { agentOne, expect, settings, signInAs, stateOf, test, viewerOne, refusing } from '../support/gateway-fixtures';

// Before signing in, the app's "who am I" is refused: that is how it learns it must sign in.
test.use(refusing({ status: 401, url: `${settings.appOrigin}/gateway/session` }));

for (const who of [agentOne, viewerOne]) {
  test(`${who.username} signs in and the browser's state is kept`, async ({ page }) => {
    await page.goto('/');
    await signInAs(page, who);
    await expect(page).toHaveURL(`${settings.appOrigin}/`);
    await page.context().storageState({ path: stateOf(who) });
  });
}
