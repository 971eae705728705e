/** The cancellation list: filters, columns, sort and page, all of it in the URL, read from GET /cancelProductOrder. */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Page } from '../../../api/client';
import type { CancelProductOrderRead } from '../../../api/read-models';
import { ColumnChooser } from '../../../components/data-table/column-chooser';
import { DataTable } from '../../../components/data-table/data-table';
import {
  toggledSort,
  withColumns,
  withFilters,
  withOffset,
  withPageSize,
  withSort,
} from '../../../components/data-table/list-state';
import { EmptyState, ListError, ListProgress } from '../../../components/data-table/list-status';
import { PageRange, Pagination } from '../../../components/data-table/pagination';
import { pageInfo } from '../../../components/data-table/paging';
import { useListState } from '../../../components/data-table/use-list-state';
import { useApi } from '../../../lib/api-context';
import { cancelOrderQueries } from '../api/cancel-order-queries';
import '../cancel-orders.css';
import '../i18n';
import { useCancelOrderColumns } from './columns';
import { FiltersForm } from './filters-form';
import { cancelOrderListDefinition } from './list-definition';
import { listQuery } from './list-query';

/** Until the service pushes events to the browser, an open list asks again this often. */
export const LIST_REFRESH_MS = 60_000;

/** After Next/Previous the pressed link may be gone: focus goes to the results heading rather than the page top. */
function useKeepFocusOnPaging(offset: number, target: RefObject<HTMLElement | null>) {
  const previous = useRef(offset);
  useLayoutEffect(() => {
    if (previous.current === offset) return;
    previous.current = offset;
    if (!document.activeElement || document.activeElement === document.body) target.current?.focus();
  });
}

export function CancelOrderList() {
  const { t } = useTranslation();
  const api = useApi();
  const controls = useListState(cancelOrderListDefinition);
  const { state, linkTo, apply } = controls;
  const query = useMemo(() => listQuery(state), [state]);
  const list: UseQueryResult<Page<CancelProductOrderRead>> = useQuery({
    ...cancelOrderQueries.list(api, query),
    refetchInterval: LIST_REFRESH_MS,
    meta: { refreshFailure: { key: 'cancel.list.refreshFailed' } },
  });
  const columns = useCancelOrderColumns();
  const shown = columns.filter((column) => state.columns.includes(column.id));
  const sortLabel = columns.find((column) => column.id === state.sort.field)?.header;

  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const page = list.data;
  const offset = page?.offset ?? state.offset;
  useKeepFocusOnPaging(offset, heading);

  // A bookmarked page past the end (cancellations are never removed, but a filter may match fewer now): the last page.
  const total = page?.totalCount;
  useEffect(() => {
    if (!page || list.isPlaceholderData || total === undefined) return;
    if (state.offset > 0 && state.offset >= total) {
      const last = pageInfo({ offset: state.offset, pageSize: state.pageSize, total, rowCount: 0 }).lastOffset ?? 0;
      apply(withOffset(state, last), { replace: true });
    }
  }, [page, list.isPlaceholderData, total, state, apply]);

  const info = page ? pageInfo({ offset, pageSize: state.pageSize, total, rowCount: page.items.length }) : undefined;
  const filtered = Object.keys(state.filters).length > 0;
  let summary: ReactNode = null;
  if (page && info && page.items.length > 0) summary = <PageRange info={info} total={total} />;
  else if (page) {
    summary =
      state.offset > 0 ? (
        <EmptyState title={t('cancel.list.emptyPage')}>
          <p>
            <Link to={linkTo(withOffset(state, 0))}>{t('cancel.list.firstPage')}</Link>
          </p>
        </EmptyState>
      ) : (
        <EmptyState title={filtered ? t('cancel.list.empty') : t('cancel.list.emptyNone')}>
          {filtered ? (
            <p>
              <Link to={linkTo(withFilters(state, {}))}>{t('cancel.list.clear')}</Link>
            </p>
          ) : null}
        </EmptyState>
      );
  }

  return (
    <>
      <p>{t('cancel.list.intro')}</p>
      <p>
        <Link to="/cancel-orders/new" className="button">
          {t('cancel.common.newCancellation')}
        </Link>
      </p>
      {/* A filter state from elsewhere (Back, "Clear filters") starts the form afresh. */}
      <FiltersForm
        key={JSON.stringify(state.filters)}
        filters={state.filters}
        onApply={(filters) => apply(withFilters(state, filters))}
        clearTo={linkTo(withFilters(state, {}))}
      />
      <ColumnChooser
        columns={columns}
        required={cancelOrderListDefinition.requiredColumns}
        shown={state.columns}
        onApply={(chosen) => apply(withColumns(state, chosen))}
      />
      <section className="cancel-list__results" aria-labelledby={headingId}>
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          {t('cancel.list.results')}
        </h2>
        <ListProgress fetching={list.isFetching} hasRows={(page?.items.length ?? 0) > 0} />
        {/* Live: the new range (or "no cancellations") is read out when a page, filter or sort arrives. */}
        <div role="status" aria-labelledby={headingId}>
          {summary}
        </div>
        {list.isError && !page ? (
          <ListError
            title={t('cancel.list.loadFailed')}
            error={list.error}
            retrying={list.isFetching}
            onRetry={() => list.refetch()}
            focusAfterRetry={heading}
          />
        ) : null}
        {page && info && page.items.length > 0 ? (
          <>
            <DataTable
              caption={t('cancel.list.caption')}
              columns={shown}
              rows={page.items}
              rowKey={(row) => row.id}
              sort={state.sort}
              sortLabel={sortLabel}
              onSort={(field) => apply(withSort(state, toggledSort(state.sort, field)))}
              busy={list.isFetching}
            />
            <Pagination
              info={info}
              linkTo={(next) => linkTo(withOffset(state, next))}
              pageSize={state.pageSize}
              pageSizes={cancelOrderListDefinition.pageSizes}
              onPageSizeChange={(size) => apply(withPageSize(state, size))}
            />
          </>
        ) : null}
      </section>
    </>
  );
}
