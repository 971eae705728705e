/**
 * The cancellation list's columns, from the field table: headers in the agent's language, cells as on the detail page,
 * and the same value as text (the CSV carries what the screen shows).
 */
import { useMemo } from 'react';
import { useWords } from '../../../lib/i18n/react';
import { Link } from 'react-router-dom';
import type { CancelProductOrderRead } from '../../../api/read-models';
import { NotProvided, type Column } from '../../../components/data-table/data-table';
import { statusLabel } from '../../../components/status-badge';
import { cancelOrderFields, fieldOf, pathOf, valueAt, type CancelFieldShow } from '../../../domain/cancel-order-fields';
import { formatDateTime } from '../../../lib/format';
import type { TFunction } from '../../../lib/i18n/translator';
import { usePrefetchCancelOrder } from '../api/get-cancel-order';
import { cancelOrderColumns, cancelOrderListDefinition, type CancelOrderColumn } from '../model/list-definition';
import { FieldValue } from './field-value';

export type CancelOrderColumnDef = Column<CancelProductOrderRead> & {
  id: CancelOrderColumn;
  /** The cell as plain text ('' when absent): what the export writes. */
  text: (row: CancelProductOrderRead) => string;
};

/** A value as words, by the field table's `show`: a state in the agent's language, a date in the agent's zone. */
function textOf(show: CancelFieldShow, value: unknown, t: TFunction): string {
  if (typeof value !== 'string' || value === '') return '';
  if (show === 'state') return statusLabel(value, t);
  if (show === 'dateTime') return formatDateTime(value);
  return value;
}

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
        text: (row) => textOf(show, valueAt(row, pathOf(id)), t),
        cell: id === 'id' ? idCell : (row) => <FieldValue show={show} value={valueAt(row, pathOf(id))} missing={<NotProvided />} />,
        // A date on one line reads as one value.
        className: show === 'dateTime' ? 'list-page__date' : undefined,
      };
    });
    // `t` is new with each language, so dates and headers are worded anew in it.
  }, [t, prefetch]);
}
