// Gateway mode, many tickets at once (issue 41's "Done when"): a CSV of 6 lines with a bad one, the 5 good lines sent
// through the outbox and the gateway, each created once at the service with the desk's audit record (entered by the
// agent, under the line's external identifier); the same file again: all already existed, no new ticket.
import { bulkEn } from '../../src/lib/i18n/sections/bulk.en';
import { agentOne, callService, expect, refusing, settings, stateOf, test, ticketsWithExternalId } from '../support/gateway-fixtures';

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const LINES = 6;
const BAD = 4;
const SENT = LINES - 1;
const csv = [
  'accessLineId,networkTerminationLocation,affectedProductId,locationContactFamilyName',
  ...Array.from({ length: LINES }, (_, i) => `${i + 1 === BAD ? 'X' : `DEU.DTAG.ABC${2000000 + i + 1}`},Keller,PRD-GW-${run}-${i + 1},Müller`),
].join('\n');
const file = { name: 'outage.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) };

test.use({ storageState: stateOf(agentOne), ...refusing({ status: 409, url: `${settings.publicApi}/troubleTicket` }) });

test('5 of 6 lines created once through the gateway, each with its audit record; the same file again already existed', async ({ page }) => {
  const faults = (await (await callService('/troubleTicket?ticketType=fault&limit=1&fields=id')).json()) as { id: string }[];
  const faultId = faults[0]!.id;
  const main = page.getByRole('main');
  const check = async () => {
    await expect(main.getByText(`Copied from ticket ${faultId}.`)).toBeVisible();
    await main.getByLabel(bulkEn.lines.file).setInputFiles(file);
    await expect(main.getByText(`${SENT} rows ready`)).toBeVisible();
    await expect(main.getByText('1 needs attention')).toBeVisible();
    await main.getByRole('button', { name: `Send ${SENT} tickets` }).click();
  };

  await page.goto(`/tickets/bulk?from=${faultId}`);
  await check();
  await expect(main.getByText(`${SENT} created`)).toBeVisible();
  const links = main.getByRole('link', { name: /^Created as TT-/ });
  await expect(links).toHaveCount(SENT);
  const prefix = (await main.getByRole('heading', { level: 1 }).innerText()).replace(/^.* /, '');
  expect(prefix).toMatch(/^MASS-[0-9A-F]{8}-$/);

  const ids = (await links.allInnerTexts()).map((text) => text.replace('Created as ', ''));
  const externalIds = Array.from({ length: LINES }, (_, i) => i + 1)
    .filter((row) => row !== BAD)
    .map((row) => `${prefix}${String(row).padStart(3, '0')}`);
  for (const [index, externalId] of externalIds.entries()) {
    expect((await ticketsWithExternalId(externalId)).map((t) => t.id), `the service holds ${externalId} once`).toEqual([ids[index]]);
    const audit = await page.request.get(`${settings.appOrigin}/gateway/audit/troubleTicket/${encodeURIComponent(ids[index]!)}`);
    expect(audit.status(), `the audit record of ${ids[index]}`).toBe(200);
    expect(await audit.json()).toMatchObject({ agent: { name: agentOne.name }, externalIdentifier: externalId });
  }

  await page.goto(`/tickets/bulk?from=${faultId}`);
  await check();
  await expect(main.getByText(`${SENT} already existed`)).toBeVisible();
  await expect(main.getByText('0 created')).toBeVisible();
  for (const [index, externalId] of externalIds.entries()) {
    expect((await ticketsWithExternalId(externalId)).map((t) => t.id), `still ${externalId} once`).toEqual([ids[index]]);
  }
});
