// The Playwright `test` every spec uses: an `axe` check for WCAG 2.2 AA, and no test passes while the page logs errors
// (but for refusals of the service a test provokes on purpose and names in `expectedRefusals`).
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the bar the UI contract sets. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe as every check here runs it: WCAG_TAGS, in the page itself, with every node of what it found or could not
 * decide. Legacy mode runs axe in the page itself: the default (runPartial) opens a second, blank page for every check
 * to merge frame results, which only cross-origin iframes need (the app has none), several seconds per check on a busy
 * machine. Passes and rules that do not apply are listed with one node each, not all of them (axe's `resultTypes`):
 * nothing here reads them, and collecting them all was about a third of each check's time.
 */
export function wcagAxe(page: Page): AxeBuilder {
  // `options` first: it replaces every option set before it, the tags too.
  return new AxeBuilder({ page }).options({ resultTypes: ['violations', 'incomplete'] }).withTags(WCAG_TAGS).setLegacyMode();
}

/**
 * Runs axe on the page as it is now; `label` names what was checked in the failure (e.g. "overview, dark, de").
 * `soft: true` records the violations and lets the test go on (it still fails at its end): for a walk through many
 * screens, where one finding must not hide the next.
 */
export type AxeCheck = (label: string, options?: { soft?: boolean }) => Promise<void>;

/**
 * A refusal a test provokes on purpose. Chromium logs every non-2xx answer as "Failed to load resource: the server
 * responded with a status of 404 (Not Found)", located at the resource's URL. `url` is the start of that URL, or a
 * pattern it must match.
 */
export type ExpectedRefusal = { status: number; url: string | RegExp };
// With two or more refusals, give `test.use` the tuple form, `expectedRefusals: [list, { scope: 'test' }]`: Playwright
// takes an array whose second item is an object for [value, fixture options] and would pass the first refusal alone.

export interface Fixtures {
  axe: AxeCheck;
  /** Option (`test.use`): the refusals whose console message is let through; none by default. */
  expectedRefusals: ExpectedRefusal[];
  /**
   * Option (`test.use`): the test cuts the network on purpose (offline, dropped connections), so Chromium's "Failed to
   * load resource: net::ERR_…" for a request without an answer (or a stream cut mid-answer, as when an instance is killed) is let through; answers with a status still are not.
   */
  expectedNoAnswers: boolean;
  /** Automatic: collects `pageerror` and `console.error` while the test runs and fails it if there was any. */
  failOnPageErrors: void;
}

/** Whether a console error is Chromium's message for one of the expected refusals (status and URL both match). */
export function isExpectedRefusal(text: string, url: string, expected: ExpectedRefusal[]): boolean {
  const status = Number(/^Failed to load resource: .*status of (\d{3})/.exec(text)?.[1]);
  return expected.some(
    (refusal) => refusal.status === status && (typeof refusal.url === 'string' ? url.startsWith(refusal.url) : refusal.url.test(url)),
  );
}

export const test = base.extend<Fixtures>({
  expectedRefusals: [[], { option: true }],
  expectedNoAnswers: [false, { option: true }],

  // The second parameter is named `provide`, not `use`: React's lint rules would take `use(...)` for the React hook.
  axe: async ({ page }, provide, testInfo) => {
    await provide(async (label, options) => {
      const results = await wcagAxe(page).analyze();
      if (results.violations.length > 0) {
        await testInfo.attach(`axe violations (${label})`, {
          body: JSON.stringify(results.violations, null, 2),
          contentType: 'application/json',
        });
      }
      // "Needs review" (e.g. contrast over an image axe cannot measure) is not a failure, but must not pass unseen.
      for (const item of results.incomplete) {
        testInfo.annotations.push({
          type: 'axe: needs review',
          description: `${label}: ${item.id} at ${item.nodes.map((node) => node.target.join(' >> ')).join(', ')}`,
        });
      }
      // One readable line per violation: rule, what it asks, and the nodes (CSS targets) that break it.
      const violations = results.violations.map(
        (violation) =>
          `${violation.id} [${violation.impact ?? 'n/a'}]: ${violation.help} (${violation.helpUrl}) at ` +
          violation.nodes.map((node) => node.target.join(' >> ')).join(', '),
      );
      (options?.soft ? expect.soft : expect)(violations, `axe WCAG 2.2 AA violations on ${label}`).toEqual([]);
    });
  },

  failOnPageErrors: [
    async ({ page, expectedRefusals, expectedNoAnswers }, provide) => {
      // Nothing else is allowed: a console error in the demo is a defect a person would see in the devtools, or worse.
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const { url, lineNumber } = message.location();
        if (isExpectedRefusal(message.text(), url, expectedRefusals)) return;
        if (expectedNoAnswers && /^Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED|CONNECTION_FAILED|CONNECTION_REFUSED|INCOMPLETE_CHUNKED_ENCODING)/.test(message.text())) return;
        errors.push(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
      });
      // A Content-Security-Policy violation is an error too (Chromium only lists it under Issues, not the console).
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (event) =>
          console.error(`CSP violation: ${event.effectiveDirective} ${event.blockedURI || '(inline)'}`),
        ),
      );
      await provide();
      expect(errors, 'the page reported errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
