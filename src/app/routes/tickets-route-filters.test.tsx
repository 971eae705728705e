/** Ticket list filters and result states: filter form -> URL -> request, empty result, failures with Retry. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { base, renderList, setUpTicketService, shownIds, showList, summary } from '../../testing/ticket-list-service';

const service = setUpTicketService();

describe('filters', () => {
  it('applies the chosen statuses, type and category together; every row matches; the URL holds them', async () => {
    const user = userEvent.setup();
    const { router } = await showList('/tickets?page=2');
    const form = screen.getByRole('form', { name: 'Filter tickets' });
    const statuses = within(form).getByRole('group', { name: 'Status' });
    await user.click(within(statuses).getByRole('checkbox', { name: 'Held' }));
    await user.click(within(statuses).getByRole('checkbox', { name: 'Pending' }));
    await user.click(within(within(form).getByRole('group', { name: 'Ticket type' })).getByRole('checkbox', { name: 'Fault' }));
    await user.type(within(form).getByRole('textbox', { name: 'Category ID' }), 'TAL');
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(router.state.location.search).toBe('?status=pending,held&ticketType=fault&categoryId=TAL'));
    const expected = service.store
      .tickets()
      .filter((t) => ['pending', 'held'].includes(t.status) && t.ticketType === 'fault' && t.categoryId === 'TAL');
    expect(expected.length).toBeGreaterThan(0);
    await waitFor(() => expect(summary()).toHaveTextContent(`1–${Math.min(20, expected.length)} of ${expected.length}`));
    expect(shownIds()).toEqual(expected.reverse().slice(0, 20).map((t) => t.id));
    const sent = service.lastListRequest()!.searchParams;
    expect([sent.get('status'), sent.get('ticketType'), sent.get('categoryId'), sent.get('offset')]).toEqual(['pending,held', 'fault', 'TAL', '0']);
  });

  it('reads the filters from the address into the form (the overview’s status links)', async () => {
    renderList('/tickets?status=inProgress&externalId=X');
    await waitFor(() => expect(summary()).toHaveTextContent('No tickets match these filters.'));
    const form = screen.getByRole('form', { name: 'Filter tickets' });
    expect(within(form).getByRole('checkbox', { name: 'In progress' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Acknowledged' })).not.toBeChecked();
    expect(within(form).getByRole('textbox', { name: 'External identifier' })).toHaveValue('X');
  });

  it('finds a ticket by its external identifier (the wizard’s link after a 202)', async () => {
    const ticket = service.store.ticket('TT-000123')!;
    await showList(`/tickets?externalId=${encodeURIComponent(ticket.externalIdentifier[0].id)}`);
    expect(shownIds()).toEqual(['TT-000123']);
    expect(service.lastListRequest()!.searchParams.get('externalIdentifier.id')).toBe(ticket.externalIdentifier[0].id);
  });

  it('refuses a "to" day before the "from" day: a summary that takes focus, the field marked, no request', async () => {
    const user = userEvent.setup();
    const { router } = await showList('/tickets');
    const before = service.listRequests().length;
    const form = screen.getByRole('form', { name: 'Filter tickets' });
    const dates = within(form).getByRole('group', { name: 'Created' });
    await user.type(within(dates).getByLabelText('From'), '2026-10-10');
    await user.type(within(dates).getByLabelText('To (including this day)'), '2026-10-09');
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));

    const problem = await within(form).findByRole('heading', { name: 'There is a problem' });
    const summaryBox = problem.closest<HTMLElement>('[role="region"]')!;
    expect(summaryBox).toHaveFocus();
    const message = 'Created to: must be the same day as “From” or later';
    expect(within(summaryBox).getByRole('link', { name: message })).toBeInTheDocument();
    expect(within(dates).getByLabelText('To (including this day)')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dates).getByLabelText('To (including this day)')).toHaveAccessibleDescription(`Error: ${message}`);
    expect(router.state.location.search).toBe('');
    expect(service.listRequests()).toHaveLength(before);
  });

  it('sends a creation day range as the start of each local day', async () => {
    const user = userEvent.setup();
    await showList('/tickets');
    const dates = screen.getByRole('group', { name: 'Created' });
    await user.type(within(dates).getByLabelText('From'), '2026-10-01');
    await user.type(within(dates).getByLabelText('To (including this day)'), '2026-10-02');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(service.lastListRequest()!.searchParams.get('creationDate.lt')).toMatch(/^2026-10-03T00:00:00[+-]\d{2}:\d{2}$/));
    expect(service.lastListRequest()!.searchParams.get('creationDate.gte')).toMatch(/^2026-10-01T00:00:00[+-]\d{2}:\d{2}$/);
  });
});

describe('result states', () => {
  it('says so when nothing matches, and offers to clear the filters', async () => {
    const user = userEvent.setup();
    const { router } = renderList('/tickets?externalId=NO-SUCH-TICKET&sort=id');
    await waitFor(() => expect(summary()).toHaveTextContent('No tickets match these filters.'));
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(within(summary()).getByRole('link', { name: 'Clear filters' }));
    await waitFor(() => expect(summary()).toHaveTextContent('1–20 of 240'));
    expect(router.state.location.search).toBe('?sort=id');
  });

  it('shows progress while loading, and keeps the old rows with "Updating the list…" while the next page loads', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    await showList('/tickets');
    service.server.use(
      http.get(`${base}/troubleTicket`, async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return undefined;
      }),
    );
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByText('Updating the list…')).toBeInTheDocument());
    expect(shownIds()[0]).toBe('TT-000240');
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    release();
    await waitFor(() => expect(shownIds()[0]).toBe('TT-000220'));
    expect(screen.queryByText('Updating the list…')).toBeNull();
  });

  it('on a 500 says what failed with Retry (after two quiet retries) and recovers', async () => {
    const user = userEvent.setup();
    let failing = true;
    let calls = 0;
    service.server.use(
      http.get(`${base}/troubleTicket`, () => {
        if (!failing) return undefined;
        calls += 1;
        return HttpResponse.json({ '@type': 'Error', code: 'internalError', reason: 'Database unavailable', status: '500' }, { status: 500 });
      }),
    );
    renderList('/tickets');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The tickets could not be loaded.');
    expect(alert).toHaveTextContent('The service had a problem (HTTP 500).');
    expect(calls).toBe(3);
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(summary()).toHaveTextContent('1–20 of 240'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Results' })).toHaveFocus();
  });

  it('on a 403 says the agent lacks access, without retrying', async () => {
    let calls = 0;
    service.server.use(
      http.get(`${base}/troubleTicket`, () => {
        calls += 1;
        return HttpResponse.json({ code: 'forbidden', reason: 'Forbidden' }, { status: 403 });
      }),
    );
    renderList('/tickets');
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to see this (HTTP 403).');
    expect(calls).toBe(1);
  });

  it('shows what a newer service sends as it came: an unknown status and type, a missing field', async () => {
    service.server.use(
      http.get(`${base}/troubleTicket`, () =>
        HttpResponse.json([{ id: 'TT-NEW', status: 'someNewStatus', ticketType: 'outage', '@type': 'TroubleTicket', futureField: 1 }], {
          headers: { 'X-Total-Count': '1' },
        }),
      ),
    );
    await showList('/tickets');
    const cells = within(screen.getByRole('rowheader', { name: 'TT-NEW' }).closest('tr')!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['—not provided', 'someNewStatus', 'outage', '—not provided', '—not provided', '—not provided']);
  });
});
