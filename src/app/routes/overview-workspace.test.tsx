/**
 * The overview's "What is due" and "Recently opened" against the mocked service: the overdue count is what the store
 * holds and leads to exactly those tickets; a ticket opened is listed first, with its external id and local time.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUpTicketService, summary } from '../../testing/ticket-list-service';
import { renderApp } from '../../testing/render-app';

const service = setUpTicketService();
afterEach(() => vi.useRealTimers());

const awaiting = ['acknowledged', 'inProgress', 'pending', 'held'];

describe('What is due', () => {
  it('counts the tickets past their expected resolution and awaiting it; the card lists exactly them', async () => {
    // A fixed clock inside the seed's last day, so some awaited tickets are overdue and others are not yet.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-01T08:00:00+01:00') });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    const tickets = service.store.tickets().filter((t) => awaiting.includes(t.status));
    const overdue = tickets.filter((t) => Date.parse(t.expectedResolutionDate!) < Date.now());
    expect(overdue.length).toBeGreaterThan(0);
    expect(overdue.length).toBeLessThan(tickets.length);
    const card = await screen.findByRole('link', { name: `Overdue: ${overdue.length}` }, { timeout: 10_000 });
    await user.click(card);
    await waitFor(() => expect(router.state.location.search).toBe('?due=overdue'));
    await waitFor(() => expect(summary()).toHaveTextContent(`of ${overdue.length}`), { timeout: 10_000 });
  });
});

describe('Recently opened', () => {
  it('says where opened tickets will appear; after opening two, lists the last one first with its external id', async () => {
    const first = renderApp('/');
    const recent = await screen.findByRole('region', { name: 'Recently opened' }, { timeout: 10_000 });
    expect(recent).toHaveTextContent('Tickets you open appear here.');
    first.unmount();

    for (const id of ['TT-000010', 'TT-000020']) {
      const view = renderApp(`/tickets/${id}`);
      // Loaded, not only named: its external identifier is on the page.
      await screen.findAllByText(service.store.ticket(id)!.externalIdentifier[0].id, undefined, { timeout: 10_000 });
      view.unmount();
    }
    renderApp('/');
    const list = await screen.findByRole('region', { name: 'Recently opened' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual(['TT-000020', 'TT-000010']);
    const ticket = service.store.ticket('TT-000020')!;
    expect(items[0]).toHaveTextContent(ticket.externalIdentifier[0].id);
    expect(within(items[0]).getByRole('link')).toHaveAttribute('href', '/tickets/TT-000020');
    expect(items[0].querySelector('time')?.textContent).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \S+$/);
  });

  it('a ticket that does not exist is not listed', async () => {
    const view = renderApp('/tickets/TT-999999');
    await screen.findByText('No such ticket', undefined, { timeout: 10_000 });
    view.unmount();
    renderApp('/');
    expect(await screen.findByText('Tickets you open appear here.', undefined, { timeout: 10_000 })).toBeInTheDocument();
  });
});
