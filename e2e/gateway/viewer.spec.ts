// Gateway mode, a viewer: reads everything (overview, axe), is offered no "New ticket" and no "Cancel a product
// order", and the gateway refuses a write forged with the viewer's cookie (403) before it reaches the service.
import { minimalFault } from '../../src/testing/fixtures';
import {
  cancellationsOf,
  expect,
  newExternalId,
  openOverview,
  settings,
  stateOf,
  test,
  ticketsWithExternalId,
  viewerOne,
} from '../support/gateway-fixtures';

test.use({ storageState: stateOf(viewerOne) });

test('viewer.one reads but is offered no write; the gateway answers a forged write with 403', async ({ page, axe }) => {
  await openOverview(page);
  await expect(page.getByRole('banner')).toContainText(`Signed in as ${viewerOne.name}`);
  await axe('viewer’s overview, gateway mode');
  await expect(page.getByRole('link', { name: 'New ticket' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New ticket' })).toHaveCount(0);

  await page.goto('/cancel-orders');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order cancellations');
  await expect(page.getByRole('link', { name: 'Cancel a product order' })).toHaveCount(0);

  // The page's own cookie and origin, as a script in the page (or a hand-made request) would send them.
  const externalId = newExternalId('E2E-GW-FORGED');
  const ticket = await page.request.post(`${settings.publicApi}/troubleTicket`, {
    headers: { Origin: settings.appOrigin },
    data: { ...minimalFault(), externalIdentifier: [{ id: externalId }] },
  });
  expect(ticket.status()).toBe(403);
  expect(await ticket.json()).toMatchObject({ code: 'forbidden', message: expect.stringContaining('can read, not write') });
  const productOrderId = newExternalId('PO-GW-FORGED');
  const cancellation = await page.request.post(`${settings.publicApi}/cancelProductOrder`, {
    headers: { Origin: settings.appOrigin },
    data: { productOrder: { id: productOrderId } },
  });
  expect(cancellation.status()).toBe(403);
  expect(await ticketsWithExternalId(externalId), 'nothing reached the service').toEqual([]);
  expect(await cancellationsOf(productOrderId), 'nothing reached the service').toEqual([]);
});
