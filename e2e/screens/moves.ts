// What the screen-inventory runs do to a page between checks (e2e/screens/screens.spec.ts, the gateway viewer's run
// e2e/gateway/screens-viewer.spec.ts): resize it, change its language as the header does.
import type { Page } from '@playwright/test';
import { de } from '../../src/lib/i18n/de';
import { en } from '../../src/lib/i18n/en';
import { expect } from '../support/fixtures';
import type { Language, Viewport } from './inventory';

const navigationName = { en: en.app.mainNavigation, de: de.app.mainNavigation };

/** Resizes the page and waits two frames, so the next measure sees the new layout. */
export async function resize(page: Page, viewport: Viewport): Promise<void> {
  await page.setViewportSize(viewport);
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

/**
 * Changes the language as the header's select does (on a phone the select sits in the closed menu, so its change is
 * dispatched), and waits until the header speaks the new language.
 */
export async function switchLanguage(page: Page, to: Language): Promise<void> {
  await page.evaluate((language) => {
    const select = document.querySelector<HTMLSelectElement>('header select');
    if (!select) throw new Error('no language select in the header');
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, language);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }, to);
  await expect(page.locator('html')).toHaveAttribute('lang', to);
  await expect(page.locator('header nav').first()).toHaveAttribute('aria-label', navigationName[to]);
}
