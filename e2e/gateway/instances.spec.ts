// Gateway mode, two instances on one Redis behind nginx: the instance serving the agent is killed (SIGKILL) in the
// middle of the wizard; nginx sends the next request to the other one, the agent stays signed in, finishes the wizard
// and the ticket is created once (the service's records), with its audit record ("Entered on this desk by …").
import type { APIRequestContext, Response } from '@playwright/test';
import { disputeToCheckPage, stepHeading } from '../support/auth-wizard';
import {
  agentOne,
  createdTicket,
  expect,
  newExternalId,
  runState,
  settings,
  stateOf,
  test,
  ticketsWithExternalId,
} from '../support/gateway-fixtures';

test.use({ storageState: stateOf(agentOne), expectedNoAnswers: true });

/** The gateway port that gave an answer (nginx names it in X-Desk-Upstream; the last one tried). */
const portOf = (response: { headers(): Record<string, string> }) =>
  Number((response.headers()['x-desk-upstream'] ?? '').split(',').at(-1)!.trim().split(':').at(-1));

/** The gateway port that answers the agent's "who am I" now. */
async function servingPort(request: APIRequestContext): Promise<number> {
  const response = await request.get(`${settings.appOrigin}/gateway/session`);
  expect(response.status(), 'the session is live').toBe(200);
  return portOf(response);
}

test('the instance serving the agent is killed mid-wizard: still signed in, the ticket is created once', async ({ page }) => {
  const externalId = newExternalId('E2E-GW-KILL');
  let killed = 0;
  let streamBack: Promise<Response> | undefined;
  await disputeToCheckPage(page, externalId, async () => {
    killed = await servingPort(page.request);
    // The live updates' stream breaks with the instance; its reconnection is the proof that they came back.
    streamBack = page.waitForResponse((response) => response.url().startsWith(`${settings.appOrigin}/relay/events`) && response.status() === 200);
    const instance = runState().gateways.find((gateway) => gateway.port === killed);
    if (!instance) throw new Error(`no gateway instance on port ${killed}`);
    process.kill(instance.pid, 'SIGKILL');
    // Gone when its port refuses connections.
    await expect
      .poll(() => fetch(`http://127.0.0.1:${killed}/healthz`).then(() => 'answers', () => 'refused'))
      .toBe('refused');
  });
  await expect(stepHeading(page, 'Check your answers')).toBeVisible();
  // Shown from the tab's memory as well; the create below, through the other instance, is what proves the session.
  await expect(page.getByRole('banner')).toContainText(`Signed in as ${agentOne.name}`);
  await page.getByRole('main').getByRole('button', { name: 'Create dispute ticket' }).click();
  const id = await createdTicket(page);
  await expect(page.getByRole('main')).toContainText(`Entered on this desk by ${agentOne.name}, `);
  expect((await ticketsWithExternalId(externalId)).map((t) => t.id), 'created once').toEqual([id]);
  // The live updates came back too, on the other instance.
  const stream = await streamBack!;
  expect(portOf(stream), 'the stream reconnected to the other instance').not.toBe(killed);
  expect(settings.ports.gateways).toContain(portOf(stream));
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('status')).toHaveText('Live updates on');
  const survivor = await servingPort(page.request);
  expect(survivor).not.toBe(killed);
  expect(settings.ports.gateways).toContain(survivor);
});
