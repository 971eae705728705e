/** The shared list pieces as a person meets them: sortable headers, paging links and page size, column choice. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { ColumnChooser } from './column-chooser';
import { DataTable, type Column } from './data-table';
import { Pagination, PageRange } from './pagination';
import { pageInfo } from './paging';

type Row = { id: string; state: string; owner?: string };

const columns: Column<Row>[] = [
  { id: 'id', header: 'Order', cell: (row) => row.id, sortable: true, rowHeader: true },
  { id: 'state', header: 'State', cell: (row) => row.state, sortable: true },
  { id: 'owner', header: 'Owner', cell: (row) => row.owner ?? '' },
];
const rows: Row[] = [
  { id: 'A-1', state: 'open', owner: 'Ana' },
  { id: 'A-2', state: 'done' },
];

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('DataTable', () => {
  it('marks the sorted column with aria-sort and says the order in its caption', () => {
    render(<DataTable caption="Orders" columns={columns} rows={rows} rowKey={(r) => r.id} sort={{ field: 'state', descending: true }} onSort={() => {}} />);
    const table = screen.getByRole('table', { name: 'Orders, sorted by State, descending' });
    expect(within(table).getByRole('columnheader', { name: /State/ })).toHaveAttribute('aria-sort', 'descending');
    expect(within(table).getByRole('columnheader', { name: /Order/ })).not.toHaveAttribute('aria-sort');
    expect(within(table).getByRole('rowheader', { name: 'A-2' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it.each([
    [{ field: 'state', descending: true }, 'ascending'],
    [{ field: 'state', descending: false }, 'descending'],
  ])('clicking the sorted header (%j) asks for the other direction, and the header says so', async (sort, next) => {
    const user = userEvent.setup();
    const onSort = vi.fn();
    const { rerender } = render(
      <DataTable caption="Orders" columns={columns} rows={rows} rowKey={(r) => r.id} sort={sort} onSort={onSort} />,
    );
    await user.click(screen.getByRole('button', { name: 'State' }));
    expect(onSort).toHaveBeenCalledWith('state');
    rerender(
      <DataTable
        caption="Orders"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sort={{ field: 'state', descending: next === 'descending' }}
        onSort={onSort}
      />,
    );
    expect(screen.getByRole('columnheader', { name: /State/ })).toHaveAttribute('aria-sort', next);
  });

  it('offers a button only in sortable headers', () => {
    render(<DataTable caption="Orders" columns={columns} rows={rows} rowKey={(r) => r.id} sort={{ field: 'id', descending: false }} onSort={() => {}} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Order▲', 'State↕']);
    expect(within(screen.getByRole('columnheader', { name: 'Owner' })).queryByRole('button')).toBeNull();
  });

  it('names a hidden sorted column in the caption by the given label', () => {
    render(
      <DataTable caption="Orders" columns={columns.slice(0, 1)} rows={rows} rowKey={(r) => r.id} sort={{ field: 'created', descending: false }} sortLabel="Created" onSort={() => {}} />,
    );
    expect(screen.getByRole('table', { name: 'Orders, sorted by Created, ascending' })).toBeInTheDocument();
  });

  it('can be scrolled sideways from the keyboard: a named, focusable region', () => {
    render(<DataTable caption="Orders" columns={columns} rows={rows} rowKey={(r) => r.id} sort={{ field: 'id', descending: false }} onSort={() => {}} />);
    expect(screen.getByRole('region', { name: /Orders/ })).toHaveAttribute('tabindex', '0');
  });
});

function renderPaging(input: Parameters<typeof pageInfo>[0], onPageSizeChange = vi.fn()) {
  const info = pageInfo(input);
  render(
    <MemoryRouter>
      <p data-testid="range">
        <PageRange info={info} total={input.total} />
      </p>
      <Pagination info={info} linkTo={(offset) => `/orders?offset=${offset}`} pageSize={input.pageSize} pageSizes={[10, 20, 50, 100]} onPageSizeChange={onPageSizeChange} />
    </MemoryRouter>,
  );
  return { onPageSizeChange, nav: screen.getByRole('navigation', { name: i18n.language === 'de' ? 'Seiten' : 'Pages' }) };
}

describe('Pagination', () => {
  it.each([
    ['first', { offset: 0, pageSize: 20, total: 1234, rowCount: 20 }, '1–20 of 1,234', 'Page 1 of 62', undefined, 20],
    ['middle', { offset: 40, pageSize: 20, total: 1234, rowCount: 20 }, '41–60 of 1,234', 'Page 3 of 62', 20, 60],
    ['last', { offset: 1220, pageSize: 20, total: 1234, rowCount: 14 }, '1,221–1,234 of 1,234', 'Page 62 of 62', 1200, undefined],
    ['no total', { offset: 20, pageSize: 20, total: undefined, rowCount: 20 }, '21–40', 'Page 2', 0, 40],
  ])('%s page: range, page and links', (_, input, range, page, previous, next) => {
    const { nav } = renderPaging(input);
    expect(screen.getByTestId('range')).toHaveTextContent(range);
    expect(within(nav).getByText(page)).toBeInTheDocument();
    const previousLink = within(nav).queryByRole('link', { name: 'Previous page' });
    const nextLink = within(nav).queryByRole('link', { name: 'Next page' });
    if (previous === undefined) expect(previousLink).toBeNull();
    else expect(previousLink).toHaveAttribute('href', `/orders?offset=${previous}`);
    if (next === undefined) expect(nextLink).toBeNull();
    else expect(nextLink).toHaveAttribute('href', `/orders?offset=${next}`);
  });

  it('writes numbers the German way in German', async () => {
    await i18n.changeLanguage('de');
    const { nav } = renderPaging({ offset: 1000, pageSize: 100, total: 100000, rowCount: 100 });
    expect(screen.getByTestId('range')).toHaveTextContent('1.001–1.100 von 100.000');
    expect(within(nav).getByText('Seite 11 von 1.000')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Weiter zur nächsten Seite' })).toBeInTheDocument();
  });

  it('changes the page size through a labelled select', async () => {
    const user = userEvent.setup();
    const { onPageSizeChange } = renderPaging({ offset: 40, pageSize: 20, total: 1234, rowCount: 20 });
    const select = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(select).toHaveValue('20');
    await user.selectOptions(select, '100');
    expect(onPageSizeChange).toHaveBeenCalledWith(100);
  });
});

describe('ColumnChooser', () => {
  const all = [
    { id: 'id', header: 'Order' },
    { id: 'state', header: 'State' },
    { id: 'owner', header: 'Owner' },
    { id: 'created', header: 'Created' },
  ];

  it('offers the optional columns as checkboxes in a fieldset and applies the choice in table order', async () => {
    const user = userEvent.setup();
    const onApply = vi.fn();
    render(<ColumnChooser columns={all} required={['id']} shown={['id', 'state']} onApply={onApply} />);
    await user.click(screen.getByText('Columns'));
    const group = screen.getByRole('group', { name: 'Columns to show' });
    expect(group).toHaveAccessibleDescription('Order: always shown');
    expect(within(group).getAllByRole('checkbox').map((box) => box.getAttribute('value'))).toEqual(['state', 'owner', 'created']);
    expect(within(group).getByRole('checkbox', { name: 'State' })).toBeChecked();
    await user.click(within(group).getByRole('checkbox', { name: 'Created' }));
    await user.click(within(group).getByRole('checkbox', { name: 'State' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Owner' }));
    expect(onApply).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Show these columns' }));
    expect(onApply).toHaveBeenCalledWith(['id', 'owner', 'created']);
  });
});
