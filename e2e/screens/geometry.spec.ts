// Each geometry check of ./geometry.ts against a small page built to break it, and the same page mended: a check that
// cannot fail (or cannot pass) would prove nothing over the inventory.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import * as geometry from './geometry';
import { cataloguePairs, englishOnScreen, englishPhrases } from './german';

const FIXTURE = 'http://screens.fixture.test/';

/** Serves `body` as a page of its own and opens it (a real navigation, so init scripts run as on the app). */
async function show(page: Page, body: string): Promise<void> {
  await page.route(FIXTURE, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fixture</title><style>body{margin:0;font:16px sans-serif}</style></head><body>${body}</body></html>` }),
  );
  await page.goto(FIXTURE);
}

const words = 'Many words that wrap where they may';

test.describe('each geometry check fails on a screen built to break it and passes on the mended one', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('sideways: only a data table scrolls sideways', async ({ page }) => {
    await show(page, `<div style="overflow-x:auto;width:200px"><p style="width:400px">${words}</p></div>`);
    expect(await geometry.sideways(page)).toEqual([expect.stringContaining('scrolls sideways')]);
    await show(page, '<div style="width:3000px">A page wider than the window</div>');
    expect(await geometry.sideways(page)).toEqual([expect.stringContaining('the page scrolls sideways')]);
    await show(page, '<div style="overflow-x:auto;width:200px"><table><tr><td style="min-width:400px">A wide cell</td></tr></table></div>');
    expect(await geometry.sideways(page)).toEqual([]);
  });

  test('clipped: no text cut by its box, no ellipsis, no placeholder cut', async ({ page }) => {
    await show(page, '<span style="display:inline-block;width:40px;overflow:hidden;white-space:nowrap">Acknowledged</span>');
    expect(await geometry.clipped(page)).toEqual([expect.stringContaining('"Acknowledged" (span) is cut by its container')]);
    await show(page, '<p style="width:60px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">In progress for long</p>');
    expect(await geometry.clipped(page)).toEqual([expect.stringContaining('ends in an ellipsis')]);
    await show(page, '<input style="width:80px" placeholder="Ticket or external ID" aria-label="Find">');
    expect(await geometry.clipped(page)).toEqual([expect.stringContaining('placeholder "Ticket or external ID" is cut')]);
    await show(page, '<p style="position:relative;left:1300px;white-space:nowrap">Past the window</p>');
    expect(await geometry.clipped(page)).toEqual([expect.stringContaining('"Past the window" (p) runs out of the window')]);
    // A data table scrolled in its box reaches past the window and is not cut: the sideways check judges its box.
    await show(page, '<div style="overflow-x:auto;width:300px"><table><tr><td style="padding-left:1400px;white-space:nowrap">Reached by scrolling</td></tr></table></div>');
    expect(await geometry.clipped(page)).toEqual([]);
    // Mended: room for the words; a screen reader's text and a skip link out of sight are not clipped text.
    await show(
      page,
      `<span style="display:inline-block;overflow:hidden">Acknowledged</span>
       <span style="position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap">For screen readers only</span>
       <a href="#main" style="position:absolute;left:-9999rem">Skip to main content</a>
       <input style="width:300px" placeholder="Ticket or external ID" aria-label="Find">`,
    );
    expect(await geometry.clipped(page)).toEqual([]);
  });

  test('labelValue: a label never overlaps or touches its value', async ({ page }) => {
    const list = (gap: string) =>
      `<dl style="display:grid;grid-template-columns:max-content max-content;column-gap:${gap};margin:0"><dt>Interim updates wanted</dt><dd style="margin:0">Not provided</dd></dl>`;
    await show(page, list('1px'));
    expect(await geometry.labelValue(page)).toEqual([expect.stringContaining('touches its value "Not provided" (1 px apart)')]);
    await show(page, '<dl style="display:grid;grid-template-columns:80px auto;margin:0"><dt style="white-space:nowrap">Zwischenmeldungen gewünscht</dt><dd style="margin:0">Nicht angegeben</dd></dl>');
    expect(await geometry.labelValue(page)).toEqual([expect.stringContaining('overlaps its value')]);
    await show(page, list(`${geometry.MIN_LABEL_GAP}px`));
    expect(await geometry.labelValue(page)).toEqual([]);
    // Label above its value: no line shared, whatever the distance.
    await show(page, '<dl><dt>Status</dt><dd style="margin:0">Acknowledged</dd></dl>');
    expect(await geometry.labelValue(page)).toEqual([]);
    // A label only for screen readers (clipped to 1 px) sits on no line of the screen.
    const hidden = 'position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap';
    await show(page, `<dl style="display:flex;margin:0"><dt style="${hidden}">Status</dt><dd style="margin:0">Acknowledged</dd></dl>`);
    expect(await geometry.labelValue(page)).toEqual([]);
  });

  test('phoneStart: on a phone the content starts within the first quarter', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await show(page, '<header style="height:300px">A tall header</header><main><h1 style="margin:0">Tickets</h1></main>');
    expect(await geometry.phoneStart(page)).toEqual([expect.stringContaining('starts at 300 px, below the first quarter (211 px)')]);
    await show(page, '<header style="height:200px">A short header</header><main><h1 style="margin:0">Tickets</h1></main>');
    expect(await geometry.phoneStart(page)).toEqual([]);
  });

  test('firstRow: a list shows its first row on the first screen', async ({ page }) => {
    const list = (above: number) => `<main><div style="height:${above}px">Filters</div><table><tbody><tr><td>TT-000001</td></tr></tbody></table></main>`;
    await show(page, list(760));
    expect(await geometry.firstRow(page, 'tbody tr')).toEqual([expect.stringContaining('below the first screen (768 px)')]);
    await show(page, list(700));
    expect(await geometry.firstRow(page, 'tbody tr')).toEqual([]);
    await show(page, '<main><p>No rows</p></main>');
    expect(await geometry.firstRow(page, 'tbody tr')).toEqual([expect.stringContaining('no row')]);
  });

  test('headerHeight: the header keeps its height when the language changes', async ({ page }) => {
    await show(page, '<header style="width:300px"><span lang="de">Benachrichtigungen Auftragsstornierungen Einstellungen</span></header>');
    const german = await geometry.headerHeight(page);
    await show(page, '<header style="width:300px"><span>Notifications Cancellations</span></header>');
    const english = await geometry.headerHeight(page);
    expect(geometry.sameHeight(english, german, 'en → de')).toEqual([expect.stringContaining(`${Math.round(english)} px high, ${Math.round(german)} px after`)]);
    expect(geometry.sameHeight(english, english + 0.5, 'en → de')).toEqual([]);
    expect(geometry.sameHeight(english, english + 1, 'en → de')).toHaveLength(1);
  });

  test('layoutShift: nothing moves after load', async ({ page }) => {
    await geometry.countLayoutShifts(page);
    const late = `<script>setTimeout(() => document.body.insertAdjacentHTML('afterbegin', '<div style="height:200px">Late</div>'), 200)</script>`;
    await show(page, `<p>First paragraph</p><p>Second paragraph</p>${late}`);
    expect(await geometry.layoutShift(page, 1500)).toEqual([expect.stringContaining('the layout shifts by')]);
    await show(page, '<div style="height:200px">Held in place</div><p>First paragraph</p><p>Second paragraph</p>');
    expect(await geometry.layoutShift(page, 1500)).toEqual([]);
  });

  test('oneWayBack: a not-found page offers exactly one way back', async ({ page }) => {
    await show(page, '<main><div role="alert"><a href="/cancel-orders">Go to the order cancellations</a></div><a href="/cancel-orders">Go to the order cancellations</a></main>');
    expect(await geometry.oneWayBack(page)).toEqual([expect.stringContaining('2 ways on a not-found page')]);
    await show(page, '<main><h1>Not found</h1><p>Nothing here.</p></main>');
    expect(await geometry.oneWayBack(page)).toEqual([expect.stringContaining('0 ways')]);
    await show(page, '<main><div role="alert"><a href="/cancel-orders">Go to the order cancellations</a></div></main>');
    expect(await geometry.oneWayBack(page)).toEqual([]);
  });

  test('navCurrent: the header marks the entry the page belongs to', async ({ page }) => {
    const header = (marked: string) =>
      `<header><nav><a href="/tickets"${marked === '/tickets' ? ' aria-current="page"' : ''}>Tickets</a><a href="/cancel-orders"${marked === '/cancel-orders' ? ' aria-current="page"' : ''}>Order cancellations</a></nav></header>`;
    await show(page, header(''));
    expect(await geometry.navCurrent(page, ['/tickets'])).toEqual(['the header marks nothing as current, not /tickets']);
    await show(page, header('/cancel-orders'));
    expect(await geometry.navCurrent(page, ['/tickets'])).toEqual(['the header marks /cancel-orders as current, not /tickets']);
    expect(await geometry.navCurrent(page, [])).toEqual(['the header marks /cancel-orders as current, not nothing']);
    await show(page, header('/tickets'));
    expect(await geometry.navCurrent(page, ['/tickets'])).toEqual([]);
  });

  test('axe: finds what WCAG 2.2 AA forbids', async ({ page }) => {
    await show(page, '<main><h1>Tickets</h1><button></button></main>');
    expect(await geometry.axe(page)).toEqual([expect.stringContaining('button-name')]);
    await show(page, '<main><h1>Tickets</h1><button>Find</button></main>');
    expect(await geometry.axe(page)).toEqual([]);
  });

  test('germanWords: a German screen shows no English phrase of the English catalogue', () => {
    const pairs = [
      {
        en: new Map([
          ['nav.cancelOrders', 'Order cancellations'],
          ['nav.tickets', 'Tickets'],
          ['list.export', 'Export'],
          ['list.count', '{{count}} tickets found'],
          ['detail.severity', 'Critical'],
        ]),
        de: new Map([
          ['nav.cancelOrders', 'Auftragsstornierungen'],
          ['nav.tickets', 'Tickets'],
          ['list.export', 'CSV-Export'],
          ['list.count', '{{count}} Tickets gefunden'],
          ['detail.severity', 'Kritisch'],
        ]),
      },
    ];
    const phrases = englishPhrases(pairs, ['Critical']);
    // The same in both languages, a word German uses too, and an allowed provider value are no English phrases.
    expect(phrases.sort()).toEqual(['Order cancellations', 'tickets found']);
    expect(englishOnScreen('Tickets · Order cancellations · 12 tickets found', phrases)).toEqual(['Order cancellations', 'tickets found']);
    expect(englishOnScreen('Tickets · Auftragsstornierungen · CSV-Export · 12 Tickets gefunden · Schweregrad: Critical', phrases)).toEqual([]);
  });

  test("germanWords: the catalogues' phrases include the demo identity's name (shown in English on German screens once)", async () => {
    const phrases = englishPhrases(await cataloguePairs());
    expect(englishOnScreen('Angemeldet als Demo agent Demo-Identität', phrases)).toEqual(['Demo agent']);
    expect(englishOnScreen('Angemeldet als Demo-Agent Demo-Identität', phrases)).toEqual([]);
  });
});
