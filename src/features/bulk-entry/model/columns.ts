/**
 * The columns a bulk file may have: the wizard's plain inputs of the field table (a fault's: a dispute-only input is
 * never sent for a fault), named as the table names them, and the per-line parts of the nested objects. The example
 * file and the header check derive from this list, so no column is written twice.
 */
import { ticketField, ticketInputNames, type TicketInputName } from '../../../domain/ticket-fields';
import type { MessageKey } from '../../../lib/i18n/keys';

/** Per-line parts of nested objects: the identifier, the affected product and the location's contact. */
export const nestedColumns = ['externalIdentifier', 'affectedProductId', 'locationContactFamilyName', 'locationContactGivenName', 'locationContactPhone'] as const;
export type NestedColumn = (typeof nestedColumns)[number];

export const plainColumns: readonly TicketInputName[] = ticketInputNames.filter((name) => ticketField(name).only !== 'dispute');

export type BulkColumn = NestedColumn | TicketInputName;

/** In the order the example file and the grid show them. */
export const bulkColumns: readonly BulkColumn[] = ['externalIdentifier', ...plainColumns, ...nestedColumns.slice(1)];

const byLowerName = new Map(bulkColumns.map((name) => [name.toLowerCase(), name]));

/** A header cell as a column: the name as the table spells it, in any case, spaces around ignored. */
export function columnOf(header: string): BulkColumn | undefined {
  return byLowerName.get(header.trim().toLowerCase());
}

export const isPlainColumn = (column: BulkColumn): column is TicketInputName => (plainColumns as readonly string[]).includes(column);

/** The catalogue key of a column's label: a plain field's one label, else the bulk page's words. */
export const columnLabelKey = (column: BulkColumn): MessageKey =>
  (isPlainColumn(column) ? ticketField(column).label : `bulk.columns.${column}`) as MessageKey;
