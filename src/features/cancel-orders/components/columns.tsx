/** The cancellation list's columns: headers in the agent's language, cells as on the detail page. */
import { useMemo } from 'react';
import type { MessageKey } from '../../../lib/i18n/keys';
import { useWords } from '../../../lib/i18n/react';
import { Link } from 'react-router-dom';
import type { CancelProductOrderRead } from '../../../api/read-models';
import { NotProvided, type Column } from '../../../components/data-table/data-table';
import { StatusBadge } from '../../../components/status-badge';
import { formatDateTime } from '../../../lib/format';
import { usePrefetchCancelOrder } from '../api/get-cancel-order';
import type { CancelOrderColumn } from '../model/list-definition';

export type CancelOrderColumnDef = Column<CancelProductOrderRead> & { id: CancelOrderColumn };

function DateCell({ value }: { value: string | undefined }) {
  return value ? <time dateTime={value}>{formatDateTime(value)}</time> : <NotProvided />;
}

const headerKeys: Record<CancelOrderColumn, MessageKey> = {
  id: 'cancel.fields.id',
  productOrder: 'cancel.fields.productOrderId',
  state: 'cancel.fields.state',
  cancellationReason: 'cancel.fields.cancellationReason',
  requestedCancellationDate: 'cancel.fields.requestedCancellationDate',
  effectiveCancellationDate: 'cancel.fields.effectiveCancellationDate',
  creationDate: 'cancel.fields.creationDate',
};

export function useCancelOrderColumns(): CancelOrderColumnDef[] {
  const t = useWords();
  // The detail starts loading when a row's link is hovered or focused, so opening it is usually instant.
  const prefetch = usePrefetchCancelOrder();
  return useMemo(() => {
    const cells: Record<CancelOrderColumn, Omit<CancelOrderColumnDef, 'id' | 'header'>> = {
      id: {
        rowHeader: true,
        sortable: true,
        cell: (row) => (
          <Link
            to={`/cancel-orders/${encodeURIComponent(row.id)}`}
            onMouseEnter={() => prefetch(row.id)}
            onFocus={() => prefetch(row.id)}
          >
            {row.id}
          </Link>
        ),
      },
      productOrder: { cell: (row) => row.productOrder?.id ?? <NotProvided /> },
      state: { sortable: true, cell: (row) => (row.state ? <StatusBadge status={row.state} /> : <NotProvided />) },
      cancellationReason: { cell: (row) => row.cancellationReason || <NotProvided /> },
      requestedCancellationDate: { sortable: true, cell: (row) => <DateCell value={row.requestedCancellationDate} /> },
      effectiveCancellationDate: { sortable: true, cell: (row) => <DateCell value={row.effectiveCancellationDate} /> },
      creationDate: { sortable: true, cell: (row) => <DateCell value={row.creationDate} /> },
    };
    return (Object.keys(cells) as CancelOrderColumn[]).map((id) => ({ id, header: t(headerKeys[id]), ...cells[id] }));
    // `t` is new with each language, so dates and headers are worded anew in it.
  }, [t, prefetch]);
}
