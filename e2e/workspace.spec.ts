// The agent's workspace in Chromium, by keyboard only: find a ticket from the header, move through the list with j/k,
// the cheat sheet and Escape, shortcuts switched off, the palette's recent tickets; screenshots of the compact list
// (rows counted) and axe on the palette, the cheat sheet, the settings and the compact list in English and German.
import type { Page, TestInfo } from '@playwright/test';
import { API_BASE, switchOffDemoProgression } from './support/demo-service';
import { expect, test } from './support/fixtures';

test.beforeEach(({ page }) => switchOffDemoProgression(page));

/** A ticket of the demo's service, read with the page's own fetch (through its service worker). */
async function demoTicket(page: Page, id: string): Promise<{ id: string; externalId: string }> {
  const body = await page.evaluate(async ([base, ticketId]) => {
    const response = await fetch(`${base}/troubleTicket/${ticketId}`, { headers: { Authorization: 'Bearer demo' } });
    return (await response.json()) as { id: string; externalIdentifier: { id: string }[] };
  }, [API_BASE, id] as const);
  return { id: body.id, externalId: body.externalIdentifier[0].id };
}

async function openOverview(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('link', { name: /^Overdue: \d+$/ })).toBeVisible();
}

async function openList(page: Page, path = '/tickets', results = 'Results') {
  await page.goto(path);
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('status', { name: results })).toHaveText(/^\d[\d,.]*–\d[\d,.]* (of|von) \d[\d,.]*$/);
}

const rowLinks = (page: Page) => page.getByRole('table').getByRole('rowheader').getByRole('link');

test('from the overview: `/`, an external identifier and Enter open that ticket', async ({ page }) => {
  await openOverview(page);
  const ticket = await demoTicket(page, 'TT-000100');
  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: 'Find a ticket' });
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('');
  await page.keyboard.type(ticket.externalId);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/tickets/${ticket.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ticket ${ticket.id}`);
});

test('in the list, j j k j and Enter open the second row; the focused row is framed', async ({ page }) => {
  await openList(page);
  const second = (await rowLinks(page).allTextContents())[1];
  await page.keyboard.press('j');
  await expect(rowLinks(page).first()).toBeFocused();
  for (const key of ['j', 'k', 'j']) await page.keyboard.press(key);
  await expect(rowLinks(page).nth(1)).toBeFocused();
  // The row shows where the focus is: its frame is drawn (outline) and differs from the row below it.
  const outline = (row: number) => page.getByRole('table').locator('tbody tr').nth(row).evaluate((tr) => getComputedStyle(tr).outlineStyle);
  expect(await outline(1)).toBe('solid');
  expect(await outline(2)).toBe('none');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/tickets/${second}`);
});

test('`?` opens the cheat sheet, Escape closes it and focus returns where it was', async ({ page }) => {
  await openList(page);
  await page.keyboard.press('j');
  const first = rowLinks(page).first();
  await expect(first).toBeFocused();
  await page.keyboard.press('Shift+?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('row')).toHaveCount(11);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(first).toBeFocused();
});

test('with single-key shortcuts switched off (from the palette), `c` on the list does nothing', async ({ page }) => {
  await openList(page);
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Commands' });
  await expect(palette).toBeVisible();
  await page.keyboard.type('single-key shortcuts off');
  await expect(page.getByRole('option', { name: 'Switch single-key shortcuts off' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await page.keyboard.press('c');
  // Ctrl+K still works after it: once the palette is open again, the `c` before it has been handled (and did nothing).
  await page.keyboard.press('Control+k');
  await expect(palette).toBeVisible();
  await expect(page).toHaveURL('/tickets');
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await page.reload();
  await expect(page.getByRole('table')).toBeVisible();
  await page.keyboard.press('c');
  await page.keyboard.press('Control+k');
  await expect(palette).toBeVisible();
  await expect(page).toHaveURL('/tickets');
});

test('the palette opens a recently opened ticket', async ({ page }) => {
  await openList(page);
  const ids = await rowLinks(page).allTextContents();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/tickets/${ids[1]}`);
  // The ticket's own data on screen (a "Status" label could still be the list's, shown until the page has loaded): a
  // ticket is recorded as opened once it has loaded, and `g o` must not leave before that.
  await expect(page.getByRole('main').getByRole('region', { name: 'Status history' })).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('o');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('region', { name: 'Recently opened' }).getByRole('link', { name: ids[1] })).toBeVisible();
  await page.keyboard.press('Control+k');
  const recent = page.getByRole('option', { name: new RegExp(`^${ids[1]}`) });
  await expect(recent).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/tickets/${ids[1]}`);
});

/** Rows of the table wholly inside the window. */
async function rowsInView(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      [...document.querySelectorAll('tbody tr')].filter((row) => {
        const box = row.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }).length,
  );
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the compact list at 1366×768 shows at least 20 rows, and on a 390 px phone its first row (${scheme})`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1366, height: 768 });
    await openList(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    expect(await rowsInView(page)).toBeGreaterThanOrEqual(20);
    await shoot(page, testInfo, `list-1366x768-${scheme}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => rowsInView(page)).toBeGreaterThanOrEqual(1);
    await shoot(page, testInfo, `list-390x844-${scheme}`);
  });
}

for (const language of ['en', 'de'] as const) {
  test(`axe finds nothing on the compact list, the palette, the settings and the cheat sheet (${language})`, async ({ page, axe }, testInfo) => {
    await page.addInitScript((lang) => window.localStorage.setItem('trouble-ticket-desk.language', lang), language);
    await openList(page, '/tickets?status=inProgress,pending&due=overdue', language === 'en' ? 'Results' : 'Ergebnisse');
    await expect(page.getByRole('list', { name: language === 'en' ? 'Active filters' : 'Aktive Filter' })).toBeVisible();
    await axe(`compact list with chips, ${language}`, { soft: true });

    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: language === 'en' ? 'Commands' : 'Befehle' });
    await expect(palette.getByRole('option').first()).toBeVisible();
    await shoot(page, testInfo, `palette-${language}`);
    await axe(`palette, ${language}`, { soft: true });
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();

    await page.getByRole('button', { name: language === 'en' ? 'Settings' : 'Einstellungen' }).press('Enter');
    const settings = page.getByRole('dialog', { name: language === 'en' ? 'Settings' : 'Einstellungen' });
    await expect(settings).toBeVisible();
    await axe(`settings, ${language}`, { soft: true });
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();

    await page.keyboard.press('Shift+?');
    const sheet = page.getByRole('dialog', { name: language === 'en' ? 'Keyboard shortcuts' : 'Tastenkürzel' });
    await expect(sheet).toBeVisible();
    await shoot(page, testInfo, `cheat-sheet-${language}`);
    await axe(`cheat sheet, ${language}`, { soft: true });
  });
}
