// Moving through the demo for the audit without reloading it (a reload starts the in-page service afresh and costs a
// service-worker start), waiting until a screen has settled, and holding the CSV export so its progress can be seen.
import type { Page } from '@playwright/test';
import { expect } from '../support/fixtures';

/**
 * Client-side navigation to `path`, as a link in the app would do it: React Router reads the new entry on popstate.
 * The `idx` keeps its history index counting up, as its own pushes do.
 */
export async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: `audit-${idx}`, idx }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await expect(page).toHaveURL(path);
}

/**
 * The screen has its heading and nothing in it is still loading: no busy region and no progress message of the shared
 * Loading component (src/components/loading.tsx: `p.loading[role=status]`, whatever its words).
 */
export async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(main.locator('.loading[role="status"]')).toHaveCount(0);
}

/**
 * Makes the export's page requests (limit=100) wait until the test lets them go, so "Exporting: n of m" stays on
 * screen long enough for axe. The app looks `fetch` up at call time, so wrapping it in the page catches its requests.
 */
export async function holdExportRequests(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const original = window.fetch.bind(window);
    let release: () => void = () => undefined;
    let gate = Promise.resolve();
    Object.assign(window, {
      auditHoldExport: () => {
        gate = new Promise<void>((resolve) => {
          release = resolve;
        });
      },
      auditReleaseExport: () => release(),
    });
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (/\/troubleTicket\?/.test(url) && /[?&]limit=100(&|$)/.test(url) && /[?&]offset=[1-9]/.test(url)) await gate;
      return original(input, init);
    };
  });
}

export async function holdExport(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as { auditHoldExport: () => void }).auditHoldExport());
}

export async function releaseExport(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as { auditReleaseExport: () => void }).auditReleaseExport());
}
