// Many tickets at once in the built demo (issue 41): shared answers copied from a seeded fault, a small CSV with a bad
// line, the line fixed in place, the batch sent through the outbox with its progress and result (CSV included); the
// same file again is "already existed" for every line, and the service holds each ticket once.
import { bulkEn } from '../src/lib/i18n/sections/bulk.en';
import { richFaultId, serviceJson, switchOffDemoProgression } from './support/demo-service';
import { expect, test } from './support/fixtures';

const run = Date.now().toString(36);
const csv = [
  'accessLineId;networkTerminationLocation;affectedProductId;locationContactFamilyName;locationContactPhone',
  `DEU.DTAG.ABC1234567;Keller;PRD-${run}-1;Müller;0221 5550101`,
  `DEU.DTAG.ABC7654321;"EG, Flur";PRD-${run}-2;Groß;0171 5550102`,
  `X;Dach;PRD-${run}-3;Schmidt;0221 5550103`,
].join('\r\n');
const file = { name: 'outage.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}\r\n`) };

test.beforeEach(({ page }) => switchOffDemoProgression(page));
// The second send's 409s are the point: "already existed" is the service refusing a second ticket.
test.use({ expectedRefusals: [{ status: 409, url: /\/troubleTicket$/ }] });

test('a CSV with a bad line: fixed in place, sent once through the outbox, and the same file again already existed', async ({ page }) => {
  const faultId = await richFaultId(page);
  await page.goto(`/tickets/bulk?from=${faultId}`);
  const main = page.getByRole('main');
  await expect(main.getByText(`Copied from ticket ${faultId}.`)).toBeVisible();

  const check = async () => {
    await main.getByLabel(bulkEn.lines.file).setInputFiles(file);
    await expect(main.getByText('2 rows ready')).toBeVisible();
    await expect(main.getByText('1 needs attention')).toBeVisible();
    const cell = main.getByRole('textbox', { name: 'Row 3, Access line ID' });
    await expect(cell).toHaveAccessibleDescription(/Access line ID/);
    await cell.fill('DEU.DTAG.ABC1112223');
    await cell.press('Tab');
    await expect(main.getByText('3 rows ready')).toBeVisible();
  };

  await check();
  const prefix = await main.getByRole('textbox', { name: bulkEn.lines.prefix }).inputValue();
  expect(prefix).toMatch(/^MASS-[0-9A-F]{8}-$/);
  await main.getByRole('button', { name: 'Send 3 tickets' }).click();

  const progress = main.getByRole('progressbar');
  await expect(progress).toHaveAttribute('value', '3');
  await expect(main.getByText('3 of 3 done')).toBeVisible();
  await expect(main.getByText('3 created')).toBeVisible();
  const created = main.getByRole('link', { name: /^Created as TT-/ });
  await expect(created).toHaveCount(3);
  const download = page.waitForEvent('download');
  await main.getByRole('button', { name: bulkEn.batch.download }).click();
  expect((await download).suggestedFilename()).toMatch(/^batch-MASS-[0-9A-F]{8}-.*\.csv$/);

  // The same file again (the demo's service lives in this page: no reload), with the same shared answers.
  await main.getByRole('link', { name: bulkEn.batch.another }).click();
  await main.getByRole('textbox', { name: bulkEn.shared.fromTicket }).fill(faultId);
  await main.getByRole('button', { name: bulkEn.shared.use }).click();
  await expect(main.getByText(`Copied from ticket ${faultId}.`)).toBeVisible();
  await check();
  await expect(main.getByRole('textbox', { name: bulkEn.lines.prefix })).toHaveValue(prefix);
  await main.getByRole('button', { name: 'Send 3 tickets' }).click();
  await expect(main.getByText('3 already existed')).toBeVisible();
  await expect(main.getByText('0 created')).toBeVisible();
  await expect(main.getByRole('link', { name: /^Already existed as TT-/ })).toHaveCount(3);

  for (const n of [1, 2, 3]) {
    const tickets = await serviceJson<unknown[]>(page, `/troubleTicket?externalIdentifier.id=${encodeURIComponent(`${prefix}00${n}`)}`);
    expect(tickets, `tickets with ${prefix}00${n}`).toHaveLength(1);
  }
});
