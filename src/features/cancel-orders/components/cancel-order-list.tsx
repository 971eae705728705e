/** The cancellation list: filters, columns, sort and page, all of it in the URL, read from GET /cancelProductOrder. */
import { useMemo } from 'react';
import { useWords } from '../../../lib/i18n/react';
import { useSession } from '../../../lib/session';
import { Link } from 'react-router-dom';
import type { CancelProductOrderRead } from '../../../api/read-models';
import { ColumnChooser } from '../../../components/data-table/column-chooser';
import { ListResults, listWordKeys } from '../../../components/data-table/list-results';
import { withColumns, withFilters } from '../../../components/data-table/list-state';
import { useListState } from '../../../components/data-table/use-list-state';
import { useCancelOrders } from '../api/get-cancel-orders';
import './cancel-orders.css';
import '../cancel-section';
import { useCancelOrderColumns } from './columns';
import { FiltersForm } from './filters-form';
import { cancelOrderListDefinition } from '../model/list-definition';
import { listQuery } from '../model/list-query';

const rowKey = (row: CancelProductOrderRead) => row.id;

const wordKeys = listWordKeys('cancel.list', { heading: 'cancel.list.results', clearFilters: 'cancel.list.clear' });

export function CancelOrderList() {
  const t = useWords();
  const { canWrite } = useSession();
  const controls = useListState(cancelOrderListDefinition);
  const { state, linkTo, apply } = controls;
  const query = useMemo(() => listQuery(state), [state]);
  const list = useCancelOrders(query);
  const columns = useCancelOrderColumns();
  const shown = columns.filter((column) => state.columns.includes(column.id));
  const sortLabel = columns.find((column) => column.id === state.sort.field)?.header;

  return (
    <>
      <p>{t('cancel.list.intro')}</p>
      {canWrite ? (
        <p>
          <Link to="/cancel-orders/new" className="button">
            {t('cancel.common.newCancellation')}
          </Link>
        </p>
      ) : null}
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
      <ListResults
        className="cancel-list__results"
        list={list}
        controls={controls}
        columns={shown}
        rowKey={rowKey}
        sortLabel={sortLabel}
        pageSizes={cancelOrderListDefinition.pageSizes}
        wordKeys={wordKeys}
      />
    </>
  );
}
