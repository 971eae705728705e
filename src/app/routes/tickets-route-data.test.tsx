/** The list's data: detail prefetched on hover and focus, list -> detail -> back from the cache, refresh on focus. */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { focusManager } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import * as ticketQueries from '../../api/ticket-queries';
import { createApiClient } from '../../api/client';
import { demoTokenSource } from '../../api/token-source';
import { shownIds, showList, summary, setUpTicketService } from '../../testing/ticket-list-service';

const service = setUpTicketService();
const detailRequests = () => service.requests.filter((url) => /\/troubleTicket\/TT-\d+$/.test(url.pathname)).map((url) => url.pathname.split('/').at(-1));

describe('prefetching the detail', () => {
  it('starts loading a ticket when its link is hovered, and when it gets keyboard focus', async () => {
    const { queryClient } = await showList('/tickets');
    fireEvent.mouseEnter(screen.getByRole('link', { name: 'TT-000240' }));
    await waitFor(() => expect(detailRequests()).toEqual(['TT-000240']));
    act(() => screen.getByRole('link', { name: 'TT-000239' }).focus());
    await waitFor(() => expect(detailRequests()).toEqual(['TT-000240', 'TT-000239']));
    await waitFor(() => expect(queryClient.getQueryData(['tickets', 'detail', 'TT-000239'])).toMatchObject({ id: 'TT-000239' }));
    // Hovering again within the fresh time asks nothing more.
    fireEvent.mouseEnter(screen.getByRole('link', { name: 'TT-000240' }));
    expect(detailRequests()).toEqual(['TT-000240', 'TT-000239']);
  });
});

describe('list -> detail -> back', () => {
  it('shows the same list state from the cache at once, with no new request', async () => {
    const user = userEvent.setup();
    const { router } = await showList('/tickets?status=closed&page=2');
    const rows = shownIds();
    const requests = service.listRequests().length;
    await user.click(screen.getByRole('link', { name: rows[0] }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/tickets/${rows[0]}`));
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());

    await act(() => router.navigate(-1));
    // No waiting: the rows are there in the same render that shows the list again.
    expect(router.state.location.search).toBe('?status=closed&page=2');
    expect(shownIds()).toEqual(rows);
    expect(summary()).toHaveTextContent(/^21–40 of \d+$/);
    expect(service.listRequests()).toHaveLength(requests);
  });
});

describe('refreshing', () => {
  it('asks again when the agent comes back to the window', async () => {
    await showList('/tickets');
    const before = service.listRequests().length;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(service.listRequests()).toHaveLength(before + 1));
    act(() => focusManager.setFocused(undefined));
  });

  it('polls every minute until live events exist', () => {
    const api = createApiClient({ baseUrl: 'http://localhost/tmf-api/troubleTicket/v5', tokenSource: demoTokenSource });
    const options = ticketQueries.list(api, {});
    expect(ticketQueries.LIST_REFRESH_INTERVAL_MS).toBe(60_000);
    expect(options.refetchInterval).toBe(ticketQueries.LIST_REFRESH_INTERVAL_MS);
    expect(options.refetchOnWindowFocus).toBe('always');
  });
});
