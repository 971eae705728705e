// Gateway mode, reading: an agent signs in at the provider's page through the gateway and comes back to the address
// asked for; the overview (axe), the list and a ticket's detail come through the gateway from the service.
import {
  agentOne,
  expect,
  openOverview,
  refusing,
  settings,
  signInAs,
  stateOf,
  test,
} from '../support/gateway-fixtures';

test.describe('signing in', () => {
  test.use(refusing({ status: 401, url: `${settings.appOrigin}/gateway/session` }));

  test('agent.one signs in at the provider through the gateway and lands where she was going', async ({ page }) => {
    await page.goto('/tickets?status=pending');
    const authorize = page.waitForRequest((request) => request.url().startsWith(`${settings.issuer}/auth?`));
    await signInAs(page, agentOne);
    // The gateway is the provider's client: the code comes back to it, never to the page.
    const params = new URL((await authorize).url()).searchParams;
    expect(params.get('client_id')).toBe('trouble-ticket-desk-gateway');
    expect(params.get('redirect_uri')).toBe(`${settings.appOrigin}/gateway/callback`);
    expect(params.get('code_challenge_method')).toBe('S256');
    await expect(page).toHaveURL(`${settings.appOrigin}/tickets?status=pending`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tickets');
  });
});

test.describe('signed in', () => {
  test.use({ storageState: stateOf(agentOne) });

  test('the overview (axe), the list and a ticket’s detail, through the gateway', async ({ page, axe }) => {
    await openOverview(page);
    await expect(page.getByRole('banner')).toContainText(`Signed in as ${agentOne.name}`);
    await axe('signed-in overview, gateway mode');

    await page.goto('/tickets');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tickets');
    const firstTicket = page.getByRole('table').getByRole('link', { name: /^TT-\d+$/ }).first();
    await expect(firstTicket).toBeVisible();
    const id = (await firstTicket.textContent())!.trim();
    await firstTicket.click();
    await expect(page).toHaveURL(`${settings.appOrigin}/tickets/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ticket ${id}`);
  });
});
