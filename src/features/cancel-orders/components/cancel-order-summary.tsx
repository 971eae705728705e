/** The facts of one cancellation as a summary list: what it cancels, why, when, and where it stands. */
import type { ReactNode } from 'react';
import { useWords } from '../../../lib/i18n/react';
import type { CancelProductOrderRead } from '../../../api/read-models';
import { StatusBadge } from '../../../components/status-badge';
import { formatDateTime } from '../../../lib/format';
import { openCancelOrderStates } from '../model/open-states';

function DateTime({ value }: { value: string }) {
  return <time dateTime={value}>{formatDateTime(value)}</time>;
}

export function CancelOrderSummary({ order }: { order: CancelProductOrderRead }) {
  const t = useWords();
  const notProvided = <span className="summary-list__none">{t('cancel.common.notProvided')}</span>;
  const open = (openCancelOrderStates as readonly (string | undefined)[]).includes(order.state);
  const rows: [label: string, value: ReactNode][] = [
    [t('cancel.fields.productOrderId'), order.productOrder?.id ?? notProvided],
    [t('cancel.fields.state'), order.state ? <StatusBadge status={order.state} /> : notProvided],
    [t('cancel.fields.cancellationReason'), order.cancellationReason || notProvided],
    [
      t('cancel.fields.requestedCancellationDate'),
      order.requestedCancellationDate ? <DateTime value={order.requestedCancellationDate} /> : notProvided,
    ],
    [
      t('cancel.fields.effectiveCancellationDate'),
      order.effectiveCancellationDate ? (
        <DateTime value={order.effectiveCancellationDate} />
      ) : open ? (
        <span className="summary-list__none">{t('cancel.detail.notYet')}</span>
      ) : (
        notProvided
      ),
    ],
    [t('cancel.fields.creationDate'), order.creationDate ? <DateTime value={order.creationDate} /> : notProvided],
  ];
  return (
    <dl className="summary-list">
      {rows.map(([label, value]) => (
        <div className="summary-list__row" key={label}>
          <dt className="summary-list__key">{label}</dt>
          <dd className="summary-list__value">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
