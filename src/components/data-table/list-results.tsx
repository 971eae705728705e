/** A list's results, any row type: heading, progress, live range or empty state, failure with Retry, table, paging. */
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import type { Page } from '../../api/client';
import type { KeyGroup, MessageKey } from '../../lib/i18n/keys';
import { useWords } from '../../lib/i18n/react';
import { DataTable, type Column } from './data-table';
import { toggledSort, withFilters, withOffset, withPageSize, withSort, type FilterDefinitions } from './list-state';
import { EmptyState, ListError, ListProgress } from './list-status';
import { PageRange, Pagination } from './pagination';
import { pageInfo } from './paging';
import type { ListStateControls } from './use-list-state';
import './data-table.css';

/** The list's own words, as catalogue keys: each list names its rows ("tickets", "cancellations") itself. */
export type ListResultsWords = {
  heading: string;
  caption: string;
  loadFailed: string;
  /** Nothing on a page past the first (rows went away since), with a link to `firstPage`. */
  emptyPage: string;
  firstPage: string;
  /** Nothing matches the filters, with a link to `clearFilters`. */
  empty: string;
  clearFilters: string;
  /** Nothing at all, no filter set. */
  emptyNone: string;
};

/** The same, as the keys of those words. */
export type ListResultsKeys = Record<keyof ListResultsWords, MessageKey>;

/** The words every list has under its own section. */
type SectionWord = 'caption' | 'loadFailed' | 'emptyPage' | 'firstPage' | 'empty' | 'emptyNone';

/** A section that has all of them. */
type ListSection = { [G in KeyGroup]: `${G}.${SectionWord}` extends MessageKey ? G : never }[KeyGroup];

/**
 * A list's word keys: `<section>.caption`, `.loadFailed`, `.emptyPage`, `.firstPage`, `.empty`, `.emptyNone` under the
 * list's own section, the heading and the clear-filters link named by the list.
 */
export function listWordKeys(section: ListSection, own: Pick<ListResultsKeys, 'heading' | 'clearFilters'>): ListResultsKeys {
  const key = (name: SectionWord) => `${section}.${name}` as const;
  return {
    caption: key('caption'),
    loadFailed: key('loadFailed'),
    emptyPage: key('emptyPage'),
    firstPage: key('firstPage'),
    empty: key('empty'),
    emptyNone: key('emptyNone'),
    ...own,
  };
}

type Props<Row, F extends FilterDefinitions> = {
  list: UseQueryResult<Page<Row>>;
  controls: ListStateControls<F>;
  /** The shown columns, in order. */
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  /** Header of the sorted field, for the caption, when its column is hidden. */
  sortLabel?: string;
  pageSizes: readonly number[];
  /** Catalogue keys, translated here in the agent's language. */
  wordKeys: ListResultsKeys;
  /** The section's own class, for the screen's layout. */
  className?: string;
  /** Export and other actions about the whole result, shown beside the heading; told whether there are rows. */
  actions?: (hasRows: boolean) => ReactNode;
  /** Actions shown below the rows and paging (an export of the whole view); told whether there are rows. */
  footer?: (hasRows: boolean) => ReactNode;
};

/**
 * A page link that ends up gone (Next on the last page) would drop focus to the page's top: it goes to the results
 * heading instead. Only on a change of page, never on the first render (the layout focuses the h1 then).
 */
function useKeepFocusOnPaging(offset: number, target: RefObject<HTMLElement | null>) {
  const previous = useRef(offset);
  useLayoutEffect(() => {
    if (previous.current === offset) return;
    previous.current = offset;
    if (!document.activeElement || document.activeElement === document.body) target.current?.focus();
  });
}

/**
 * The columns the rows on screen were fetched with (`fields=` asks only for the shown columns). While a page with
 * newly chosen columns loads, the old rows stay on screen (no flicker); a new column would read "Not provided" in every
 * one of them until the data came, so it appears with its data. A column taken away goes at once.
 */
