/** What the ticket list offers: its filters, columns (each a first-level attribute), sort fields and page sizes. */
import type { ListDefinition } from '../../../components/data-table/list-state';
import { MAX_LIMIT } from '../../../domain/list';
import { ticketStatuses, ticketTypes } from '../../../domain/ticket';

/** Columns in table order; each id is the attribute it shows, so the chosen columns are the `fields` to ask for. */
export const ticketColumns = [
  'id',
  'externalIdentifier',
  'status',
  'ticketType',
  'categoryId',
  'accessLineId',
  'creationDate',
  'lastUpdate',
  'expectedResolutionDate',
  'requestedResolutionDate',
  'statusChangeReason',
  'description',
] as const;
export type TicketColumn = (typeof ticketColumns)[number];

const ticketFilters = {
  status: { kind: 'multi', options: ticketStatuses },
  ticketType: { kind: 'multi', options: ticketTypes },
  // Lengths are the interface's: categoryId 1 to 8, an external identifier's id 1 to 36 (decisions.md).
  categoryId: { kind: 'text', maxLength: 8 },
  externalId: { kind: 'text', maxLength: 36 },
  createdFrom: { kind: 'date' },
  createdTo: { kind: 'date' },
  // "Overdue only" (docs/decisions/0035): expected resolution passed and resolution still awaited.
  due: { kind: 'multi', options: ['overdue'] },
} as const;
export type TicketFilters = typeof ticketFilters;

/** Arrays (externalIdentifier) and long text (description, statusChangeReason) have no useful order. */
const unsortable: ReadonlySet<TicketColumn> = new Set(['externalIdentifier', 'description', 'statusChangeReason']);

export const ticketListDefinition: ListDefinition<TicketFilters> = {
  filters: ticketFilters,
  columns: ticketColumns,
  requiredColumns: ['id'],
  // What is due before the last update (decision 0035): 20 compact rows fit 1366 px without a sideways scroll.
  defaultColumns: ['id', 'externalIdentifier', 'status', 'ticketType', 'categoryId', 'creationDate', 'expectedResolutionDate'],
  sortable: ticketColumns.filter((column) => !unsortable.has(column)),
  // The service's own default (docs/decisions/0010): newest first.
  defaultSort: { field: 'creationDate', descending: true },
  pageSizes: [10, 20, 50, MAX_LIMIT],
  defaultPageSize: 20,
};
