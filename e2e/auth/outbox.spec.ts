// Working through a dead connection in real mode (production build, dev provider, mocked service over HTTP): a ticket
// submitted offline waits in the outbox and is not created; the app opens offline and shows it; back online it is
// created once; a lost answer is settled by the 409 lookup; another agent on the same browser sees none of it.
import {
  TICKETS_PATH,
  agentOne,
  agentTwo,
  clearSeenTokens,
  expect,
  seenTokens,
  settings,
  signInAs,
  signInAtOverview,
  test,
} from '../support/auth-fixtures';
import { disputeToCheckPage, newExternalId } from '../support/auth-wizard';
import { persistedCaches, serviceTicketsWith, shellInControl } from '../support/outbox-helpers';

// The network is cut on purpose; a retry after a lost answer meets the service's 409 for its own first try.
test.use({ expectedNoAnswers: true, expectedRefusals: [{ status: 409, url: `${settings.apiBase}/troubleTicket` }] });

const createButton = 'Create dispute ticket';

test('offline: queued, not created; the app opens offline with the outbox; back online: created once', async ({ page, context, axe }, testInfo) => {
  // Many steps, axe in two languages, a reload offline: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const externalId = newExternalId('E2E-OUTBOX');
  await signInAtOverview(page);
  await clearSeenTokens();
  await page.goto('/tickets/TT-000010');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ticket TT-000010');
  await shellInControl(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ticket TT-000010');
  // Read offline later: the ticket is in this agent's persisted cache.
  await expect.poll(async () => (await persistedCaches(page))[agentOne.username] ?? '').toContain('TT-000010');

  await context.setOffline(true);
  await disputeToCheckPage(page, externalId);
  await page.getByRole('main').getByRole('button', { name: createButton }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Outbox');
  const main = page.getByRole('main');
  await expect(main).toContainText(`Ticket ${externalId} is waiting to send. It has not been created yet`);
  const waiting = main.getByRole('region', { name: 'Waiting to send' }).getByRole('listitem');
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText(`Dispute ticket ${externalId}`);
  await expect(waiting).toContainText('Waiting to send');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Outbox, 1 ticket waiting to send' })).toBeVisible();
  // The outbox shows no data of the service: the marker says only that the browser is offline.
  await expect(page.getByRole('banner').getByRole('status').filter({ hasText: 'Offline' })).toHaveText('Offline');
  expect(await serviceTicketsWith(externalId)).toEqual([]);
  expect(await seenTokens({ method: 'POST', path: TICKETS_PATH })).toEqual([]);
  await axe('outbox, offline, en');
  await page.screenshot({ path: testInfo.outputPath('outbox-offline-1366.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('outbox-offline-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });

  // The app opens offline: the shell from the worker, the outbox from IndexedDB.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Outbox');
  await expect(main.getByRole('region', { name: 'Waiting to send' }).getByRole('listitem')).toContainText(`Dispute ticket ${externalId}`);
  await expect(main).toContainText('You are offline. Waiting tickets are sent when the connection returns.');

  // A ticket read before is readable offline, marked with the time of its data.
  await page.goto('/tickets/TT-000010');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ticket TT-000010');
  await expect(page.getByRole('banner').getByRole('status').filter({ hasText: 'Offline' })).toHaveText(/^Offline — as of \d\d:\d\d$/);
  await axe('ticket read offline, en');
  await page.screenshot({ path: testInfo.outputPath('ticket-offline-1366.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('ticket-offline-390.png') });
  await page.setViewportSize({ width: 1366, height: 768 });

  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(page.getByRole('banner')).toContainText('Offline — Stand');
  await axe('ticket read offline, de');
  await page.getByRole('banner').getByRole('link', { name: /^Postausgang/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Postausgang');
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(1);
  await axe('outbox, offline, de');
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Outbox');

  await context.setOffline(false);
  const finished = main.getByRole('region', { name: 'Sent in the last day' });
  await expect(finished).toContainText(new RegExp(`Dispute ticket ${externalId} was created as ticket TT-\\d+\\.`));
  await page.screenshot({ path: testInfo.outputPath('outbox-sent-1366.png'), fullPage: true });
  await expect(main).toContainText('No tickets are waiting to send.');
  const created = await serviceTicketsWith(externalId);
  expect(created).toHaveLength(1);
  expect(await seenTokens({ method: 'POST', path: TICKETS_PATH })).toEqual([expect.objectContaining({ accepted: true, subject: agentOne.username })]);
  await axe('outbox after sending, en');

  await finished.getByRole('link', { name: `Open ticket ${created[0]!.id}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ticket ${created[0]!.id}`);
});

test('an answer lost while sending: the retry gets a 409, the ticket is found and linked, no second ticket', async ({ page }) => {
  const externalId = newExternalId('E2E-LOST');
  await signInAtOverview(page);
  await clearSeenTokens();
  await disputeToCheckPage(page, externalId);
  let lost = false;
  // The service takes the first create; its answer never reaches the page (the connection drops on the way back).
  await page.route(
    (url) => url.pathname === TICKETS_PATH,
    async (route) => {
      if (route.request().method() !== 'POST' || lost) return route.fallback();
      lost = true;
      await route.fetch();
      await route.abort('connectionfailed');
    },
  );
  await page.getByRole('main').getByRole('button', { name: createButton }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Outbox');
  const main = page.getByRole('main');
  await expect(main.getByRole('region', { name: 'Sent in the last day' })).toContainText(
    new RegExp(`Dispute ticket ${externalId} was created as ticket TT-\\d+\\.`),
  );
  const created = await serviceTicketsWith(externalId);
  expect(created).toHaveLength(1);
  await expect(main.getByRole('link', { name: `Open ticket ${created[0]!.id}` })).toBeVisible();
  // Two creates reached the service: the first made the ticket, the second was refused as a duplicate.
  expect(await seenTokens({ method: 'POST', path: TICKETS_PATH })).toHaveLength(2);
});

test('agent two on the same browser sees neither agent one’s outbox nor agent one’s stored tickets', async ({ page, context }) => {
  const externalId = newExternalId('E2E-AGENT1');
  await signInAtOverview(page, agentOne);
  await page.goto('/tickets/TT-000010');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ticket TT-000010');
  await shellInControl(page);
  await expect.poll(async () => (await persistedCaches(page))[agentOne.username] ?? '').toContain('TT-000010');
  await context.setOffline(true);
  await disputeToCheckPage(page, externalId);
  await page.getByRole('main').getByRole('button', { name: createButton }).click();
  await expect(page.getByRole('main')).toContainText(`Ticket ${externalId} is waiting to send`);

  // Agent one's tab is closed without signing out; agent two signs in on the same browser.
  await page.close();
  await context.clearCookies();
  await context.setOffline(false);
  const second = await context.newPage();
  await second.goto('/outbox');
  await signInAs(second, agentTwo);
  await expect(second.getByRole('heading', { level: 1 })).toHaveText('Outbox');
  await expect(second.getByRole('main')).toContainText('No tickets are waiting to send.');
  await expect.poll(async () => Object.keys(await persistedCaches(second))).not.toContain(agentOne.username);
  expect(await serviceTicketsWith(externalId)).toEqual([]);

  await context.setOffline(true);
  await second.goto('/tickets/TT-000010');
  await expect(second.getByRole('banner')).toContainText('Offline — this page was not stored for reading offline');
  await expect(second.getByRole('main')).toContainText('Loading the ticket…');
});
