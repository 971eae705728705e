// The browser every configuration launches (e2e/support/playwright-shared.ts#chromiumProjects): it builds no address
// bar popup ahead of need in the windows the tests open, and it keeps every feature Playwright itself switches off
// (one `--disable-features` switch carries both lists: Chromium reads only the last one).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { PLAYWRIGHT_DISABLED_FEATURES } from './support/playwright-shared';

/** The features the installed Playwright switches off: the `disabledFeatures` list of its bundled chromiumSwitches. */
function installedPlaywrightDisabledFeatures(): string[] {
  const core = path.dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  const bundle = readFileSync(path.join(core, 'lib', 'coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter/.exec(bundle)?.[1];
  if (!list) throw new Error(`no disabledFeatures list in ${core}/lib/coreBundle.js: read where Playwright keeps it now and update this test`);
  // Comments there mention other names in quotes only after `//`: drop them before reading the strings.
  return [...list.replace(/\/\/.*$/gm, '').matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
}

test('a window of the tests builds no address bar popup, and Playwright keeps every feature it switches off', async ({ browser, page }) => {
  // The page exists, so its window does: Chromium builds the popup's pages with the window (before any navigation).
  expect(page.url()).toBe('about:blank');
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  await cdp.detach();
  expect(targetInfos.filter((target) => target.type === 'page').length, 'the test sees its own page among the targets').toBeGreaterThan(0);
  expect(targetInfos.filter((target) => target.url.startsWith('chrome://omnibox-popup')).map((target) => target.url)).toEqual([]);

  const installed = installedPlaywrightDisabledFeatures();
  expect(installed.length, 'features read from the installed Playwright').toBeGreaterThan(5);
  expect(installed.filter((feature) => !PLAYWRIGHT_DISABLED_FEATURES.includes(feature)), "Playwright's features missing from PLAYWRIGHT_DISABLED_FEATURES").toEqual([]);
});
