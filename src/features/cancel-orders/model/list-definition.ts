/** What the cancellation list offers: its filters, columns (each a first-level attribute), sort fields, page sizes. */
import type { ListDefinition } from '../../../components/data-table/list-state';
import { cancelOrderStates } from '../../../domain/cancel-order';
import { MAX_LIMIT } from '../../../domain/list';

/** Columns in table order; each id is the attribute it shows, so the shown columns are the `fields` asked for. */
export const cancelOrderColumns = [
  'id',
  'productOrder',
  'state',
  'cancellationReason',
  'requestedCancellationDate',
  'effectiveCancellationDate',
  'creationDate',
] as const;
export type CancelOrderColumn = (typeof cancelOrderColumns)[number];

/** The interface sets no length for a product order id; a bound keeps a pasted page of text out of the URL. */
export const PRODUCT_ORDER_ID_FILTER_MAX = 100;

const cancelOrderFilters = {
  state: { kind: 'multi', options: cancelOrderStates },
  // `?productOrderId=` is also how the create flow's 202 and 409 pages link to one order's cancellations.
  productOrderId: { kind: 'text', maxLength: PRODUCT_ORDER_ID_FILTER_MAX },
} as const;
export type CancelOrderFilters = typeof cancelOrderFilters;

/** An object (productOrder) and free text (the reason) have no useful order. */
const unsortable: ReadonlySet<CancelOrderColumn> = new Set(['productOrder', 'cancellationReason']);

export const cancelOrderListDefinition: ListDefinition<CancelOrderFilters> = {
  filters: cancelOrderFilters,
  columns: cancelOrderColumns,
  requiredColumns: ['id'],
  defaultColumns: ['id', 'productOrder', 'state', 'requestedCancellationDate', 'creationDate'],
  sortable: cancelOrderColumns.filter((column) => !unsortable.has(column)),
  // The service's own default (docs/decisions/0010): newest first.
  defaultSort: { field: 'creationDate', descending: true },
  pageSizes: [10, 20, 50, MAX_LIMIT],
  defaultPageSize: 20,
};
