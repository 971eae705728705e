/**
 * A table with sortable column headers (a button in each sortable th, aria-sort on the sorted one), any row type. On a
 * phone each row is a card (data-table.css): every cell with its column's name before it, so nothing scrolls sideways.
 */
import { memo, useRef, type ReactNode, type RefObject } from 'react';
import { useAgentSettings } from '../../lib/agent-settings';
import { useWords } from '../../lib/i18n/react';
import type { SortState } from './list-state';
import { useRowKeys } from './use-row-keys';
import './data-table.css';
import './list-section';

export type Column<Row> = {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  /** The cell that names its row (a th with scope=row): screen readers read it with every other cell of the row. */
  rowHeader?: boolean;
  /** Extra class on the column's cells (widths, wrapping). */
  className?: string;
};

type Props<Row> = {
  /** Names the table (a hidden caption, with the sort order added). */
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  sort: SortState;
  onSort: (field: string) => void;
  /** The header of the sorted field when its column is not shown. */
  sortLabel?: string;
  /** New rows are on their way: the shown ones stay, marked busy for assistive technology. */
  busy?: boolean;
};

function SortIcon({ direction }: { direction: 'ascending' | 'descending' | undefined }) {
  const glyph = direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕';
  return (
    <span className={`data-table__sort-icon${direction ? '' : ' data-table__sort-icon--unsorted'}`} aria-hidden="true">
      {glyph}
    </span>
  );
}

type BodyProps<Row> = Pick<Props<Row>, 'columns' | 'rows' | 'rowKey'> & { body: RefObject<HTMLTableSectionElement | null> };

function BodyRows<Row>({ columns, rows, rowKey, body }: BodyProps<Row>) {
  return (
    <tbody ref={body}>
      {rows.map((row) => (
        <tr key={rowKey(row)}>
          {columns.map((column) =>
            column.rowHeader ? (
              <th key={column.id} scope="row" className={column.className}>
                {column.cell(row)}
              </th>
            ) : (
              // data-label: the column's name before the value on a phone, where the row is a card (data-table.css).
              <td key={column.id} className={column.className} data-label={column.header}>
                {column.cell(row)}
              </td>
            ),
          )}
        </tr>
      ))}
    </tbody>
  );
}

/**
 * The rows are rendered again only when rows or columns change, not when the table turns busy and back: a page of 100
 * rows with formatted dates costs tens of milliseconds. `rowKey` should be stable too (a module-level function).
 */
const Body = memo(BodyRows) as typeof BodyRows;

export function DataTable<Row>({ caption, columns, rows, rowKey, sort, onSort, sortLabel, busy = false }: Props<Row>) {
  const t = useWords();
  const [{ density }] = useAgentSettings();
  const body = useRef<HTMLTableSectionElement>(null);
  useRowKeys(body);
  const direction = sort.descending ? 'descending' : 'ascending';
  const sortedHeader = columns.find((column) => column.id === sort.field)?.header ?? sortLabel ?? sort.field;
  const fullCaption = t('list.sortedBy', { caption, column: sortedHeader, direction: t(`list.${direction}`) });
  return (
    // Focusable so that keyboard users can scroll a table wider than the screen (WCAG 2.1.1, axe
    // scrollable-region-focusable); a named region, so the stop is announced for what it is.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="data-table__scroll" role="region" aria-label={t('list.scrollRegion', { caption })} tabIndex={0}>
      <table className={`data-table data-table--${density}`} aria-busy={busy || undefined}>
        <caption className="visually-hidden">{fullCaption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const sorted = column.id === sort.field ? direction : undefined;
              return (
                <th key={column.id} scope="col" aria-sort={sorted} className={column.className}>
                  {column.sortable ? (
                    <button type="button" className="data-table__sort" onClick={() => onSort(column.id)}>
                      {column.header}
                      <SortIcon direction={sorted} />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <Body columns={columns} rows={rows} rowKey={rowKey} body={body} />
      </table>
    </div>
  );
}

/** A cell with no value: a dash to the eye, "not provided" to a screen reader. */
export function NotProvided() {
  const t = useWords();
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{t('list.notProvided')}</span>
    </>
  );
}
