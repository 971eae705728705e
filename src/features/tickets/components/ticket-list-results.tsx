/** The list's results: range and progress, the table (kept while the next page loads), paging, empty and failed. */
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Page } from '../../../api/client';
import type { TroubleTicketRead } from '../../../api/read-models';
import { DataTable } from '../../../components/data-table/data-table';
import { toggledSort, withFilters, withOffset, withPageSize, withSort, type ListState } from '../../../components/data-table/list-state';
import { EmptyState, ListError, ListProgress } from '../../../components/data-table/list-status';
import { PageRange, Pagination } from '../../../components/data-table/pagination';
import { pageInfo } from '../../../components/data-table/paging';
import type { ListStateControls } from '../../../components/data-table/use-list-state';
import { ticketListDefinition, type TicketFilters } from '../api/list-definition';
import type { TicketColumnDef } from './columns';
import '../ticket-list-words';

const rowKey = (row: TroubleTicketRead) => row.id;

type Props = {
  list: UseQueryResult<Page<TroubleTicketRead>>;
  controls: ListStateControls<TicketFilters>;
  /** The shown columns, in order. */
  columns: readonly TicketColumnDef[];
  /** Header of the sorted field, for the caption, when its column is hidden. */
  sortLabel: string;
  /** Export and other actions about the whole result, shown beside the heading; told whether there are rows. */
  actions?: (hasRows: boolean) => ReactNode;
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

export function TicketListResults({ list, controls, columns, sortLabel, actions }: Props) {
  const { t } = useTranslation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { state, linkTo, apply } = controls;
  const page = list.data;
  const shownOffset = page?.offset ?? state.offset;
  useKeepFocusOnPaging(shownOffset, heading);

  // A bookmarked page past the end (tickets were closed since): go to the last page, without a new Back step.
  const total = page?.totalCount;
  useEffect(() => {
    if (!page || list.isPlaceholderData || total === undefined) return;
    if (state.offset > 0 && state.offset >= total) {
      const last = pageInfo({ offset: state.offset, pageSize: state.pageSize, total, rowCount: 0 }).lastOffset ?? 0;
      apply(withOffset(state, last), { replace: true });
    }
  }, [page, list.isPlaceholderData, total, state, apply]);

  const info = page ? pageInfo({ offset: shownOffset, pageSize: state.pageSize, total, rowCount: page.items.length }) : undefined;
  const filtered = Object.keys(state.filters).length > 0;
  const firstPage = (s: ListState<TicketFilters>) => linkTo(withOffset(s, 0));

  let summary: ReactNode = null;
  if (page && info && page.items.length > 0) summary = <PageRange info={info} total={total} />;
  else if (page && page.items.length === 0) {
    summary =
      state.offset > 0 ? (
        <EmptyState title={t('tickets.results.emptyPage')}>
          <p>
            <Link to={firstPage(state)}>{t('tickets.results.firstPage')}</Link>
          </p>
        </EmptyState>
      ) : (
        <EmptyState title={filtered ? t('tickets.results.empty') : t('tickets.results.emptyNone')}>
          {filtered ? (
            <p>
              <Link to={linkTo(withFilters(state, {}))}>{t('tickets.filters.clear')}</Link>
            </p>
          ) : null}
        </EmptyState>
      );
  }

  return (
    <section className="ticket-list__results" aria-labelledby={headingId}>
      <div className="ticket-list__results-head">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          {t('tickets.results.heading')}
        </h2>
        {actions?.((page?.items.length ?? 0) > 0)}
      </div>
      <ListProgress fetching={list.isFetching} hasRows={(page?.items.length ?? 0) > 0} />
      {/* aria-live: the new range (or "no tickets") is read out when a page, filter or sort arrives. */}
      <div role="status" className="ticket-list__summary" aria-labelledby={headingId}>
        {summary}
      </div>
      {list.isError && !page ? (
        <ListError
          title={t('tickets.results.loadFailed')}
          error={list.error}
          retrying={list.isFetching}
          onRetry={() => list.refetch()}
          focusAfterRetry={heading}
        />
      ) : null}
      {page && info && page.items.length > 0 ? (
        <>
          <DataTable
            caption={t('tickets.results.caption')}
            columns={columns}
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
            pageSizes={ticketListDefinition.pageSizes}
            onPageSizeChange={(size) => apply(withPageSize(state, size))}
          />
        </>
      ) : null}
    </section>
  );
}
