/** The cancellation list against the mocked service: paging, state filter, sort and columns, all kept in the URL. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockServer } from '../../../mocks/node';
import { i18n } from '../../lib/i18n';
import { renderApp } from '../../testing/render-app';

const list = '*/tmf-api/troubleTicket/v5/cancelProductOrder';
const { server, store } = createMockServer();
const requests: URLSearchParams[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  await i18n.changeLanguage('en');
  requests.length = 0;
  server.use(
    http.get(list, ({ request }) => {
      requests.push(new URL(request.url).searchParams);
      return undefined;
    }),
  );
});
afterEach(() => {
  server.resetHandlers();
  store.reset();
});
afterAll(() => server.close());

const lastRequest = () => requests.at(-1)!;
const rowIds = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

async function openList(path = '/cancel-orders') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Order cancellations' });
  return view;
}

describe('the cancellation list', () => {
  it('shows the first page newest first, with the total, each row linking to its detail', async () => {
    await openList();
    expect(await screen.findByText('1–20 of 24')).toBeInTheDocument();
    expect(rowIds()).toHaveLength(20);
    expect(rowIds()[0]).toBe('CPO-000024');
    expect(screen.getByRole('link', { name: 'CPO-000024' })).toHaveAttribute('href', '/cancel-orders/CPO-000024');
    const row = screen.getByRole('link', { name: 'CPO-000024' }).closest('tr')!;
    expect(within(row).getByText('In progress')).toHaveClass('status-badge');
    expect(within(row).getByText('PO-004700851')).toBeInTheDocument();
    expect(Object.fromEntries(lastRequest())).toEqual({
      offset: '0',
      limit: '20',
      fields: 'id,productOrder,state,requestedCancellationDate,creationDate',
      sort: '-creationDate',
    });
    expect(screen.getByRole('link', { name: 'Cancel a product order' })).toHaveAttribute('href', '/cancel-orders/new');
  });

  it('pages forward and back through the URL, and a new page size starts again at page 1', async () => {
    const user = userEvent.setup();
    const { router } = await openList();
    await screen.findByText('1–20 of 24');
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('21–24 of 24')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(lastRequest().get('offset')).toBe('20');
    expect(rowIds()).toEqual(['CPO-000004', 'CPO-000003', 'CPO-000002', 'CPO-000001']);
    expect(screen.queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '10');
    expect(await screen.findByText('1–10 of 24')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?pageSize=10');
    expect(lastRequest().get('limit')).toBe('10');
    expect(lastRequest().get('offset')).toBe('0');

    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('11–20 of 24')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Previous page' }));
    expect(await screen.findByText('1–10 of 24')).toBeInTheDocument();
  });

  it('filters by several states: the URL and the request carry them, comma-separated', async () => {
    const user = userEvent.setup();
    const { router } = await openList();
    await screen.findByText('1–20 of 24');
    const states = screen.getByRole('group', { name: 'State' });
    await user.click(within(states).getByRole('checkbox', { name: 'Acknowledged' }));
    await user.click(within(states).getByRole('checkbox', { name: 'In progress' }));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    expect(await screen.findByText('1–3 of 3')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?state=acknowledged,inProgress');
    expect(lastRequest().get('state')).toBe('acknowledged,inProgress');
    expect(rowIds()).toEqual(['CPO-000024', 'CPO-000023', 'CPO-000022']);
  });

  it('a link with ?productOrderId= shows that order\'s cancellations, the filter filled in', async () => {
    await openList('/cancel-orders?productOrderId=PO-004700814');
    expect(await screen.findByText('1–1 of 1')).toBeInTheDocument();
    expect(rowIds()).toEqual(['CPO-000023']);
    expect(lastRequest().get('productOrder.id')).toBe('PO-004700814');
    expect(screen.getByRole('textbox', { name: 'Product order ID' })).toHaveValue('PO-004700814');
  });

  it('sorts by a column header: ascending, then descending, with aria-sort and the URL', async () => {
    const user = userEvent.setup();
    const { router } = await openList();
    await screen.findByText('1–20 of 24');
    expect(screen.getByRole('columnheader', { name: /Requested on/ })).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('button', { name: /^Cancellation/ }));
    await screen.findByText('1–20 of 24');
    await screen.findByRole('link', { name: 'CPO-000001' });
    expect(router.state.location.search).toBe('?sort=id');
    expect(lastRequest().get('sort')).toBe('id');
    expect(screen.getByRole('columnheader', { name: /^Cancellation/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(rowIds()[0]).toBe('CPO-000001');

    await user.click(screen.getByRole('button', { name: /^Cancellation/ }));
    await screen.findByRole('link', { name: 'CPO-000024' });
    expect(router.state.location.search).toBe('?sort=-id');
    expect(screen.getByRole('columnheader', { name: /^Cancellation/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('shows the chosen columns and asks only for them', async () => {
    const user = userEvent.setup();
    const { router } = await openList();
    await screen.findByText('1–20 of 24');
    await user.click(screen.getByText('Columns'));
    await user.click(screen.getByRole('checkbox', { name: 'Cancellation reason' }));
    await user.click(screen.getByRole('checkbox', { name: 'Requested cancellation date' }));
    await user.click(screen.getByRole('button', { name: 'Show these columns' }));
    expect(await screen.findByRole('columnheader', { name: 'Cancellation reason' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /Requested cancellation date/ })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?columns=id,productOrder,state,cancellationReason,creationDate');
    expect(lastRequest().get('fields')).toBe('id,productOrder,state,cancellationReason,creationDate');
  });

  it('ignores what it cannot read in the URL, rather than failing', async () => {
    await openList('/cancel-orders?state=bogus&page=abc&pageSize=7&sort=nonsense&columns=x');
    expect(await screen.findByText('1–20 of 24')).toBeInTheDocument();
    expect(lastRequest().get('state')).toBeNull();
    expect(lastRequest().get('sort')).toBe('-creationDate');
  });

  it('says when nothing matches, with a way to clear the filters', async () => {
    const user = userEvent.setup();
    await openList('/cancel-orders?productOrderId=PO-NONE');
    expect(await screen.findByText('No cancellation matches these filters.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getAllByRole('link', { name: 'Clear filters' })[0]!);
    expect(await screen.findByText('1–20 of 24')).toBeInTheDocument();
  });

  it('a failure says so with Retry, and Retry brings the rows', async () => {
    let failing = true;
    server.use(
      http.get(list, () =>
        failing ? HttpResponse.json({ code: 'x', reason: 'Maintenance', status: '503' }, { status: 503 }) : undefined,
      ),
    );
    const user = userEvent.setup();
    await openList();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The cancellations could not be loaded.');
    expect(alert).toHaveTextContent('Briefly unavailable (HTTP 503)');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1–20 of 24')).toBeInTheDocument();
  });

  it('reads German', async () => {
    await i18n.changeLanguage('de');
    renderApp('/cancel-orders?state=done');
    expect(await screen.findByRole('heading', { level: 1, name: 'Auftragsstornierungen' })).toBeInTheDocument();
    expect(await screen.findByText(/^1–\d+ von \d+$/)).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Zustand' })).getByRole('checkbox', { name: 'Erledigt' })).toBeChecked();
  });
});
