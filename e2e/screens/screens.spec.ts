// The geometry checks over the whole screen inventory (issue 37): every screen of ./inventory.ts, in English and German,
// at 1366×768, 390×844 and 320×640. One page serves a few screens in turn (a new load for each, its storage emptied
// and the service's answers asked afresh before it), so the browser context, the mock service worker and axe are set
// up once per few screens instead of once per screen (docs/decisions/2026-11-29-screen-inventory-pages-serve-several-screens.md).
// Each screen is a step named after it; each check is soft and names its screen, language and width, so one finding
// never hides the next, and a screen that cannot be opened is reported under its name while the next one goes on. A
// (screen, check) pair listed as a known failure must fail (and says why); once it passes, the entry must go.
import type { Page } from '@playwright/test';
import { demoServiceRunning, switchOffDemoProgression } from '../support/demo-service';
import { expect, isExpectedRefusal, test, type ExpectedRefusal } from '../support/fixtures';
import * as geometry from './geometry';
import { cataloguedEnglishPhrases, englishOnScreen } from './german';
import { inventory, knownFailure, languages, screenName, viewports, type Language, type Screen, type Viewport } from './inventory';
import { resize, switchLanguage } from './moves';
import { answerReadsAsAsked, askReads } from './states';

const other = { en: 'de', de: 'en' } as const;

/** The heights of the header and of what the screen keeps as high in both languages, in that order. */
function keptHeights(page: Page, screen: Screen): Promise<number[]> {
  return Promise.all(['header', ...(screen.keepHeight ?? [])].map((selector) => geometry.headerHeight(page, selector)));
}

/**
 * Where each language's page loads (the other widths follow by resizing the same page): the layout shifts after load
 * are counted at that width, so English counts them at the desk and German on the phone.
 */
const loadWidth: Record<Language, number> = { en: 1366, de: 390 };

/**
 * Screens per page: each page's first load sets up the context, the service worker and axe's code (about 2 s of CPU
 * more than a later load); five keep a test near a minute on a busy machine, so the two workers stay evenly busy.
 */
const SCREENS_PER_PAGE = 5;

/**
 * The page between two screens is no HTML page of the app (which names its icon): Chromium asks that one for
 * /favicon.ico, which the demo's server does not have. The app's own pages never ask for it.
 */
const betweenScreens: ExpectedRefusal = { status: 404, url: /^https?:\/\/[^/]+\/favicon\.ico$/ };
const pages: Screen[][] = [];
for (let at = 0; at < inventory.length; at += SCREENS_PER_PAGE) pages.push(inventory.slice(at, at + SCREENS_PER_PAGE));

for (const language of languages) {
  const order = [...viewports].sort((a, b) => Number(b.width === loadWidth[language]) - Number(a.width === loadWidth[language]));
  test.describe(language, () => {
    test.use({ locale: language === 'de' ? 'de-DE' : 'en-GB', viewport: order[0] });
    for (const screens of pages) {
      // The page's own check (e2e/support/fixtures.ts) lets through what any of its screens provokes; each screen's
      // check below lets through only its own.
      test.describe(() => {
        test.use({ expectedRefusals: [[betweenScreens, ...screens.flatMap((screen) => screen.refusals ?? [])], { scope: 'test' }] });
        test(`${screens.map(screenName).join(' · ')}: every geometry check at ${order.map((v) => v.width).join(', ')} px`, async ({ page }) => {
          // Each screen keeps the minute a test of its own had.
          test.setTimeout(screens.length * 60_000);
          await runPage(page, screens, language, order);
        });
      });
    }
  });
}

/** One page through its screens: each loaded afresh, checked, and its console judged on its own. */
async function runPage(page: Page, screens: Screen[], language: Language, order: Viewport[]): Promise<void> {
  await switchOffDemoProgression(page);
  await geometry.countLayoutShifts(page);
  await answerReadsAsAsked(page);
  // What the page reported while the screen was on: a page error has no address (no refusal matches it).
  let errors: { text: string; url: string; lineNumber?: number }[] = [];
  page.on('pageerror', (error) => errors.push({ text: `pageerror: ${error.message}`, url: '' }));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push({ text: message.text(), ...message.location() });
  });
  for (const [index, screen] of screens.entries()) {
    const where = `${screenName(screen)}, ${language}`;
    await test.step(where, async () => {
      await freshStart(page, order[0]);
      await askReads(page, screen.answer);
      errors = [];
      try {
        await run(page, screen, language, order);
      } catch (error) {
        expect.soft(error instanceof Error ? error.message : String(error), `${where}: the screen could not be checked`).toBe('');
      }
      const reported = errors
        .filter(({ text, url }) => !isExpectedRefusal(text, url, [betweenScreens, ...(screen.refusals ?? [])]))
        .map(({ text, url, lineNumber }) => (url ? `${text} (${url}:${lineNumber})` : text));
      expect.soft(reported, `${where}: the page reported errors`).toEqual([]);
      // The first load installs the demo's service worker: leaving before it controls the page would leave it half
      // installed for the next load.
      if (index === 0) await demoServiceRunning(page);
    });
  }
}

