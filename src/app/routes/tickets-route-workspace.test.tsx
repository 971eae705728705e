/**
 * The ticket list as a workspace: the compact filter bar (More filters, overdue), active filters as chips, due badges
 * against a fixed clock, row focus with j/k, and the row density setting.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSettings, writeSettings } from '../../lib/agent-settings';
import { renderList, setUpTicketService, shownIds, showList, summary } from '../../testing/ticket-list-service';

const service = setUpTicketService();

beforeEach(() => forgetSettings());
afterEach(() => vi.useRealTimers());

const form = () => screen.getByRole('form', { name: 'Filter tickets' });
const more = () => within(form()).getByText('More filters').closest('details')!;

describe('the filter bar', () => {
  it('keeps category and creation days behind "More filters", open when one of them is set', async () => {
    await showList('/tickets');
    expect(more()).not.toHaveAttribute('open');
    expect(within(form()).getByRole('group', { name: 'Status' })).toBeInTheDocument();
    expect(within(form()).getByRole('textbox', { name: 'External identifier' })).toBeVisible();
    expect(within(form()).getByRole('checkbox', { name: 'Overdue only' })).toBeVisible();
  });

  it('opens "More filters" when a field in it is refused', async () => {
    const user = userEvent.setup();
    await showList('/tickets');
    await user.click(within(form()).getByText('More filters'));
    await user.type(within(form()).getByRole('textbox', { name: 'Category ID' }), 'TOOLONGCAT');
    await user.click(within(form()).getByText('More filters'));
    expect(more()).not.toHaveAttribute('open');
    await user.click(within(form()).getByRole('button', { name: 'Apply filters' }));
    expect(await within(form()).findByRole('link', { name: 'Category ID: at most 8 characters' })).toBeInTheDocument();
    expect(more()).toHaveAttribute('open');
  });

  it('"Overdue only" asks for the statuses awaiting resolution, expected before now, and keeps it in the URL', async () => {
    const user = userEvent.setup();
    const { router } = await showList('/tickets');
    await user.click(within(form()).getByRole('checkbox', { name: 'Overdue only' }));
    await user.click(within(form()).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?due=overdue'));
    await waitFor(() => expect(service.lastListRequest()!.searchParams.get('status')).toBe('acknowledged,inProgress,pending,held'));
    const before = Date.parse(service.lastListRequest()!.searchParams.get('expectedResolutionDate.lt')!);
    expect(Math.abs(before - Date.now())).toBeLessThan(120_000);
    const expected = service.store
      .tickets()
      .filter((t) => ['acknowledged', 'inProgress', 'pending', 'held'].includes(t.status) && Date.parse(t.expectedResolutionDate!) < before);
    await waitFor(() => expect(summary()).toHaveTextContent(`of ${expected.length}`));
    const badges = screen.getAllByText(/^Overdue by \d+ (min|h|d)$/);
    expect(badges).toHaveLength(Math.min(20, expected.length));
  });
});

describe('active filters as chips', () => {
  it('shows each applied value as a chip; removing one keeps the others and moves focus to the next chip', async () => {
    const user = userEvent.setup();
    const { router } = renderList('/tickets?status=pending,held&externalId=X&due=overdue');
    await waitFor(() => expect(summary()).toHaveTextContent('No tickets match these filters.'), { timeout: 10_000 });
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(within(chips).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Status: Pending×',
      'Status: Held×',
      'External identifier: X×',
      'Overdue×',
    ]);
    await user.click(within(chips).getByRole('link', { name: 'Remove filter: Status: Pending' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=held&externalId=X&due=overdue'));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Active filters' })).getByRole('link', { name: 'Remove filter: Status: Held' })).toHaveFocus());
  });

  it('no filter, no chips; the last chip removed, focus goes to the bar', async () => {
    const user = userEvent.setup();
    const { router } = await showList('/tickets?ticketType=dispute');
    await user.click(screen.getByRole('link', { name: 'Remove filter: Ticket type: Dispute' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
    await waitFor(() => expect(form().querySelector('summary')).toHaveFocus());
    expect(form().querySelector('summary')).toHaveTextContent('Status');
  });
});

describe('what is due, against a fixed clock', () => {
  it('badges the awaited tickets with "Due in" or "Overdue by" beside the exact time; settled ones get none', async () => {
    // The seed's own reference moment (2026-11-01 08:00 Berlin): its newest tickets are due within the day.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-01T08:00:00+01:00') });
    await showList('/tickets?columns=id,status,expectedResolutionDate&pageSize=100');
    const rows = screen.getAllByRole('row').slice(1);
    let checked = 0;
    for (const row of rows) {
      const id = within(row).getByRole('rowheader').textContent!;
      const ticket = service.store.ticket(id)!;
      const cell = within(row).getAllByRole('cell')[1];
      const left = Date.parse(ticket.expectedResolutionDate!) - Date.now();
      const awaited = ['acknowledged', 'inProgress', 'pending', 'held'].includes(ticket.status);
      expect(cell.querySelector('time')).toHaveAttribute('dateTime', ticket.expectedResolutionDate);
      if (!awaited) expect(cell).not.toHaveTextContent(/Due in|Overdue by/);
      else expect(cell).toHaveTextContent(left < 0 ? /^Overdue by \d+ (min|h|d) / : /^Due in \d+ (min|h|d) /);
      checked += awaited ? 1 : 0;
    }
    expect(checked).toBeGreaterThan(0);
    expect(screen.getAllByText(/^Due in /).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/^Overdue by /).length).toBeGreaterThan(0);
  });
});

describe('rows by keyboard', () => {
  it('j and k move the focus through the rows (a visible focus on the row link); Enter follows it', async () => {
    const user = userEvent.setup();
    const { router } = await showList('/tickets');
    const ids = shownIds();
    await user.keyboard('j');
    expect(screen.getByRole('link', { name: ids[0] })).toHaveFocus();
    await user.keyboard('jjk');
    expect(screen.getByRole('link', { name: ids[1] })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/tickets/${ids[1]}`));
  });

  it('k from nowhere starts at the last row; j stops at the last row', async () => {
    const user = userEvent.setup();
    await showList('/tickets');
    const ids = shownIds();
    await user.keyboard('k');
    expect(screen.getByRole('link', { name: ids[19] })).toHaveFocus();
    await user.keyboard('j');
    expect(screen.getByRole('link', { name: ids[19] })).toHaveFocus();
  });

  it('do nothing in a text field, nor when single-key shortcuts are off', async () => {
    const user = userEvent.setup();
    await showList('/tickets');
    const field = within(form()).getByRole('textbox', { name: 'External identifier' });
    await user.type(field, 'jk');
    expect(field).toHaveValue('jk');
    act(() => writeSettings('demo-agent', { shortcuts: false }));
    field.blur();
    await user.keyboard('j');
    expect(document.body).toHaveFocus();
  });
});

describe('row density', () => {
  it('is compact by default and comfortable when the agent chose it (remembered per agent)', async () => {
    await showList('/tickets');
    expect(screen.getByRole('table')).toHaveClass('data-table--compact');
    act(() => writeSettings('demo-agent', { density: 'comfortable' }));
    expect(screen.getByRole('table')).toHaveClass('data-table--comfortable');
  });
});
