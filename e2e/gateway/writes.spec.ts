// Gateway mode, writing as an agent: a ticket created through the wizard (201, "Entered on this desk by …" from the
// gateway's audit), the same external identifier again (409: the desk links the existing ticket, the service holds
// one), and an order cancelled (201). The service's own records count what was created.
import { disputeToCheckPage } from '../support/auth-wizard';
import {
  agentOne,
  cancellationsOf,
  createdTicket,
  expect,
  newExternalId,
  refusing,
  settings,
  stateOf,
  test,
  ticketsWithExternalId,
} from '../support/gateway-fixtures';

test.use({ storageState: stateOf(agentOne), ...refusing({ status: 409, url: `${settings.publicApi}/troubleTicket` }) });

test('a ticket created through the wizard (201) says who entered it; the same external ID again (409) links it', async ({ page }) => {
  const externalId = newExternalId();
  await disputeToCheckPage(page, externalId);
  await page.getByRole('main').getByRole('button', { name: 'Create dispute ticket' }).click();
  const id = await createdTicket(page);
  await expect(page.getByRole('main')).toContainText(`Entered on this desk by ${agentOne.name}, `);
  expect((await ticketsWithExternalId(externalId)).map((t) => t.id)).toEqual([id]);

  await disputeToCheckPage(page, externalId);
  await page.getByRole('main').getByRole('button', { name: 'Create dispute ticket' }).click();
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toContainText('A ticket with this external ID already exists');
  // The ticket that holds the external id, with its status (the look-up after the 409 read it).
  await alert.getByRole('link', { name: `Open ticket ${id}, status Acknowledged`, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ticket ${id}`);
  expect((await ticketsWithExternalId(externalId)).map((t) => t.id), 'no second ticket').toEqual([id]);
});

test('an order cancelled through the gateway (201)', async ({ page }) => {
  const productOrderId = newExternalId('PO-GW');
  await page.goto('/cancel-orders/new');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New cancellation');
  await page.getByRole('textbox', { name: 'Product order ID' }).fill(productOrderId);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check the cancellation before sending it');
  await page.getByRole('button', { name: `Cancel product order ${productOrderId}` }).click();
  await expect(page.getByRole('region', { name: 'Cancellation requested' })).toBeVisible();
  const [cancellation, ...more] = await cancellationsOf(productOrderId);
  expect(more).toEqual([]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Cancellation ${cancellation!.id}`);
  await expect(page.getByRole('main')).toContainText(`Entered on this desk by ${agentOne.name}, `);
});
