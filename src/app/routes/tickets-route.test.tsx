/** The ticket list against the mocked service: paging, columns -> fields, sort by header, filters, all in the URL. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { en } from '../../lib/i18n/en';
import { base, shownHeaders, shownIds, showList, summary, setUpTicketService } from '../../testing/ticket-list-service';

const service = setUpTicketService();
const ids = (from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, i) => `TT-${String(from - i).padStart(6, '0')}`);

describe('the first page', () => {
  it('shows 20 tickets, newest first, with the range, and asks only for the shown columns', async () => {
    await showList('/tickets');
    expect(screen.getByRole('heading', { level: 1, name: 'Tickets' })).toBeInTheDocument();
    expect(shownIds()).toEqual(ids(240, 221));
    expect(summary()).toHaveTextContent('1–20 of 240');
    expect(shownHeaders()).toEqual(['Ticket', 'External identifier', 'Status', 'Ticket type', 'Category ID', 'Created', 'Expected resolution']);
    const request = service.lastListRequest()!;
    expect(Object.fromEntries(request.searchParams)).toEqual({
      offset: '0',
      limit: '20',
      fields: 'id,externalIdentifier,externalId,status,ticketType,categoryId,creationDate,expectedResolutionDate',
      sort: '-creationDate',
    });
  });

  it('shows each value as a person reads it: status words, type words, local dates with their zone', async () => {
    await showList('/tickets');
    const ticket = service.store.ticket('TT-000240')!;
    const row = screen.getByRole('rowheader', { name: 'TT-000240' }).closest('tr')!;
    const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells[0]).toBe(ticket.externalIdentifier[0].id);
    expect(cells[1]).toBe(en.status[ticket.status]);
    expect(cells[2]).toBe(ticket.ticketType === 'fault' ? 'Fault' : 'Dispute');
    expect(cells[4]).toMatch(/^\d{1,2} [A-Z][a-z]{2} 2026, \d{2}:\d{2} \S+$/);
    expect(within(row).getByRole('link', { name: 'TT-000240' })).toHaveAttribute('href', '/tickets/TT-000240');
  });
});

describe('paging', () => {
  it('goes forward and back with Next and Previous; the page is in the URL and the request', async () => {
    const user = userEvent.setup();
    const { router } = await showList('/tickets');
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    await waitFor(() => expect(summary()).toHaveTextContent('21–40 of 240'));
    expect(router.state.location.search).toBe('?page=2');
    expect(shownIds()).toEqual(ids(220, 201));
    expect(service.lastListRequest()!.searchParams.get('offset')).toBe('20');
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 2 of 12');

    await user.click(screen.getByRole('link', { name: 'Previous page' }));
    await waitFor(() => expect(summary()).toHaveTextContent('1–20 of 240'));
    expect(router.state.location.search).toBe('');
    // The Previous link is gone on the first page: focus goes to the results heading, not to the top of the page.
    expect(screen.queryByRole('link', { name: 'Previous page' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Results' })).toHaveFocus();
  });

  it('on the last page shows the short rest and no Next', async () => {
    await showList('/tickets?page=12');
    expect(summary()).toHaveTextContent('221–240 of 240');
    expect(shownIds()).toEqual(ids(20, 1));
    expect(screen.queryByRole('link', { name: 'Next page' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/tickets?page=11');
  });

  it('a new page size starts again at the first page', async () => {
    const user = userEvent.setup();
    const { router } = await showList('/tickets?page=3');
    expect(summary()).toHaveTextContent('41–60 of 240');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    await waitFor(() => expect(summary()).toHaveTextContent('1–50 of 240'));
    expect(router.state.location.search).toBe('?pageSize=50');
    expect(service.lastListRequest()!.searchParams.get('limit')).toBe('50');
    expect(service.lastListRequest()!.searchParams.get('offset')).toBe('0');
    expect(shownIds()).toHaveLength(50);
  });

  it('moves a bookmarked page past the end to the last page, without a Back step', async () => {
    const { router } = await showList('/tickets?page=40');
    await waitFor(() => expect(summary()).toHaveTextContent('221–240 of 240'));
    expect(router.state.location.search).toBe('?page=12');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('columns', () => {
  it('asks for exactly the chosen columns with fields= and shows them in table order', async () => {
    const user = userEvent.setup();
    const { router } = await showList('/tickets');
    await user.click(screen.getByText('Columns'));
    const group = screen.getByRole('group', { name: 'Columns to show' });
    await user.click(within(group).getByRole('checkbox', { name: 'Ticket type' }));
    await user.click(within(group).getByRole('checkbox', { name: 'External identifier' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Description' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Access line ID' }));
    await user.click(screen.getByRole('button', { name: 'Show these columns' }));

    await waitFor(() =>
      expect(shownHeaders()).toEqual(['Ticket', 'Status', 'Category ID', 'Description', 'Access line ID', 'Created', 'Expected resolution']),
    );
    expect(service.lastListRequest()!.searchParams.get('fields')).toBe('id,status,categoryId,description,accessLineId,creationDate,expectedResolutionDate');
    expect(router.state.location.search).toBe('?columns=id,status,categoryId,description,accessLineId,creationDate,expectedResolutionDate');
    const row = screen.getByRole('rowheader', { name: 'TT-000240' }).closest('tr')!;
    expect(within(row).getAllByRole('cell')[3]).toHaveTextContent(service.store.ticket('TT-000240')!.accessLineId!);
  });

  it('shows a newly chosen column with its data, never as "Not provided" in the old rows while the page loads', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Holds back the request that asks for the new column; returning nothing then lets the mocked service answer.
    service.server.use(
      http.get(`${base}/troubleTicket`, async ({ request }) => {
        if (new URL(request.url).searchParams.get('fields')?.includes('accessLineId')) await held;
      }),
    );
    await showList('/tickets');
    await user.click(screen.getByText('Columns'));
    const group = screen.getByRole('group', { name: 'Columns to show' });
    await user.click(within(group).getByRole('checkbox', { name: 'Access line ID' }));
    await user.click(screen.getByRole('button', { name: 'Show these columns' }));

    await waitFor(() => expect(service.lastListRequest()!.searchParams.get('fields')).toContain('accessLineId'));
    expect(shownHeaders()).not.toContain('Access line ID');
    expect(shownIds()).toEqual(ids(240, 221));

    release();
    await waitFor(() => expect(shownHeaders()).toContain('Access line ID'));
    const row = screen.getByRole('rowheader', { name: 'TT-000240' }).closest('tr')!;
    const column = shownHeaders().indexOf('Access line ID') - 1;
    expect(within(row).getAllByRole('cell')[column]).toHaveTextContent(service.store.ticket('TT-000240')!.accessLineId!);
  });
});

describe('sorting', () => {
  it('sorts by a header click, ascending then descending, said by aria-sort and asked of the service', async () => {
    const user = userEvent.setup();
    const { router } = await showList('/tickets?page=2');
    const created = () => screen.getByRole('columnheader', { name: /Created/ });
    expect(created()).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('button', { name: 'Created' }));
    await waitFor(() => expect(shownIds()[0]).toBe('TT-000001'));
    expect(created()).toHaveAttribute('aria-sort', 'ascending');
    expect(router.state.location.search).toBe('?sort=creationDate');
    expect(service.lastListRequest()!.searchParams.get('sort')).toBe('creationDate');
    expect(service.lastListRequest()!.searchParams.get('offset')).toBe('0');

    await user.click(screen.getByRole('button', { name: 'Created' }));
    await waitFor(() => expect(shownIds()[0]).toBe('TT-000240'));
    expect(created()).toHaveAttribute('aria-sort', 'descending');
    expect(router.state.location.search).toBe('');

    await user.click(screen.getByRole('button', { name: 'Status' }));
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Status/ })).toHaveAttribute('aria-sort', 'ascending'));
    expect(service.lastListRequest()!.searchParams.get('sort')).toBe('status');
    await waitFor(() => expect(shownIds()[0]).toBe(firstBy(service.store.tickets(), 'status')));
    expect(screen.getByRole('table')).toHaveAccessibleName('Tickets, sorted by Status, ascending');
  });
});

/** The id the service puts first when sorting ascending by `field` (ties keep creation order). */
function firstBy(tickets: { id: string; status: string }[], field: 'status'): string {
  return [...tickets].sort((a, b) => (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : 0))[0].id;
}
