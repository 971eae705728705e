// The built demo under its enforced Content-Security-Policy with Trusted Types (decision 0055): the main journeys
// (overview, list and its CSV export, a ticket, the wizard to check answers, the command palette) hit no sink the
// app's one policy does not cover, and the browser reports no violation. Violations are read from the page's
// `securitypolicyviolation` events, recorded in Node across every page load: the same violations a browser reports.
// The reports themselves cannot be awaited here: with `report-to` in the policy Chromium sends them through the
// Reporting API, batched up to a minute later, where Playwright does not see them (a `report-uri` POST it does see,
// and the test also asserts none is made).
import { test as plain, type Page } from '@playwright/test';
import { en } from '../src/lib/i18n/en';
import { corpus } from './hostile/corpus';
import { Feed, enterFault, faultPlan } from './hostile/wizard';
import { demoServiceRunning, overviewCountsShown, switchOffDemoProgression } from './support/demo-service';
import { expect, test } from './support/fixtures';

type Violation = { directive: string; blocked: string; sample: string; page: string };

/** Every violation of every document the page loads from now on, kept in the test (a reload forgets nothing). */
async function recordViolations(page: Page): Promise<Violation[]> {
  const seen: Violation[] = [];
  await page.exposeBinding('__ttdViolation', (_source, violation: Violation) => void seen.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const record = (window as unknown as { __ttdViolation: (v: Violation) => void }).__ttdViolation;
      record({ directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample, page: event.documentURI });
    });
  });
  return seen;
}

test.beforeEach(({ page }) => switchOffDemoProgression(page));

test('overview, list, CSV, a ticket, the palette and the wizard run under Trusted Types without a violation', async ({ page, context }) => {
  const violations = await recordViolations(page);
  const reports: string[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/csp-report') reports.push(request.postData() ?? '');
  });

  // The policy in force is the one the build ships: Trusted Types required, the app's policy only, reports sent.
  const response = await page.goto('/');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("require-trusted-types-for 'script'");
  expect(policy).toMatch(/(^|; )trusted-types ttd-script-url(;|$)/);
  expect(policy).toContain('report-to csp');
  expect(response?.headers()['reporting-endpoints']).toBe('csp="/csp-report"');

  // Overview; the demo's service worker registers through the app's policy (a plain URL would be refused).
  await overviewCountsShown(page);
  await demoServiceRunning(page);

  // The list, and its CSV export (papaparse, a Blob behind an object URL).
  const main = page.getByRole('main');
  await page.getByRole('navigation', { name: en.app.mainNavigation }).getByRole('link', { name: 'Tickets', exact: true }).click();
  await expect(main.getByRole('table')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV of this view' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);

  // The command palette (cmdk in a dialog).
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Commands' });
  await expect(palette).toBeVisible();
  await page.keyboard.type('single-key shortcuts');
  await expect(palette.getByRole('option', { name: 'Switch single-key shortcuts off' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();

  // A ticket's page.
  const first = main.getByRole('table').getByRole('rowheader').getByRole('link').first();
  const id = await first.textContent();
  await first.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ticket ${id}`);

  // The wizard to check answers, with hostile text in its fields.
  await enterFault(page, faultPlan(new Feed(corpus.slice(0, 12), corpus, 5)));
  await expect(main.getByRole('button', { name: 'Create fault ticket' })).toBeVisible();

  expect(violations).toEqual([]);
  expect(reports).toEqual([]);
});

plain('a string at a script sink is refused and reported: the recording above is not blind', async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
  const outcome = await page.evaluate(() => {
    try {
      document.createElement('script').src = '/assets/injected.js';
      return 'assigned';
    } catch (error) {
      return (error as Error).name;
    }
  });
  expect(outcome).toBe('TypeError');
  await expect.poll(() => violations.map((v) => `${v.directive} ${v.blocked}`)).toContain('require-trusted-types-for trusted-types-sink');
});