/**
 * Leaves the screen for a page of the same origin that runs none of the app (the service worker's own script, shown
 * as text), back at the width the screens load at, and empties what the app keeps in the browser (preferences such
 * as the language just switched, drafts, the outbox), as a new browser context would have it. The service worker
 * stays: that is the point.
 */
async function freshStart(page: Page, viewport: Viewport): Promise<void> {
  await page.goto('/mockServiceWorker.js');
  await page.setViewportSize(viewport);
  await page.evaluate(async () => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    const databases = await indexedDB.databases();
    await Promise.all(
      databases.map(
        ({ name }) =>
          new Promise<void>((done, failed) => {
            const request = indexedDB.deleteDatabase(name!);
            request.onsuccess = () => done();
            request.onerror = () => failed(new Error(`IndexedDB ${name} could not be deleted`));
            request.onblocked = () => failed(new Error(`IndexedDB ${name} is still open`));
          }),
      ),
    );
    for (const key of await caches.keys()) await caches.delete(key);
  });
  await page.context().clearCookies();
}

async function run(page: Page, screen: Screen, language: Language, order: Viewport[]): Promise<void> {
  await screen.open(page);
  await geometry.markShown(page);
  await expect(page.locator('html')).toHaveAttribute('lang', language);

  const judge = (check: geometry.CheckName, width: number, findings: string[]) => {
    const known = knownFailure(screen, check, width, language);
    const where = `${screenName(screen)}, ${language}, ${width} px`;
    if (known) {
      test.info().annotations.push({ type: `known failure: ${check}`, description: `${where}: ${known.why} — ${findings.join('; ') || 'now passes'}` });
      // Whether a late part moves within the watched seconds depends on the machine's speed: a listed layout shift is
      // reported, not required, so a busy or a quiet machine gives the same verdict. Every other listed pair must fail.
      if (check !== 'layoutShift') {
        expect.soft(findings, `${check} on ${where}: listed as a known failure (${known.why}) but passes: remove the entry from inventory.ts`).not.toEqual([]);
      }
    } else {
      expect.soft(findings, `${check} on ${where}`).toEqual([]);
    }
  };

  const heights = new Map<number, number[]>();
  for (const viewport of order) {
    const { width } = viewport;
    if (viewport !== order[0]) await resize(page, viewport);
    judge('sideways', width, await geometry.sideways(page));
    judge('clipped', width, await geometry.clipped(page));
    judge('labelValue', width, await geometry.labelValue(page));
    if (width < geometry.PHONE_MAX_WIDTH) judge('phoneStart', width, await geometry.phoneStart(page));
    if (screen.rows && width === 1366) judge('firstRow', width, await geometry.firstRow(page, screen.rows));
    if (screen.notFound) judge('oneWayBack', width, await geometry.oneWayBack(page));
    judge('navCurrent', width, await geometry.navCurrent(page, screen.current));
    if (language === 'de' && width === 1366) judge('germanWords', width, englishOnScreen(await geometry.visibleText(page), await cataloguedEnglishPhrases()));
    // axe at the width the page loaded at (English at the desk, German on the phone): the rules read the markup, which
    // is the same at every width but for what the phone's menu hides; three runs would triple the inventory's time.
    if (viewport === order[0]) judge('axe', width, await geometry.axe(page));
    // The shifts after load, at the width the page loaded at (a resize moves everything, by definition).
    if (viewport === order[0] && !screen.openedByNavigation) judge('layoutShift', width, await geometry.layoutShift(page));
    heights.set(width, await keptHeights(page, screen));
  }
  // Last: the header in the other language, at every width.
  await switchLanguage(page, other[language]);
  for (const viewport of [...order].reverse()) {
    await resize(page, viewport);
    const before = heights.get(viewport.width)!;
    const after = await keptHeights(page, screen);
    const what = ['header', ...(screen.keepHeight ?? [])];
    judge('headerHeight', viewport.width, what.flatMap((selector, i) => geometry.sameHeight(before[i]!, after[i]!, `${language} → ${other[language]}`, selector)));
  }
}
