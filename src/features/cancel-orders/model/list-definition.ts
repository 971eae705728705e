/** What the cancellation list offers, from the field table: its filters, columns (first-level attributes), sort, pages. */
import type { ListDefinition } from '../../../components/data-table/list-state';
import {
  cancelOrderColumnKeys,
  cancelOrderFields,
  cancelOrderFilterKeys,
  fieldOf,
  type CancelOrderColumnKey,
  type CancelOrderFilterParams,
} from '../../../domain/cancel-order-fields';
import { MAX_LIMIT } from '../../../domain/list';

/** Columns in table order; each id is the attribute it shows, so the shown columns are the `fields` asked for. */
export const cancelOrderColumns = cancelOrderColumnKeys;
export type CancelOrderColumn = CancelOrderColumnKey;

export type CancelOrderFilters = CancelOrderFilterParams;

/** Each filter's field and URL parameter (its own name unless the table gives one), in table order. */
export const cancelOrderFilterParams = cancelOrderFilterKeys.map((key) => {
  const { filter } = cancelOrderFields[key];
  return { key, param: ('param' in filter && filter.param) || key, filter, path: fieldOf(key).path ?? key };
});

const cancelOrderFilters = Object.fromEntries(cancelOrderFilterParams.map(({ param, filter }) => [param, filter])) as CancelOrderFilters;

/** The attribute a filter's URL parameter matches in the service's query (`productOrderId` -> `productOrder.id`). */
export const filterPaths: Readonly<Record<string, string>> = Object.fromEntries(cancelOrderFilterParams.map(({ param, path }) => [param, path]));

const columnsWhere = (test: (column: { shown?: boolean; required?: boolean }) => boolean | undefined) =>
  cancelOrderColumns.filter((key) => test(cancelOrderFields[key].column));

export const cancelOrderListDefinition: ListDefinition<CancelOrderFilters> = {
  filters: cancelOrderFilters,
  columns: cancelOrderColumns,
  requiredColumns: columnsWhere((column) => column.required),
  defaultColumns: columnsWhere((column) => column.required || column.shown),
  sortable: cancelOrderColumns.filter((key) => fieldOf(key).sort === 'list'),
  // The service's own default (docs/decisions/0010): newest first.
  defaultSort: { field: 'creationDate', descending: true },
  pageSizes: [10, 20, 50, MAX_LIMIT],
  defaultPageSize: 20,
};
