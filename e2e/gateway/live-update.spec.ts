// Gateway mode, live updates: the provider POSTs a status change through nginx to the receiver inside the gateway,
// with its client-credentials token for the receiver's audience; the agent's open ticket page (its relay stream
// authenticated by the session cookie) shows the new status with a toast and a panel entry.
import type { Page } from '@playwright/test';
import { en } from '../../src/lib/i18n/en';
import { minimalFault } from '../../src/testing/fixtures';
import {
  advanceService,
  agentOne,
  createTicketAtService,
  expect,
  newExternalId,
  postStatusChange,
  stateOf,
  test,
} from '../support/gateway-fixtures';

test.use({ storageState: stateOf(agentOne) });

const words = (status: string) => (en.status as Record<string, string>)[status] ?? status;
const statusBadge = (page: Page) => page.locator('.detail-status .status-badge');
const notificationsButton = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('region', { name: 'Notifications' });

test('a status change POSTed by the provider reaches the open ticket page: toast and panel entry', async ({ page }) => {
  const { id, status } = await createTicketAtService({ ...minimalFault(), externalIdentifier: [{ id: newExternalId('E2E-GW-LIVE') }] });
  await page.goto(`/tickets/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ticket ${id}`);
  await expect(statusBadge(page)).toHaveText(words(status));
  // The stream is open (its state in the panel) before the event is sent, so the event cannot pass it by.
  await notificationsButton(page).click();
  await expect(panel(page).getByRole('status')).toHaveText('Live updates on');
  await page.keyboard.press('Escape');

  const change = (await advanceService()).find((c) => c.resource === 'troubleTicket' && c.id === id);
  if (!change) throw new Error(`POST __mock/advance did not move ticket ${id}`);
  const response = await postStatusChange(change);
  expect(response.status, `the receiver accepts the event: ${await response.clone().text()}`).toBe(204);

  await expect(statusBadge(page)).toHaveText(words(change.to));
  await expect(page.locator('.toast-region').getByText(`Ticket ${id} is now ${words(change.to)}`, { exact: true })).toHaveCount(1);
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const entry = panel(page).getByRole('listitem').filter({ has: page.getByRole('link', { name: `Ticket ${id}` }) });
  await expect(entry).toContainText(`now ${words(change.to)}`);
});
