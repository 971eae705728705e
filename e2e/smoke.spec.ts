// The e2e smoke of the built demo: shell, overview counts from the mocked service, routes, language, keyboard, axe.
import { ticketStatuses } from '../src/domain/ticket';
import { de } from '../src/lib/i18n/de';
import { en } from '../src/lib/i18n/en';
import { countPattern, labelledCountPattern, openOverview, serviceCounts, statusLink, switchOffDemoProgression } from './support/demo-service';
import { expect, test } from './support/fixtures';

const navLinks = [
  { en: en.nav.tickets, de: de.nav.tickets, href: '/tickets' },
  { en: en.nav.newTicket, de: de.nav.newTicket, href: '/tickets/new' },
  { en: en.nav.cancelOrders, de: de.nav.cancelOrders, href: '/cancel-orders' },
];


test.describe('shell', () => {
  test('the demo starts with banner, main navigation, language choice and the demo marker', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: en.app.name })).toHaveAttribute('href', '/');
    await expect(banner.getByText(en.app.demoData, { exact: true })).toBeVisible();

    const nav = page.getByRole('navigation', { name: en.app.mainNavigation });
    for (const link of navLinks) {
      await expect(nav.getByRole('link', { name: link.en, exact: true })).toHaveAttribute('href', link.href);
    }

    const language = page.getByRole('combobox', { name: en.app.language });
    await expect(language).toHaveValue('en');
    await expect(language.locator('option')).toHaveText(['English', 'Deutsch']);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
  });

  test('the main navigation reaches each screen without a reload', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: en.app.mainNavigation });
    // A full page load would reset this marker; client-side routing keeps it.
    await page.evaluate(() => Object.assign(window, { e2eSamePage: true }));
    for (const link of navLinks) {
      await nav.getByRole('link', { name: link.en, exact: true }).click();
      await expect(page).toHaveURL(link.href);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(link.en);
    }
    await page.getByRole('banner').getByRole('link', { name: en.app.name }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
    expect(await page.evaluate(() => 'e2eSamePage' in window)).toBe(true);
  });

  test('a screen is loaded only when it is opened (its own chunk)', async ({ page }) => {
    await openOverview(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.getByRole('navigation', { name: en.app.mainNavigation }).getByRole('link', { name: en.nav.newTicket }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New ticket');
    expect(scripts, 'a script requested on opening "New ticket"').not.toEqual([]);
  });

  test('Tab from the top reaches the skip link first, and it moves focus to the main content', async ({ page }) => {
    await openOverview(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: en.app.skipToContent });
    await expect(skip).toBeFocused();
    // Sighted keyboard users must see where focus went: on screen, and bigger than a visually-hidden 1 px box.
    await expect(skip).toBeInViewport();
    const box = await skip.boundingBox();
    expect(box?.width ?? 0, 'skip link width').toBeGreaterThan(20);
    expect(box?.height ?? 0, 'skip link height').toBeGreaterThan(10);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('main') != null), { message: 'focus is in <main>' })
      .toBe(true);
  });

  test('an unknown path says "Page not found" and leads back to the overview', async ({ page, axe }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await axe('not found');
    await page.getByRole('main').getByRole('link', { name: 'Go to the overview' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
  });
});

