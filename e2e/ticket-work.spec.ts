// The ticket detail page made for work, in the built demo: the summary header stays in view while the jump links move
// through the groups (screenshots at 1366×768 and 390×844, light and dark), the copy buttons, the banner an event on the
// open ticket brings (axe, English and German), and the page on paper (print media, A4 PDF, axe).
import type { Page, TestInfo } from '@playwright/test';
import { advance, statusWords, ticketMovedByFirstAdvance, waitForLive } from './support/demo-events';
import { detailGroupNames, richFaultId, serviceJson, switchOffDemoProgression } from './support/demo-service';
import { expect, test } from './support/fixtures';

test.beforeEach(({ page }) => switchOffDemoProgression(page));

/** Opens the ticket and waits for its groups ("Ticket" in both languages). */
async function openDetail(page: Page, id: string) {
  await page.goto(`/tickets/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ticket ${id}`);
  await expect(page.getByRole('region', { name: 'Ticket', exact: true })).toBeVisible();
}

const summaryOf = (page: Page, language: 'en' | 'de' = 'en') =>
  page.getByRole('region', { name: language === 'en' ? 'Ticket at a glance' : 'Ticket auf einen Blick' });

async function shoot(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/**
 * Jumps to a group by its link and checks that the group starts below the summary, whose status, ids and due date are
 * still in the window (on a phone, type and dates may scroll away above it).
 */
async function jumpTo(page: Page, name: string) {
  const sections = page.getByRole('navigation', { name: 'Sections of this ticket' });
  // On a phone the links are behind one "On this page" menu (a disclosure): it opens, and closes with the jump.
  const menu = sections.getByText('On this page', { exact: true });
  const phone = await menu.isVisible();
  if (phone) await menu.click();
  await sections.getByRole('link', { name }).click();
  if (phone) await expect(sections.getByRole('link', { name })).toBeHidden();
  const heading = page.getByRole('region', { name, exact: true }).getByRole('heading', { level: 2 });
  await expect(heading).toBeFocused();
  const summary = await summaryOf(page).boundingBox();
  const box = await heading.boundingBox();
  if (!summary || !box) throw new Error('the summary or the heading is not laid out');
  for (const fact of ['Status', 'Ticket', 'External identifier', 'Expected resolution']) {
    const term = await summaryOf(page).locator('dt').getByText(fact, { exact: true }).boundingBox();
    expect(term?.y, `"${fact}" stays in the window`).toBeGreaterThanOrEqual(0);
  }
  expect(box.y, `"${name}" starts below the summary`).toBeGreaterThanOrEqual(summary.y + summary.height);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the summary stays in view while the jump links move through the groups, 1366×768 and 390×844 (${scheme})`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1366, height: 768 });
    const id = await richFaultId(page);
    await openDetail(page, id);
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await shoot(page, testInfo, `detail-1366x768-${scheme}`);
    await jumpTo(page, 'Contacts');
    await shoot(page, testInfo, `detail-1366x768-${scheme}-contacts`);

    await page.setViewportSize({ width: 390, height: 844 });
    await openDetail(page, id);
    await shoot(page, testInfo, `detail-390x844-${scheme}`);
    await jumpTo(page, 'Notes');
    await shoot(page, testInfo, `detail-390x844-${scheme}-notes`);
    // The phone's menu by keyboard: Enter opens it, Escape closes it and leaves focus on it.
    const menu = page.getByRole('navigation', { name: 'Sections of this ticket' }).getByText('On this page', { exact: true });
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('navigation', { name: 'Sections of this ticket' }).getByRole('link', { name: 'Contacts' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Sections of this ticket' }).getByRole('link', { name: 'Contacts' })).toBeHidden();
    await expect(menu).toBeFocused();
  });
}

test('the copy buttons put the ids on the clipboard and say "Copied"', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-write']);
  const id = await richFaultId(page);
  await openDetail(page, id);
  const said = summaryOf(page).getByRole('status');
  // The page may write the clipboard, never read it (Permissions-Policy clipboard-read=(), decision 0055): what was
  // copied is checked as an agent would, by pasting it into the header's search box.
  const search = page.getByRole('searchbox', { name: 'Find a ticket' });
  const pasted = async () => {
    await search.fill('');
    await search.focus();
    await page.keyboard.press('ControlOrMeta+V');
    return search.inputValue();
  };
  await page.getByRole('button', { name: `Copy ticket id ${id}` }).click();
  await expect(said).toHaveText(`Copied ${id}`);
  expect(await pasted()).toBe(id);

  const ticket = await serviceJson<{ externalIdentifier: { id: string }[] }>(page, `/troubleTicket/${id}`);
  const externalId = ticket.externalIdentifier[0].id;
  await page.getByRole('button', { name: `Copy external identifier ${externalId}` }).click();
  await expect(said).toHaveText(`Copied ${externalId}`);
  expect(await pasted()).toBe(externalId);
});

const words: Record<string, string> = { ...statusWords, acknowledged: 'Acknowledged' };

test('an event on the open ticket shows the banner with the change, marks it, and "Mark as seen" clears it', async ({ page, axe }, testInfo) => {
  // Two page loads, live updates and axe twice: more than the default on a busy 2-core machine.
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const change = await ticketMovedByFirstAdvance(page);
  await openDetail(page, change.id);
  await waitForLive(page);
  const title = page.getByText('This ticket changed while you had it open');
  await expect(title).toHaveCount(0);

  await advance(page);

  await expect(title).toBeVisible();
  const banner = title.locator('..');
  await expect(banner.getByRole('listitem').first()).toHaveText(`Status: ${words[change.from]} → ${words[change.to]}`);
  await expect(banner).toContainText('1 new status history entry');
  const status = summaryOf(page).locator('.detail-status');
  await expect(status).toContainText('Changed');
  await expect(status.locator('.status-badge')).toHaveText(words[change.to]);
  await expect(page.getByRole('region', { name: 'Status history' }).getByText('New', { exact: true })).toHaveCount(1);
  await shoot(page, testInfo, 'detail-banner-en');
  await axe('detail header and change banner, en');

  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  const titleDe = page.getByText('Dieses Ticket hat sich geändert, während Sie es geöffnet hatten');
  await expect(titleDe).toBeVisible();
  await expect(summaryOf(page, 'de').locator('.detail-status')).toContainText('Geändert');
  await shoot(page, testInfo, 'detail-banner-de');
  await axe('detail header and change banner, de');

  await page.getByRole('button', { name: 'Als gesehen markieren' }).click();
  await expect(titleDe).toHaveCount(0);
  await expect(page.getByText('Geändert', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

/** The pages of a PDF and the size of the first (PDF points): a small count, no PDF library needed. */
function pdfPages(pdf: Buffer): { pages: number; mediaBox: number[] } {
  const text = pdf.toString('latin1');
  const pages = text.match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
  const box = /\/MediaBox\s*\[\s*([\d.\s]+)\]/.exec(text)?.[1]?.trim().split(/\s+/).map(Number) ?? [];
  return { pages, mediaBox: box };
}

for (const language of ['en', 'de'] as const) {
  test(`on paper: every group, a header with ids and the time printed, no navigation or buttons; axe (${language})`, async ({ page, axe }, testInfo) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const id = await richFaultId(page);
    await page.evaluate((lang) => window.localStorage.setItem('trouble-ticket-desk.language', lang), language);
    await openDetail(page, id);
    // The print styles come as their own file, once the detail page is on screen.
    const link = page.locator('link[data-print-styles="ticket"]');
    await expect(link).toHaveAttribute('media', 'print');
    await expect.poll(() => link.evaluate((element) => (element as HTMLLinkElement).sheet?.cssRules.length ?? 0)).toBeGreaterThan(0);
    const ticket = await serviceJson<{ externalIdentifier: { id: string }[] }>(page, `/troubleTicket/${id}`);

    await page.emulateMedia({ media: 'print' });

    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('navigation').filter({ visible: true })).toHaveCount(0);
    await expect(page.getByRole('button').filter({ visible: true })).toHaveCount(0);
    const header = page.locator('.detail-print-header');
    await expect(header).toBeVisible();
    await expect(header).toContainText(`Ticket ${id}`);
    await expect(header).toContainText(ticket.externalIdentifier[0].id);
    await expect(header).toContainText(language === 'en' ? /Printed \d{1,2} \w{3} \d{4}, \d{2}:\d{2} CES?T/ : /Gedruckt am \d{1,2}\. \S+ \d{4}, \d{2}:\d{2} MES?Z/);
    if (language === 'en') {
      for (const name of detailGroupNames) await expect(page.getByRole('region', { name, exact: true }), name).toBeVisible();
    }
    await shoot(page, testInfo, `detail-print-${language}`, true);
    await axe(`print view, ${language}`);

    const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
    await testInfo.attach(`detail-print-${language}.pdf`, { body: pdf, contentType: 'application/pdf' });
    const { pages, mediaBox } = pdfPages(pdf);
    testInfo.annotations.push({ type: 'print', description: `${language}: ${pages} A4 pages` });
    expect(pages).toBeGreaterThanOrEqual(1);
    // A4 is 595 × 842 points (210 × 297 mm).
    expect(mediaBox.slice(2).map(Math.round)).toEqual([595, 842]);
  });
}