function useColumnsOfShownRows<Row>(columns: readonly Column<Row>[], loading: boolean): readonly Column<Row>[] {
  const chosen = columns.map((column) => column.id).join(',');
  const [fetched, setFetched] = useState(chosen);
  // Adjusting state while rendering (React's pattern for "information from previous renders"): no extra paint.
  if (!loading && fetched !== chosen) setFetched(chosen);
  if (!loading || fetched === chosen) return columns;
  const ids = new Set(fetched.split(','));
  return columns.filter((column) => ids.has(column.id));
}

export function ListResults<Row, F extends FilterDefinitions>({
  list,
  controls,
  columns,
  rowKey,
  sortLabel,
  pageSizes,
  wordKeys,
  className,
  actions,
  footer,
}: Props<Row, F>) {
  const t = useWords();
  const words = Object.fromEntries(Object.entries(wordKeys).map(([name, key]) => [name, t(key)])) as ListResultsWords;
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { state, linkTo, apply } = controls;
  const page = list.data;
  const shownColumns = useColumnsOfShownRows(columns, list.isPlaceholderData);
  const shownOffset = page?.offset ?? state.offset;
  useKeepFocusOnPaging(shownOffset, heading);

  // A bookmarked page past the end (rows went away, or a filter matches fewer now): the last page, no new Back step.
  const total = page?.totalCount;
  useEffect(() => {
    if (!page || list.isPlaceholderData || total === undefined) return;
    if (state.offset > 0 && state.offset >= total) {
      const last = pageInfo({ offset: state.offset, pageSize: state.pageSize, total, rowCount: 0 }).lastOffset ?? 0;
      apply(withOffset(state, last), { replace: true });
    }
  }, [page, list.isPlaceholderData, total, state, apply]);

  const info = page ? pageInfo({ offset: shownOffset, pageSize: state.pageSize, total, rowCount: page.items.length }) : undefined;
  const hasRows = (page?.items.length ?? 0) > 0;
  const filtered = Object.keys(state.filters).length > 0;

  let summary: ReactNode = null;
  if (page && info && hasRows) summary = <PageRange info={info} total={total} />;
  else if (page) {
    summary =
      state.offset > 0 ? (
        <EmptyState title={words.emptyPage}>
          <p>
            <Link to={linkTo(withOffset(state, 0))}>{words.firstPage}</Link>
          </p>
        </EmptyState>
      ) : (
        <EmptyState title={filtered ? words.empty : words.emptyNone}>
          {filtered ? (
            <p>
              <Link to={linkTo(withFilters(state, {}))}>{words.clearFilters}</Link>
            </p>
          ) : null}
        </EmptyState>
      );
  }

  return (
    <section className={className ? `list-results ${className}` : 'list-results'} aria-labelledby={headingId}>
      {/* One line above the rows: heading, range, progress and the list's tools (a compact list shows more rows). */}
      <div className="list-results__head">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          {words.heading}
        </h2>
        {/* aria-live: the new range (or "nothing found") is read out when a page, filter or sort arrives. */}
        <div role="status" className="list-results__summary" aria-labelledby={headingId}>
          {summary}
        </div>
        <ListProgress fetching={list.isFetching} hasRows={hasRows} />
        {actions ? <div className="list-results__actions">{actions(hasRows)}</div> : null}
      </div>
      {list.isError && !page ? (
        <ListError
          title={words.loadFailed}
          error={list.error}
          retrying={list.isFetching}
          onRetry={() => list.refetch()}
          focusAfterRetry={heading}
        />
      ) : null}
      {page && info && hasRows ? (
        <>
          <DataTable
            caption={words.caption}
            columns={shownColumns}
            rows={page.items}
            rowKey={rowKey}
            sort={state.sort}
            sortLabel={sortLabel}
            onSort={(field) => apply(withSort(state, toggledSort(state.sort, field)))}
            busy={list.isFetching}
          />
          <Pagination
            info={info}
            linkTo={(offset) => linkTo(withOffset(state, offset))}
            pageSize={state.pageSize}
            pageSizes={pageSizes}
            onPageSizeChange={(size) => apply(withPageSize(state, size))}
          />
        </>
      ) : null}
      {footer?.(hasRows)}
    </section>
  );
}
