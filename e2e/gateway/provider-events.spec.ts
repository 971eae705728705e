// Gateway mode, the provider's own events (issue 39): the test posts nothing. The mocked provider's progression moves
// the agent's ticket on by itself, and the provider POSTs the status change to the receiver inside the gateway with its
// own client's token (mocks/server/event-sender.ts); the open ticket page shows it live, in the panel.
import type { Page } from '@playwright/test';
import { en } from '../../src/lib/i18n/en';
import { minimalFault } from '../../src/testing/fixtures';
import {
  agentOne,
  createTicketAtService,
  expect,
  newExternalId,
  progressionEvery,
  providerEvents,
  stateOf,
  test,
} from '../support/gateway-fixtures';

test.use({ storageState: stateOf(agentOne) });

const words = (status: string) => (en.status as Record<string, string>)[status] ?? status;
const panel = (page: Page) => page.getByRole('region', { name: 'Notifications' });

test('the provider sends its events by itself: its progression moves the ticket, the open page hears of it', async ({ page }) => {
  const { id, status } = await createTicketAtService({ ...minimalFault(), externalIdentifier: [{ id: newExternalId('E2E-GW-PROVIDER') }] });
  await page.goto(`/tickets/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ticket ${id}`);
  await expect(page.locator('.detail-status .status-badge')).toHaveText(words(status));
  // The stream is open before the provider speaks, so nothing it says can pass it by.
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(panel(page).getByRole('status')).toHaveText('Live updates on');
  await page.keyboard.press('Escape');

  try {
    await providerEvents(false);
    // Every 1.5 s: the ticket created through the API moves one status on, and a few seeded ones with it.
    await progressionEvery(1500);
    await page.getByRole('button', { name: /^Notifications, \d+ unread/ }).click();
    const entry = panel(page).getByRole('listitem').filter({ has: page.getByRole('link', { name: `Ticket ${id}` }) });
    await expect(entry.filter({ hasText: `now ${words('inProgress')}` })).toHaveCount(1);
  } finally {
    await progressionEvery(0);
    await providerEvents(true);
  }
});
