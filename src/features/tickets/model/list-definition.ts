/**
 * What the ticket list offers: its filters, columns (each a first-level attribute), sort fields and page sizes. The
 * plain fields' columns, sorts and filters come from the ticket's field table (src/domain/ticket-fields.ts), in its
 * order; the nested ones (external identifiers, channel) and the status and type are written here.
 */
import type { FilterDefinition, ListDefinition } from '../../../components/data-table/list-state';
import { MAX_LIMIT } from '../../../domain/list';
import { ticketStatuses, ticketTypes } from '../../../domain/ticket';
import {
  maxLengthOf,
  ticketColumnNames,
  ticketField,
  ticketFilterNames,
  WORD_FILTER_MAX,
  type TicketColumnName,
  type TicketFilterName,
} from '../../../domain/ticket-fields';

/** Columns in table order; each id is the attribute it shows, so the chosen columns are the `fields` to ask for. */
export const ticketColumns = ['id', 'externalIdentifier', 'status', 'ticketType', ...ticketColumnNames, 'channel'] as const;
export type TicketColumn = (typeof ticketColumns)[number];

/** A plain field's column (its cell and header come from the field table). */
export const isPlainColumn = (column: TicketColumn): column is TicketColumnName =>
  (ticketColumnNames as readonly string[]).includes(column);

/**
 * The attributes a column asks the service for (`fields=`), where it is not just its own name: the v5 name and the
 * older spelling a service may answer with instead (docs/decisions/0027), so either reading finds its value.
 */
export const columnFields: Partial<Record<TicketColumn, readonly string[]>> = {
  externalIdentifier: ['externalIdentifier', 'externalId'],
  ...Object.fromEntries(
    ticketColumnNames.flatMap((name) => {
      const older = ticketField(name).older;
      return older ? [[name, [name, ...older]]] : [];
    }),
  ),
};

/** The attribute the service sorts a column by, where it is not the column's own (a channel by its name). */
export const columnSortFields: Partial<Record<TicketColumn, string>> = {
  channel: 'channel.name',
};

type TextFilter = { kind: 'text'; maxLength: number };

/** A plain field's filter: equality on the field, as long as the schema (or the table) allows. */
const plainFilters = Object.fromEntries(
  ticketFilterNames.map((name) => [name, { kind: 'text', maxLength: maxLengthOf(name) ?? WORD_FILTER_MAX } satisfies FilterDefinition]),
) as Record<TicketFilterName, TextFilter>;

const ticketFilters = {
  status: { kind: 'multi', options: ticketStatuses },
  ticketType: { kind: 'multi', options: ticketTypes },
  // An external identifier's id is 1 to 36 characters (decisions.md).
  externalId: { kind: 'text', maxLength: 36 },
  ...plainFilters,
  // The channel's name is the service's own word, matched exactly (equality, TMF630): no list of values to offer.
  channel: { kind: 'text', maxLength: WORD_FILTER_MAX },
  createdFrom: { kind: 'date' },
  createdTo: { kind: 'date' },
  // "Overdue only" (docs/decisions/0035): expected resolution passed and resolution still awaited.
  due: { kind: 'multi', options: ['overdue'] },
} as const;
export type TicketFilters = typeof ticketFilters;

/** The free-text filters, each one input with a length bound: the external id, the plain fields', the channel's. */
export const textFilterNames = ['externalId', ...ticketFilterNames, 'channel'] as const;
export type TextFilterName = (typeof textFilterNames)[number];

/** Besides the plain fields the list sorts by (`sort: 'list'`); arrays (externalIdentifier) have no useful order. */
const handSortable: readonly TicketColumn[] = ['id', 'status', 'ticketType', 'channel'];

export const ticketListDefinition: ListDefinition<TicketFilters> = {
  filters: ticketFilters,
  columns: ticketColumns,
  requiredColumns: ['id'],
  // What is due before the last update (decision 0035): 20 compact rows fit 1366 px without a sideways scroll.
  defaultColumns: ['id', 'externalIdentifier', 'status', 'ticketType', ...ticketColumnNames.filter((name) => ticketField(name).column?.shown)],
  sortable: ticketColumns.filter(
    (column) => handSortable.includes(column) || (isPlainColumn(column) && ticketField(column).sort === 'list'),
  ),
  // The service's own default (docs/decisions/0010): newest first.
  defaultSort: { field: 'creationDate', descending: true },
  pageSizes: [10, 20, 50, MAX_LIMIT],
  defaultPageSize: 20,
};
