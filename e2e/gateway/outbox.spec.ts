// Gateway mode, the outbox (the ★ row "offline outbox on a server-side session"): the network goes away in the middle
// of the wizard, the ticket waits in the outbox and is not created; the network comes back and it is created exactly
// once through the gateway (the session cookie, never a token in the browser), with the desk's audit record. And when
// the session ended while the browser was offline, the outbox waits for the agent to sign in again, then sends.
import type { Page, Request } from '@playwright/test';
import { disputeToCheckPage } from '../support/auth-wizard';
import {
  agentOne,
  agentTwo,
  expect,
  newExternalId,
  refusing,
  sessionCookie,
  settings,
  signInAgain,
  signInAs,
  stateOf,
  test,
  ticketsWithExternalId,
} from '../support/gateway-fixtures';

const createButton = 'Create dispute ticket';

/** Every create the page sends (POST …/troubleTicket on the app's origin), with all its headers. */
function createsSent(page: Page): { headers: Record<string, string> }[] {
  const sent: { headers: Record<string, string> }[] = [];
  page.on('request', (request: Request) => {
    if (request.method() !== 'POST' || request.url() !== `${settings.publicApi}/troubleTicket`) return;
    void request.allHeaders().then((headers) => sent.push({ headers }));
  });
  return sent;
}

/**
 * The shell's service worker in control (it registers once the first screen has settled): from then on the app's
 * lazy parts load offline too, as in the direct-mode outbox e2e (e2e/support/outbox-helpers.ts).
 */
async function shellInControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The outbox's one waiting ticket, and the proof that the service holds none. */
async function waitingInOutbox(page: Page, externalId: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Outbox');
  const main = page.getByRole('main');
  await expect(main).toContainText(`Ticket ${externalId} is waiting to send. It has not been created yet`);
  const waiting = main.getByRole('region', { name: 'Waiting to send' }).getByRole('listitem');
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText(`Dispute ticket ${externalId}`);
  expect(await ticketsWithExternalId(externalId), 'not created while offline').toEqual([]);
}

/** Sent: the outbox names the ticket made, the service holds exactly one, its page says who entered it on this desk. */
async function createdOnce(page: Page, externalId: string, who: { name: string }): Promise<string> {
  const main = page.getByRole('main');
  const finished = main.getByRole('region', { name: 'Sent in the last day' });
  await expect(finished).toContainText(new RegExp(`Dispute ticket ${externalId} was created as ticket TT-\\d+\\.`));
  await expect(main).toContainText('No tickets are waiting to send.');
  const created = await ticketsWithExternalId(externalId);
  expect(created, 'exactly one ticket').toHaveLength(1);
  const id = created[0]!.id;
  await finished.getByRole('link', { name: `Open ticket ${id}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ticket ${id}`);
  await expect(page.getByRole('main')).toContainText(`Entered on this desk by ${who.name}, `);
  return id;
}

/** Through the gateway: each create carried the session cookie and no token. */
function throughTheGateway(sent: { headers: Record<string, string> }[], cookie: { name: string }): void {
  expect(sent.length, 'a create was sent').toBeGreaterThan(0);
  for (const { headers } of sent) {
    expect(headers.authorization, 'no token in the browser').toBeUndefined();
    expect(headers.cookie ?? '').toContain(`${cookie.name}=`);
  }
}

test.describe('offline on a server-side session', () => {
  // The network is cut on purpose: the page's requests meanwhile get no answer.
  test.use({ storageState: stateOf(agentOne), expectedNoAnswers: true });

  test('the network goes mid-wizard: queued, not created; back: created once through the gateway, with its audit record', async ({ page, context }) => {
    const externalId = newExternalId('E2E-GW-OUTBOX');
    const sent = createsSent(page);
    await page.goto('/');
    await expect(page.getByRole('banner')).toContainText(`Signed in as ${agentOne.name}`);
    await shellInControl(page);
    await disputeToCheckPage(page, externalId, () => context.setOffline(true));
    await page.getByRole('main').getByRole('button', { name: createButton }).click();
    await waitingInOutbox(page, externalId);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Outbox, 1 ticket waiting to send' })).toBeVisible();

    await context.setOffline(false);
    await createdOnce(page, externalId, agentOne);
    throughTheGateway(sent, await sessionCookie(context));
  });
});

test.describe('the session ends while offline', () => {
  // Signs in on its own: it ends its session. The refusals are how the app learns that the session has ended.
  test.use({
    expectedNoAnswers: true,
    ...refusing(
      { status: 401, url: `${settings.appOrigin}/gateway/` },
      { status: 401, url: settings.publicApi },
      // The live-updates stream, reopened after the session ended and before sign-in.
      { status: 401, url: `${settings.appOrigin}/relay/` },
    ),
  });

  test('the outbox waits for sign-in, then sends: created once, entered by the agent', async ({ page, context, browser }) => {
    await page.goto('/');
    await signInAs(page, agentTwo);
    await shellInControl(page);
    const externalId = newExternalId('E2E-GW-OUTBOX-ENDED');
    const sent = createsSent(page);
    await disputeToCheckPage(page, externalId, () => context.setOffline(true));
    await page.getByRole('main').getByRole('button', { name: createButton }).click();
    await waitingInOutbox(page, externalId);

    // While this browser is offline, its session ends (another browser holding the same cookie signs out).
    const cookie = await sessionCookie(context);
    const other = await browser.newContext();
    await other.addCookies([cookie]);
    const logout = await other.request.post(`${settings.appOrigin}/gateway/logout`, { headers: { Origin: settings.appOrigin } });
    expect(logout.status()).toBe(200);
    await other.close();

    await context.setOffline(false);
    const main = page.getByRole('main');
    await expect(main).toContainText('Your session has ended: sign in again to send the waiting tickets.');
    await expect(main.getByRole('region', { name: 'Waiting to send' }).getByRole('listitem')).toContainText('Waiting for you to sign in again');
    expect(await ticketsWithExternalId(externalId), 'not sent without a session').toEqual([]);

    // The agent comes back to the tab: the app asks the gateway again and says, in its dialog (which then holds the
    // page), that the session has ended; sign-in starts there (as in e2e/gateway/session.spec.ts).
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
    await signInAgain(page, agentTwo, () => dialog.getByRole('button', { name: 'Sign in again' }).click());
    // Back on the outbox (sign-in returns to the page it started from), which now sends by itself.
    await expect(page).toHaveURL(/\/outbox(\?|$)/);
    await createdOnce(page, externalId, agentTwo);
    const renewed = await sessionCookie(context);
    expect(renewed.value, 'a new session').not.toBe(cookie.value);
    throughTheGateway(sent.slice(-1), renewed);
  });
});
