// The hostile-input `test`: the shared fixtures plus an automatic guard that fails a test on any dialog, on
// `window.__hostile` being set, on a Content-Security-Policy violation, or on a request hostile markup would cause.
import type { Page } from '@playwright/test';
import { expect, test as base } from '../support/fixtures';

/** What the page itself recorded (the init script below runs before any of the app's scripts). */
type Recorded = { hostile: unknown; violations: string[] };

/** Hostile markup points at these: a request to one means an element from user text reached the DOM. */
const HOSTILE_TARGETS = [/\/\/x\.example\//, /^https?:\/\/[^?#]*\/x([?#]|$)/, /\/\/x\/y\.css/];

export const test = base.extend<{ hostileGuard: void }>({
  hostileGuard: [
    async ({ page }, provide) => {
      const dialogs: string[] = [];
      const requests: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(`${dialog.type()}: ${dialog.message()}`);
        void dialog.dismiss();
      });
      page.on('request', (request) => {
        if (HOSTILE_TARGETS.some((target) => target.test(request.url()))) requests.push(request.url());
      });
      await page.addInitScript(() => {
        const w = window as unknown as { __cspViolations: string[] };
        w.__cspViolations = [];
        document.addEventListener('securitypolicyviolation', (event) => {
          w.__cspViolations.push(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`);
        });
      });
      await provide();
      const recorded = await readRecorded(page);
      expect(dialogs, 'no dialog opened (alert, confirm, prompt)').toEqual([]);
      expect(recorded.hostile, 'window.__hostile stays undefined: no hostile script ran').toBeUndefined();
      expect(recorded.violations, 'no Content-Security-Policy violation').toEqual([]);
      expect(requests, 'no request caused by hostile markup').toEqual([]);
    },
    { auto: true },
  ],
});

async function readRecorded(page: Page): Promise<Recorded> {
  if (page.isClosed()) return { hostile: undefined, violations: [] };
  return page.evaluate(() => {
    const w = window as unknown as { __hostile?: unknown; __cspViolations?: string[] };
    return { hostile: w.__hostile, violations: w.__cspViolations ?? [] };
  });
}

/**
 * Moves the app to `path` without a page load: the demo's service lives in the page, so a full load would forget the
 * tickets a test created. React Router follows popstate like the browser's Back and Forward.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

export { expect };
