// Many tickets at once in the built demo (issue 41's "Done when"): shared answers copied from a seeded fault, a CSV of
// 50 lines with 3 bad ones, one fixed in place, 48 sent through the outbox with the network dropped for part of the
// batch, the result (CSV included); then exactly 48 new tickets in the service, each once, and the same file again is
// "48 already existed" with no new ticket.
import { bulkEn } from '../src/lib/i18n/sections/bulk.en';
import { setFaults } from '../tools/fault-entry';
import { richFaultId, serviceCounts, switchOffDemoProgression } from './support/demo-service';
import { expect, test } from './support/fixtures';

const run = Date.now().toString(36);
const LINES = 50;
/** Rows (1 is the first line under the header) whose access line ID is not one; the first is fixed in place. */
const BAD = [10, 25, 40];
const SENT = LINES - BAD.length + 1;
const csv = [
  'accessLineId;networkTerminationLocation;affectedProductId;locationContactFamilyName;locationContactPhone',
  ...Array.from({ length: LINES }, (_, i) => {
    const row = i + 1;
    const line = BAD.includes(row) ? 'X' : `DEU.DTAG.ABC${String(1000000 + row)}`;
    return `${line};${row % 2 ? 'Keller' : '"EG, Flur"'};PRD-${run}-${row};${row % 3 ? 'Müller' : 'Groß'};0221 55501${String(row).padStart(2, '0')}`;
  }),
].join('\r\n');
const file = { name: 'outage.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}\r\n`) };

test.beforeEach(({ page }) => switchOffDemoProgression(page));
// The second send's 409s are the point: "already existed" is the service refusing a second ticket.
test.use({ expectedRefusals: [{ status: 409, url: /\/troubleTicket$/ }] });

test('50 lines with 3 bad: one fixed in place, 48 sent once through the outbox across a dropped network, the same file again already existed', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const faultId = await richFaultId(page);
  const before = (await serviceCounts(page)).tickets;
  await page.goto(`/tickets/bulk?from=${faultId}`);
  const main = page.getByRole('main');
  await expect(main.getByText(`Copied from ticket ${faultId}.`)).toBeVisible();

  const check = async () => {
    await main.getByLabel(bulkEn.lines.file).setInputFiles(file);
    await expect(main.getByText(`${LINES - BAD.length} rows ready`)).toBeVisible();
    await expect(main.getByText(`${BAD.length} need attention`)).toBeVisible();
    const cell = main.getByRole('textbox', { name: `Row ${BAD[0]}, Access line ID` });
    await expect(cell).toHaveAccessibleDescription(/Access line ID/);
    await cell.fill('DEU.DTAG.ABC1112223');
    await cell.press('Tab');
    await expect(main.getByText(`${SENT} rows ready`)).toBeVisible();
    await expect(main.getByText(`${BAD.length - 1} need attention`)).toBeVisible();
  };

  await check();
  const prefix = await main.getByRole('textbox', { name: bulkEn.lines.prefix }).inputValue();
  expect(prefix).toMatch(/^MASS-[0-9A-F]{8}-$/);
  // Every answer of the service a little late, so the network can drop while the batch is under way.
  await setFaults(page, { rate: 1, kinds: ['slow'], slowMs: 150 });
  await main.getByRole('button', { name: `Send ${SENT} tickets` }).click();

  const progress = main.getByRole('progressbar');
  await expect(progress).toHaveAttribute('value', /^[1-9]\d*$/);
  await context.setOffline(true);
  await expect(main.getByRole('status').filter({ hasText: bulkEn.batch.offline })).toBeVisible();
  const whileOffline = Number(await progress.getAttribute('value'));
  expect(whileOffline, 'part of the batch went before the network dropped, part waits').toBeLessThan(SENT);
  await expect(main.getByText(/^\d+ waiting$/)).toBeVisible();
  await setFaults(page, { rate: 0 });
  await context.setOffline(false);

  await expect(progress).toHaveAttribute('value', String(SENT));
  await expect(main.getByText(`${SENT} of ${SENT} done`)).toBeVisible();
  await expect(main.getByText(`${SENT} created`)).toBeVisible();
  await expect(main.getByRole('link', { name: /^Created as TT-/ })).toHaveCount(SENT);
  const download = page.waitForEvent('download');
  await main.getByRole('button', { name: bulkEn.batch.download }).click();
  expect((await download).suggestedFilename()).toMatch(/^batch-MASS-[0-9A-F]{8}-.*\.csv$/);

  // Exactly 48 new tickets in the service, each of the batch's external identifiers once.
  const sentRows = Array.from({ length: LINES }, (_, i) => i + 1).filter((row) => !BAD.slice(1).includes(row));
  const ids = sentRows.map((row) => `${prefix}${String(row).padStart(3, '0')}`);
  const stored = await page.evaluate(
    (urls) =>
      Promise.all(
        urls.map(async (url) => {
          const response = await fetch(url, { headers: { Authorization: 'Bearer demo', Accept: 'application/json' } });
          return ((await response.json()) as unknown[]).length;
        }),
      ),
    ids.map((id) => `/tmf-api/troubleTicket/v5/troubleTicket?fields=id&externalIdentifier.id=${encodeURIComponent(id)}`),
  );
  expect(Object.fromEntries(ids.map((id, i) => [id, stored[i]]))).toEqual(Object.fromEntries(ids.map((id) => [id, 1])));
  expect((await serviceCounts(page)).tickets).toBe(before + SENT);

  // The same file again (the demo's service lives in this page: no reload), with the same shared answers.
  await main.getByRole('link', { name: bulkEn.batch.another }).click();
  await main.getByRole('textbox', { name: bulkEn.shared.fromTicket }).fill(faultId);
  await main.getByRole('button', { name: bulkEn.shared.use }).click();
  await expect(main.getByText(`Copied from ticket ${faultId}.`)).toBeVisible();
  await check();
  await expect(main.getByRole('textbox', { name: bulkEn.lines.prefix })).toHaveValue(prefix);
  await main.getByRole('button', { name: `Send ${SENT} tickets` }).click();
  await expect(main.getByText(`${SENT} already existed`)).toBeVisible();
  await expect(main.getByText('0 created')).toBeVisible();
  await expect(main.getByRole('link', { name: /^Already existed as TT-/ })).toHaveCount(SENT);
  expect((await serviceCounts(page)).tickets, 'no new ticket').toBe(before + SENT);
});
