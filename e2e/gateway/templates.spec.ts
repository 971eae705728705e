// Gateway mode, templates the desk shares (issue 41, point 2): an agent saves one from check answers and finds it on
// "New ticket" with who saved it; a viewer reads the desk's templates, and a save forged with the viewer's cookie and
// the desk's own Origin is refused (403) by the gateway.
import { disputeToCheckPage } from '../support/auth-wizard';
import { agentOne, expect, newExternalId, settings, stateOf, test, viewerOne } from '../support/gateway-fixtures';

test.describe('an agent', () => {
  test.use({ storageState: stateOf(agentOne) });

  test('saves a template from check answers; "New ticket" offers it, saved by them, to every agent', async ({ page }) => {
    const name = newExternalId('Dispute template');
    await disputeToCheckPage(page, newExternalId());
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Save as template' }).click();
    await main.getByRole('textbox', { name: 'Template name' }).fill(name);
    await main.getByRole('button', { name: 'Save template' }).click();
    await expect(main.getByRole('status').filter({ hasText: `Template “${name}” saved. Every agent of this desk will see it.` })).toBeVisible();

    await page.getByRole('navigation').getByRole('link', { name: 'New ticket' }).click();
    const choice = main.getByRole('region', { name: 'Start from a template' });
    await expect(choice).toContainText('Templates are shared by every agent of this desk.');
    const item = choice.getByRole('listitem').filter({ hasText: name });
    await expect(item).toContainText(`by ${agentOne.name}, `);
    await expect(item.getByRole('button', { name: `Delete ${name}` })).toBeVisible();
  });
});

test.describe('a viewer', () => {
  test.use({ storageState: stateOf(viewerOne) });

  test('reads the desk’s templates; the gateway refuses a save with the viewer’s cookie (403)', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner')).toContainText(`Signed in as ${viewerOne.name}`);
    const listed = await page.request.get(`${settings.appOrigin}/gateway/templates`);
    expect(listed.status()).toBe(200);
    expect(await listed.json()).toEqual({ templates: expect.any(Array) });
    const name = newExternalId('Viewer template');
    const refused = await page.request.post(`${settings.appOrigin}/gateway/templates`, {
      headers: { Origin: settings.appOrigin },
      data: { name, formVersion: 1, answers: {} },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'forbidden' });
    const after = (await (await page.request.get(`${settings.appOrigin}/gateway/templates`)).json()) as { templates: { name: string }[] };
    expect(after.templates.map((template) => template.name)).not.toContain(name);
  });
});
