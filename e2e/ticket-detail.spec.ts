// The ticket detail page in the built demo: groups, timeline and local times of seeded tickets, a dispute's link, an
// unknown id, and axe in light and dark.
import type { Page } from '@playwright/test';
import type { FaultTicket } from '../src/domain/ticket';
import { detailGroupNames, richFaultId, serviceJson, serviceTickets, switchOffDemoProgression } from './support/demo-service';
import { expect, test } from './support/fixtures';

/**
 * Opens the detail page and reads the same ticket from the service, so the page and the test compare one state (the
 * demo's moves every 20 s are switched off for these tests). A new page load seeds anew (dates relative to now): what
 * the test compares must come from this page load.
 */
async function openDetail(page: Page, id: string): Promise<FaultTicket> {
  await page.goto(`/tickets/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ticket ${id}`);
  await expect(page.getByRole('region', { name: 'Ticket', exact: true })).toBeVisible();
  return serviceJson<FaultTicket>(page, `/troubleTicket/${id}`);
}

const unknownId = 'TT-999999999';

test.describe('ticket detail', () => {
  test.beforeEach(({ page }) => switchOffDemoProgression(page));
  test('shows every group, the status, the timeline in order, and dates in local time with the zone', async ({ page }) => {
    const ticket = await openDetail(page, await richFaultId(page));
    const main = page.getByRole('main');

    for (const name of detailGroupNames) {
      await expect(main.getByRole('region', { name, exact: true }), name).toBeVisible();
    }

    const ticketGroup = main.getByRole('region', { name: 'Ticket', exact: true });
    await expect(ticketGroup).toContainText(ticket.externalIdentifier?.[0]?.id ?? 'missing external id');

    // The demo runs in Europe/Berlin (playwright.config.ts): CET or CEST, never a bare UTC string.
    const created = main.getByRole('region', { name: 'Dates' }).locator(`time[datetime="${ticket.creationDate}"]`);
    await expect(created).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} CES?T$/);

    const history = ticket.statusChange ?? [];
    const steps = main.getByRole('region', { name: 'Status history' }).getByRole('listitem');
    await expect(steps).toHaveCount(history.length);
    // The seed writes histories oldest first; the page shows them oldest first too.
    for (const [index, change] of history.entries()) {
      await expect(steps.nth(index).locator('time')).toHaveAttribute('datetime', change.changeDate);
      if (change.changeReason) await expect(steps.nth(index)).toContainText(`Reason: ${change.changeReason}`);
    }

    const note = ticket.note?.[0];
    if (note) await expect(main.getByRole('region', { name: 'Notes' })).toContainText(note.text);
  });

  test('a dispute links to the ticket it disputes, and the link opens it', async ({ page }) => {
    const [dispute] = await serviceTickets(page, 'ticketType=dispute&limit=1');
    const disputed = dispute?.troubleTicketRelationship?.[0]?.id;
    if (!dispute || !disputed) throw new Error('the seed has no dispute with a relationship');
    await page.goto(`/tickets/${dispute.id}`);

    const related = page.getByRole('region', { name: 'Related tickets' });
    await expect(related).toContainText('Disputes');
    const link = related.getByRole('link', { name: `Ticket ${disputed}` });
    await expect(link).toHaveAttribute('href', `/tickets/${disputed}`);
    await link.click();
    await expect(page).toHaveURL(`/tickets/${disputed}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ticket ${disputed}`);
    await expect(page.getByRole('region', { name: 'Ticket', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  test.describe(() => {
    // The service's 404 for the unknown id is the point of this test: exactly that one is let through.
    test.use({ expectedRefusals: [{ status: 404, url: new RegExp(`/troubleTicket/${unknownId}$`) }] });
    test('an unknown id says "No such ticket" and leads to the list', async ({ page, axe }) => {
      await page.goto(`/tickets/${unknownId}`);
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('No such ticket');
      await expect(alert).toContainText(unknownId);
      await expect(alert.getByRole('button', { name: 'Retry' })).toHaveCount(0);
      await axe('detail, unknown id');
      await alert.getByRole('link', { name: 'Go to the ticket list' }).click();
      await expect(page).toHaveURL('/tickets');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tickets');
    });
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const language of ['en', 'de'] as const) {
      test(`has no WCAG 2.2 AA violations in ${colorScheme}, ${language}`, async ({ page, axe }) => {
        await page.emulateMedia({ colorScheme });
        await openDetail(page, await richFaultId(page));
        if (language === 'de') {
          await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
          await expect(page.getByRole('region', { name: 'Statusverlauf' })).toBeVisible();
        }
        await axe(`ticket detail, ${colorScheme}, ${language}`);
      });
    }
  }

  test('the confirmation after the wizard created the ticket takes focus and passes axe (dark)', async ({ page, axe }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const id = await richFaultId(page);
    // The wizard's arrival as React Router makes it: from another screen, a client-side entry whose state carries
    // { created: true } (popstate makes the router read it, as it does on Back and Forward).
    await page.evaluate((ticketId) => {
      window.history.pushState({ usr: { created: true }, key: 'e2e-created', idx: 1 }, '', `/tickets/${ticketId}`);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, id);
    const confirmation = page.getByText(`Ticket ${id} created`);
    await expect(confirmation).toBeVisible();
    await expect(confirmation.locator('..')).toBeFocused();
    await expect(page.getByRole('region', { name: 'Ticket', exact: true })).toBeVisible();
    await axe('ticket detail with the created confirmation, dark');
    // Said once: a reload shows the ticket without claiming again that it was just created.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Ticket', exact: true })).toBeVisible();
    await expect(page.getByText(`Ticket ${id} created`)).toHaveCount(0);
  });
});