test.describe('overview', () => {
  test('shows the mocked service\'s counts, answered by the service worker', async ({ page }) => {
    // The demo moves a few tickets to their next status every 20 s: switched off, so the page and this test read the
    // same state (a move between the page's counts and the test's would change the per-status counts).
    await switchOffDemoProgression(page);
    const main = await openOverview(page);
    const counts = await serviceCounts(page);

    expect(counts.controlled, 'a service worker controls the page').toBe(true);
    expect(counts.tickets, 'all tickets').toBeGreaterThan(0);
    expect(counts.cancellations, 'order cancellations').toBeGreaterThanOrEqual(0);
    for (const status of ticketStatuses) expect(counts.byStatus[status], status).toBeGreaterThan(0);
    // Every ticket has exactly one of the nine statuses.
    const sum = ticketStatuses.reduce((total, status) => total + counts.byStatus[status], 0);
    expect(sum, 'the status counts add up to all tickets').toBe(counts.tickets);

    await expect(main).toContainText(labelledCountPattern('All tickets', counts.tickets, 'en'));
    await expect(main).toContainText(labelledCountPattern('Order cancellations', counts.cancellations, 'en'));
    for (const status of ticketStatuses) {
      const link = statusLink(main, status);
      await expect(link).toHaveCount(1);
      await expect(link).toHaveAccessibleName(new RegExp(en.status[status]));
      await expect(link).toHaveAccessibleName(countPattern(counts.byStatus[status], 'en'));
    }
  });

  test('a status count opens the ticket list filtered by that status', async ({ page }) => {
    const main = await openOverview(page);
    await statusLink(main, 'inProgress').click();
    await expect(page).toHaveURL('/tickets?status=inProgress');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tickets');
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const language of ['en', 'de'] as const) {
      test(`has no WCAG 2.2 AA violations in ${colorScheme}, ${language}`, async ({ page, axe }) => {
        await page.emulateMedia({ colorScheme });
        await openOverview(page);
        if (language === 'de') {
          await page.getByRole('combobox', { name: en.app.language }).selectOption('de');
          await expect(page.locator('html')).toHaveAttribute('lang', 'de');
        }
        await axe(`overview, ${colorScheme}, ${language}`);
      });
    }
  }

  test('nothing jumps while the counts load: the ticket section keeps the grid\'s place (layout shift under 0.01)', async ({ page }) => {
    // Layout, not timing: without the reserved place the product orders section is pushed down by the grid (0.04–0.2).
    await page.addInitScript(() => {
      const w = window as unknown as { layoutShift: number };
      w.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) w.layoutShift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await openOverview(page);
    await expect(page.getByRole('main').getByRole('link', { name: /Order cancellations/ })).toHaveAccessibleName(/\d/);
    const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
    expect(shift).toBeLessThan(0.01);
  });

  test('follows the OS colour scheme', async ({ page }) => {
    const colours = () =>
      page.evaluate(() => {
        const html = getComputedStyle(document.documentElement);
        const body = getComputedStyle(document.body);
        return [html.backgroundColor, body.backgroundColor, body.color];
      });
    await page.emulateMedia({ colorScheme: 'light' });
    await openOverview(page);
    const light = await colours();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(colours, { message: 'page colours in dark mode differ from light' }).not.toEqual(light);
  });
});

test.describe('language', () => {
  test('choosing Deutsch switches the whole shell at once and survives a reload', async ({ page }) => {
    const main = await openOverview(page);
    const counts = await serviceCounts(page);
    await page.getByRole('combobox', { name: en.app.language }).selectOption('de');

    const expectGerman = async () => {
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('link', { name: de.app.name })).toBeVisible();
      await expect(banner.getByText(de.app.demoData, { exact: true })).toBeVisible();
      const nav = page.getByRole('navigation', { name: de.app.mainNavigation });
      for (const link of navLinks) {
        await expect(nav.getByRole('link', { name: link.de, exact: true })).toHaveAttribute('href', link.href);
      }
      await expect(page.getByRole('combobox', { name: de.app.language })).toHaveValue('de');
      // The total, not a status count: the demo moves tickets between statuses every 20 s, the total stays.
      await expect(statusLink(main, 'inProgress')).toHaveAccessibleName(new RegExp(de.status.inProgress));
      await expect(main).toContainText(labelledCountPattern(de.overview.allTickets, counts.tickets, 'de'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(de.page.overview);
    };

    await expectGerman();
    await expect(page.getByText(en.app.demoData, { exact: true })).toHaveCount(0);
    await page.reload();
    await expectGerman();

    await page.getByRole('combobox', { name: de.app.language }).selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
  });
});
