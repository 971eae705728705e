/** One cancellation field's value as the check page, the detail page and the list show it, by the field table's `show`. */
import type { ReactNode } from 'react';
import type { CancelFieldShow } from '../../../domain/cancel-order-fields';
import { StatusBadge } from '../../../components/status-badge';
import { formatDateTime } from '../../../lib/format';

/** `missing`: what stands for an absent or empty value (each place says "Not provided" in its own way). */
export function FieldValue({ show, value, missing }: { show: CancelFieldShow; value: unknown; missing: ReactNode }) {
  if (typeof value !== 'string' || value === '') return <>{missing}</>;
  if (show === 'dateTime') return <time dateTime={value}>{formatDateTime(value)}</time>;
  if (show === 'state') return <StatusBadge status={value} />;
  return <>{value}</>;
}
