// The Playwright `test` every spec uses: an `axe` check for WCAG 2.2 AA, and no test passes while the page logs errors.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the bar the UI contract sets. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe on the page as it is now; `label` names what was checked in the failure (e.g. "overview, dark, de"). */
export type AxeCheck = (label: string) => Promise<void>;

interface Fixtures {
  axe: AxeCheck;
  /** Automatic: collects `pageerror` and `console.error` while the test runs and fails it if there was any. */
  failOnPageErrors: void;
}

export const test = base.extend<Fixtures>({
  // The second parameter is named `provide`, not `use`: React's lint rules would take `use(...)` for the React hook.
  axe: async ({ page }, provide, testInfo) => {
    await provide(async (label) => {
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
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
      expect(violations, `axe WCAG 2.2 AA violations on ${label}`).toEqual([]);
    });
  },

  failOnPageErrors: [
    async ({ page }, provide) => {
      // Nothing is allowed: a console error in the demo is a defect a person would see in the devtools, or worse.
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const { url, lineNumber } = message.location();
        errors.push(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
      });
      await provide();
      expect(errors, 'the page reported errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
