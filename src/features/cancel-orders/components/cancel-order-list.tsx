/**
 * The cancellation list, on the same pieces as the ticket list: the compact filter bar and its chips, the column
 * chooser, compact rows, paging and the CSV export, all of it in the URL, read from GET /cancelProductOrder.
 */
import { useMemo, type ReactNode } from 'react';
import { useWords } from '../../../lib/i18n/react';
import { useSession } from '../../../lib/session';
import { Link } from 'react-router-dom';
import type { CancelProductOrderRead } from '../../../api/read-models';
import { ColumnChooser } from '../../../components/data-table/column-chooser';
import type { PageFetcher } from '../../../components/data-table/export-csv';
import { ExportPanel, type ExportWordKeys } from '../../../components/data-table/export-panel';
import { ListPage } from '../../../components/data-table/list-page';
import { ListResults, listWordKeys } from '../../../components/data-table/list-results';
import { withColumns, withFilters } from '../../../components/data-table/list-state';
import { useListState } from '../../../components/data-table/use-list-state';
import { useCancelOrders } from '../api/get-cancel-orders';
import './cancel-orders.css';
import '../cancel-section';
import { CancelOrderListChips } from './cancel-order-list-chips';
import { useCancelOrderColumns } from './columns';
import { FiltersForm } from './filters-form';
import { cancelOrderListDefinition } from '../model/list-definition';
import { listQuery, viewQuery } from '../model/list-query';

const rowKey = (row: CancelProductOrderRead) => row.id;

const wordKeys = listWordKeys('cancel.list', { heading: 'cancel.list.results', clearFilters: 'cancel.list.clear' });

const fetchPage: PageFetcher<CancelProductOrderRead> = (api, query, options) => api.listCancelProductOrders(query, options);
const exportWords: ExportWordKeys = {
  progress: 'cancel.list.export.progress',
  progressUnknownTotal: 'cancel.list.export.progressUnknownTotal',
  fileName: 'cancel.list.export.fileName',
};

/** `heading`: the page's h1, shown on one line with the filter bar (a dense list shows more rows). */
export function CancelOrderList({ heading }: { heading?: ReactNode }) {
  const t = useWords();
  const { canWrite } = useSession();
  const controls = useListState(cancelOrderListDefinition);
  const { state, linkTo, apply } = controls;
  const query = useMemo(() => listQuery(state), [state]);
  const view = useMemo(() => viewQuery(state), [state]);
  const list = useCancelOrders(query);
  const columns = useCancelOrderColumns();
  const shown = useMemo(() => columns.filter((column) => state.columns.includes(column.id)), [columns, state.columns]);
  const sortLabel = columns.find((column) => column.id === state.sort.field)?.header;

  return (
    <ListPage
      className="cancel-list"
      heading={heading}
      filters={
        // A new filter state from elsewhere (Back, a chip, "Clear filters") starts the form afresh.
        <FiltersForm
          key={JSON.stringify(state.filters)}
          filters={state.filters}
          onApply={(filters) => apply(withFilters(state, filters))}
          clearTo={linkTo(withFilters(state, {}))}
        />
      }
      intro={
        <>
          <p>{t('cancel.list.intro')}</p>
          {canWrite ? (
            <Link to="/cancel-orders/new" className="button">
              {t('cancel.common.newCancellation')}
            </Link>
          ) : null}
        </>
      }
      chips={<CancelOrderListChips state={state} linkTo={linkTo} />}
    >
      <ListResults
        className="cancel-list__results"
        list={list}
        controls={controls}
        columns={shown}
        rowKey={rowKey}
        sortLabel={sortLabel}
        pageSizes={cancelOrderListDefinition.pageSizes}
        wordKeys={wordKeys}
        actions={() => (
          <ColumnChooser
            columns={columns}
            required={cancelOrderListDefinition.requiredColumns}
            shown={state.columns}
            onApply={(chosen) => apply(withColumns(state, chosen))}
          />
        )}
        footer={(hasRows) => (
          <div className="list-page__export">
            <ExportPanel view={view} columns={shown} canStart={hasRows} fetchPage={fetchPage} wordKeys={exportWords} />
          </div>
        )}
      />
    </ListPage>
  );
}
