/** The cancellation list's columns, from the field table: headers in the agent's language, cells as on the detail page. */
import { useMemo } from 'react';
import { useWords } from '../../../lib/i18n/react';
import { Link } from 'react-router-dom';
import type { CancelProductOrderRead } from '../../../api/read-models';
import { NotProvided, type Column } from '../../../components/data-table/data-table';
import { cancelOrderFields, fieldOf, pathOf, valueAt } from '../../../domain/cancel-order-fields';
import { usePrefetchCancelOrder } from '../api/get-cancel-order';
import { cancelOrderColumns, cancelOrderListDefinition, type CancelOrderColumn } from '../model/list-definition';
import { FieldValue } from './field-value';

export type CancelOrderColumnDef = Column<CancelProductOrderRead> & { id: CancelOrderColumn };

export function useCancelOrderColumns(): CancelOrderColumnDef[] {
  const t = useWords();
  // The detail starts loading when a row's link is hovered or focused, so opening it is usually instant.
  const prefetch = usePrefetchCancelOrder();
  return useMemo(() => {
    // The row's link is the id's cell; every other cell shows its value as the detail page does.
    const idCell: CancelOrderColumnDef['cell'] = (row) => (
      <Link
        to={`/cancel-orders/${encodeURIComponent(row.id)}`}
        onMouseEnter={() => prefetch(row.id)}
        onFocus={() => prefetch(row.id)}
      >
        {row.id}
      </Link>
    );
    return cancelOrderColumns.map((id): CancelOrderColumnDef => {
      const { show, column } = fieldOf(id);
      return {
        id,
        header: t(cancelOrderFields[id].label),
        rowHeader: column?.required,
        sortable: cancelOrderListDefinition.sortable.includes(id),
        cell: id === 'id' ? idCell : (row) => <FieldValue show={show} value={valueAt(row, pathOf(id))} missing={<NotProvided />} />,
      };
    });
    // `t` is new with each language, so dates and headers are worded anew in it.
  }, [t, prefetch]);
}
