// The screen inventory (issue 37) for a viewer in gateway mode: the screens that differ for who may read but not write
// (no "New ticket", no cancelling, no follow-ups, the two forms' addresses explaining instead), with the geometry checks
// of e2e/screens/geometry.ts at 1366, 390 and 320 px in English and German. Lean: one page load per language, the
// screens reached by moving inside the app and the widths by resizing (so no layout-shift check: the demo's inventory,
// e2e/screens/screens.spec.ts, checks each screen's own load); axe at the desk width, in English.
import type { Page } from '@playwright/test';
import { go, settled } from '../audit/walk';
import * as geometry from '../screens/geometry';
import { cataloguedEnglishPhrases, englishOnScreen } from '../screens/german';
import { languages, viewports } from '../screens/inventory';
import { resize, switchLanguage } from '../screens/moves';
import { expect, stateOf, test, viewerOne } from '../support/gateway-fixtures';

test.use({ storageState: stateOf(viewerOne) });

interface ViewerScreen {
  name: string;
  /** Where it is: a path, or read from the screen before it (the first row of a list). */
  path: string | ((page: Page) => Promise<string>);
  /** The header links marked as the current page (hrefs). */
  current: readonly string[];
}

/** The address of the first row's link in the list on screen. */
const firstRow = (page: Page) => page.getByRole('main').locator('table tbody tr').first().getByRole('link').first().getAttribute('href').then((href) => href!);

const screens: ViewerScreen[] = [
  { name: 'overview', path: '/', current: [] },
  { name: 'ticket list', path: '/tickets', current: ['/tickets'] },
  { name: 'a ticket (no follow-ups)', path: firstRow, current: ['/tickets'] },
  { name: 'new ticket (read only)', path: '/tickets/new', current: [] },
  { name: 'order cancellations (no "Cancel a product order")', path: '/cancel-orders', current: ['/cancel-orders'] },
  { name: 'a cancellation (no new one)', path: firstRow, current: ['/cancel-orders'] },
  { name: 'new cancellation (read only)', path: '/cancel-orders/new', current: ['/cancel-orders'] },
];

/**
 * Moves inside the app to the next screen and waits for its own heading: the screen before stays on view, settled,
 * until the next one has loaded (each screen here has a heading of its own), and checking it would judge the wrong one.
 */
async function next(page: Page, path: string): Promise<void> {
  const heading = page.getByRole('heading', { level: 1 });
  const before = await heading.innerText();
  await go(page, path);
  await expect(heading).not.toHaveText(before);
}

const other = { en: 'de', de: 'en' } as const;

for (const language of languages) {
  test.describe(language, () => {
    test.use({ locale: language === 'de' ? 'de-DE' : 'en-GB', viewport: viewports[0] });

    test(`a viewer's screens pass the geometry checks at ${viewports.map((v) => v.width).join(', ')} px`, async ({ page }) => {
      // The demo's inventory loads every page anew; here the widths of a screen run down and up (1366, 390, 320, then
      // 320, 390, 1366 for the next), so each screen costs two resizes.
      let order = [...viewports];
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      for (const screen of screens) {
        if (screen.name !== 'overview') await next(page, typeof screen.path === 'string' ? screen.path : await screen.path(page));
        await settled(page);
        const where = (width: number) => `${screen.name}, ${language}, ${width} px (viewer, gateway mode)`;
        for (const viewport of order) {
          const { width } = viewport;
          if (viewport !== order[0]) await resize(page, viewport);
          expect.soft(await geometry.sideways(page), `sideways on ${where(width)}`).toEqual([]);
          expect.soft(await geometry.clipped(page), `clipped on ${where(width)}`).toEqual([]);
          expect.soft(await geometry.labelValue(page), `labelValue on ${where(width)}`).toEqual([]);
          if (width < geometry.PHONE_MAX_WIDTH) expect.soft(await geometry.phoneStart(page), `phoneStart on ${where(width)}`).toEqual([]);
          expect.soft(await geometry.navCurrent(page, screen.current), `navCurrent on ${where(width)}`).toEqual([]);
          // axe reads the markup, the same in both languages but for the words: once, in English.
          if (width === 1366 && language === 'en') expect.soft(await geometry.axe(page), `axe on ${where(width)}`).toEqual([]);
          if (width === 1366 && language === 'de') {
            const english = englishOnScreen(await geometry.visibleText(page), await cataloguedEnglishPhrases());
            expect.soft(english, `germanWords on ${where(width)}`).toEqual([]);
          }
        }
        order = order.reverse();
      }

      // Last: the viewer's header (their name, Sign out) keeps its height in the other language, at every width.
      const heights: number[] = [];
      for (const viewport of order) {
        await resize(page, viewport);
        heights.push(await geometry.headerHeight(page));
      }
      await switchLanguage(page, other[language]);
      for (const [i, viewport] of order.entries()) {
        await resize(page, viewport);
        const after = await geometry.headerHeight(page);
        expect.soft(geometry.sameHeight(heights[i]!, after, `${language} → ${other[language]}`), `headerHeight at ${viewport.width} px`).toEqual([]);
      }
    });
  });
}
