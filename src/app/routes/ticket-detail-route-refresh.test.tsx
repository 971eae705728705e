/** The detail page refreshes on focus and every minute; a failed refresh is a toast over the kept data; arrival states. */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { focusManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DETAIL_REFRESH_INTERVAL_MS } from '../../features/tickets/api/get-ticket';
import { renderApp } from '../../testing/render-app';
import { base, group, maximalTicket, requestedIds, rows, server, setUpDetailTests, summary, tickets, valueOf } from '../../testing/ticket-detail-service';

setUpDetailTests();

afterEach(() => {
  focusManager.setFocused(undefined);
  vi.useRealTimers();
});

/** The agent comes back to the window (TanStack Query listens for this). */
function refocus() {
  act(() => {
    focusManager.setFocused(false);
    focusManager.setFocused(true);
  });
}

const failWith500 = () =>
  server.use(
    http.get(`${base}/troubleTicket/:id`, ({ params }) => {
      requestedIds.push(String(params.id));
      return HttpResponse.json({ '@type': 'Error', code: '500', reason: 'Database unavailable' }, { status: 500 });
    }),
  );

describe('refresh', () => {
  it('asks again when the agent returns to the window, and shows the new state', async () => {
    renderApp('/tickets/tt-0002');
    await screen.findByRole('region', { name: 'Ticket' });
    expect(requestedIds).toEqual(['tt-0002']);
    tickets.set('tt-0002', { ...maximalTicket(), status: 'resolved' });

    refocus();

    const status = valueOf(summary(), 'Status');
    expect(await within(status).findByText('Resolved')).toBeInTheDocument();
    expect(requestedIds).toEqual(['tt-0002', 'tt-0002']);
  });

  it('asks again every minute', async () => {
    // Only intervals are faked: the mocked service and Testing Library keep their real timeouts.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderApp('/tickets/tt-0002');
    await screen.findByRole('region', { name: 'Ticket' });
    tickets.set('tt-0002', { ...maximalTicket(), status: 'closed' });

    act(() => vi.advanceTimersByTime(DETAIL_REFRESH_INTERVAL_MS - 1));
    expect(requestedIds).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(await screen.findByText('Closed')).toBeInTheDocument();
    expect(requestedIds).toHaveLength(2);
    expect(DETAIL_REFRESH_INTERVAL_MS).toBe(60_000);
  });

  it('does not keep asking for a ticket that does not exist', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderApp('/tickets/TT-404');
    await screen.findByText('No such ticket');
    act(() => vi.advanceTimersByTime(DETAIL_REFRESH_INTERVAL_MS * 3));
    refocus();
    expect(requestedIds).toEqual(['TT-404']);
  });
});

describe('a failed background refresh', () => {
  it('keeps the ticket on screen and says in a toast what failed and why; Dismiss removes the toast', async () => {
    const user = userEvent.setup();
    renderApp('/tickets/tt-0002');
    await screen.findByRole('region', { name: 'Ticket' });
    failWith500();

    refocus();

    const notices = await screen.findByRole('region', { name: 'Notices' });
    const toast = within(notices).getByRole('listitem');
    expect(toast).toHaveTextContent('Ticket tt-0002 could not be refreshed.');
    expect(toast).toHaveTextContent('The service had a problem (HTTP 500). Try again in a moment.');
    expect(toast).toHaveTextContent('The service said: Database unavailable');
    expect(toast).toHaveTextContent('The page still shows what was loaded before.');
    // Retried like any outage before the toast: the first load and three refresh attempts.
    expect(requestedIds).toHaveLength(4);
    // The page is not broken: the last data, no error panel.
    expect(rows(group('Ticket'))['Category ID']).toBe('CAT-01');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(toast).getByRole('button', { name: 'Dismiss notice: Ticket tt-0002 could not be refreshed.' }));
    expect(screen.queryByRole('region', { name: 'Notices' })).not.toBeInTheDocument();
    expect(rows(group('Ticket'))['Category ID']).toBe('CAT-01');
  });

  it('a first load that fails shows its error panel and no toast', async () => {
    failWith500();
    renderApp('/tickets/tt-0002');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ticket tt-0002 could not be loaded.');
    expect(requestedIds).toHaveLength(3);
    expect(screen.queryByRole('region', { name: 'Notices' })).not.toBeInTheDocument();
  });
});

describe('arriving', () => {
  it('after the wizard created the ticket, confirms it once in a focused panel', async () => {
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    await act(() => router.navigate('/tickets/tt-0002', { state: { created: true } }));

    const panel = await screen.findByText('Ticket tt-0002 created');
    expect(panel.parentElement).toHaveFocus();
    expect(panel.parentElement).toHaveTextContent('The service has recorded the ticket.');
    // The entry forgets the flag, so Back and Forward (or a reload) do not confirm a second time.
    expect(router.state.location.state).toBeNull();
    expect(router.state.location.pathname).toBe('/tickets/tt-0002');

    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    await act(() => router.navigate(1));
    await screen.findByRole('region', { name: 'Ticket' });
    expect(screen.queryByText('Ticket tt-0002 created')).not.toBeInTheDocument();
  });

  it('shows no confirmation when opened any other way', async () => {
    renderApp('/tickets/tt-0002');
    await screen.findByRole('region', { name: 'Ticket' });
    expect(screen.queryByText(/created$/)).not.toBeInTheDocument();
  });
});

describe('Back to the ticket list', () => {
  it('goes back to the list entry the agent came from, with its filters', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/tickets?status=pending&offset=20');
    await screen.findByRole('heading', { level: 1, name: 'Tickets' });
    await act(() => router.navigate('/tickets/tt-0002', { state: { from: '/tickets?status=pending&offset=20' } }));
    const back = await screen.findByRole('link', { name: 'Back to the ticket list' });
    expect(back).toHaveAttribute('href', '/tickets?status=pending&offset=20');

    await user.click(back);
    expect(router.state.historyAction).toBe('POP');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/tickets?status=pending&offset=20');
  });

  it.each([
    ['opened directly', undefined],
    ['from another screen', { from: '/cancel-orders' }],
    ['from another site', { from: 'https://elsewhere.example/tickets' }],
    ['from a protocol-relative address', { from: '//elsewhere.example/tickets' }],
  ])('opens /tickets when %s', async (_case, state) => {
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    await act(() => router.navigate('/tickets/tt-0002', { state }));
    const back = await screen.findByRole('link', { name: 'Back to the ticket list' });
    expect(back).toHaveAttribute('href', '/tickets');

    await user.click(back);
    expect(router.state.historyAction).toBe('PUSH');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/tickets');
  });
});
