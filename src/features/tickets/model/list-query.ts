/** The ticket list's state as the service's list query: filters, `fields` from the shown columns, sort and page. */
import type { ListQuery } from '../../../api/client';
import type { FilterValues, ListState } from '../../../components/data-table/list-state';
import { ticketFilterNames } from '../../../domain/ticket-fields';
import { overdueFilters } from '../../../lib/overdue';
import { columnFields, columnSortFields, type TicketColumn, type TicketFilters } from './list-definition';

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/**
 * The start of a calendar day in the agent's own time zone, as RFC 3339 with its offset ("2026-10-05T00:00:00+02:00"):
 * "created from 5 October" means from the agent's midnight, not UTC's (the service compares instants).
 */
export function startOfLocalDay(day: string, plusDays = 0): string {
  const [year, month, date] = day.split('-').map(Number);
  const local = new Date(year, month - 1, date + plusDays);
  const offset = -local.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return (
    `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}` +
    `T${pad(local.getHours())}:${pad(local.getMinutes())}:00${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`
  );
}

/**
 * Filters in the service's syntax (docs/mock-api.md): equality with comma = OR (a plain field under its own name), a
 * dotted path into the external identifiers, and `creationDate.gte` / `.lt` for the days chosen ("to" includes its
 * whole day). "Overdue only" asks for the statuses awaiting resolution and `expectedResolutionDate.lt=<now>` (0035);
 * `now` is the caller's clock, rounded to the minute, so the query (and its cache key) changes once a minute, not on
 * every render.
 */
export function serviceFilters(filters: FilterValues<TicketFilters>, now = Date.now()): NonNullable<ListQuery['filters']> {
  return {
    status: filters.status,
    ticketType: filters.ticketType,
    'externalIdentifier.id': filters.externalId,
    ...Object.fromEntries(ticketFilterNames.map((name) => [name, filters[name]])),
    'channel.name': filters.channel,
    'creationDate.gte': filters.createdFrom ? startOfLocalDay(filters.createdFrom) : undefined,
    'creationDate.lt': filters.createdTo ? startOfLocalDay(filters.createdTo, 1) : undefined,
    ...(filters.due?.includes('overdue') ? overdueFilters(now, filters.status) : {}),
  };
}

/** The due column judges a date by the ticket's status too, so status is fetched with it even when not shown. */
function fieldsFor(columns: readonly string[]): readonly string[] {
  return columns.includes('expectedResolutionDate') && !columns.includes('status') ? [...columns, 'status'] : columns;
}

/** Without paging: the same view for every page (the export walks it page by page). */
export function viewQuery(state: ListState<TicketFilters>, now?: number): Omit<ListQuery, 'offset' | 'limit'> {
  const columns = state.columns as readonly TicketColumn[];
  const sortField = columnSortFields[state.sort.field as TicketColumn] ?? state.sort.field;
  return {
    // Only what is shown is fetched; id is one of the columns (the service returns it, href and @type anyway).
    fields: fieldsFor(columns.flatMap((column) => columnFields[column] ?? [column])),
    sort: `${state.sort.descending ? '-' : ''}${sortField}`,
    filters: serviceFilters(state.filters, now),
  };
}

export function listQuery(state: ListState<TicketFilters>, now?: number): ListQuery {
  return { ...viewQuery(state, now), offset: state.offset, limit: state.pageSize };
}
