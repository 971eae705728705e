/**
 * Every query of tickets, one `queryOptions` factory (TkDodo's): the list, the detail and the counts, each with its
 * key (src/lib/query-keys.ts), its request and what it keeps between pages. Every screen and prefetch uses it; it sits
 * below the features because several read tickets (the list and detail, a follow-up's wizard).
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TicketStatus } from '../domain/ticket';
import { ticketStatuses } from '../domain/ticket-status';
import { overdueFilters } from '../lib/overdue';
import { ticketKeys } from '../lib/query-keys';
import type { ApiClient, Count, ListQuery } from './client';

/** How often an open ticket list asks the service again when no live event says it changed. */
export const LIST_REFRESH_INTERVAL_MS = 60_000;

export type TicketCounts = {
  /** Each exact, or a floor when the service sent no usable X-Total-Count. */
  total: Count;
  byStatus: Record<TicketStatus, Count>;
};

/**
 * One small request per status (limit=1, fields=status) and one for all: the service's X-Total-Count is the count.
 * Ten parallel requests beat loading every ticket; the interface has no aggregate operation.
 */
async function fetchTicketCounts(api: ApiClient, signal: AbortSignal): Promise<TicketCounts> {
  // Only X-Total-Count is read: no body is parsed, so the overview needs none of the schemas (0026).
  const count = (status?: TicketStatus) => api.countTroubleTickets(status ? { status } : {}, { signal });
  const [total, ...perStatus] = await Promise.all([count(), ...ticketStatuses.map((status) => count(status))]);
  const byStatus = Object.fromEntries(ticketStatuses.map((status, i) => [status, perStatus[i]])) as TicketCounts['byStatus'];
  return { total, byStatus };
}

export const ticketQueries = {
  /** GET /troubleTicket: one page of a list. */
  list: (api: ApiClient, query: ListQuery) =>
    queryOptions({
      queryKey: ticketKeys.list(query),
      queryFn: ({ signal }) => api.listTroubleTickets(query, { signal }),
      // Paging and filtering keep the old rows on screen until the new page arrives, instead of flashing empty.
      placeholderData: keepPreviousData,
      // Live updates (notifications) refetch a list when one of its tickets changes; polling stays as the fallback
      // for when they are off or cut, and the list is checked again whenever the agent comes back to the window.
      refetchInterval: LIST_REFRESH_INTERVAL_MS,
      refetchOnWindowFocus: 'always',
    }),

  /** GET /troubleTicket/{id}: the detail page and a follow-up's wizard read and fill the same cache entry. */
  detail: (api: ApiClient, id: string) =>
    queryOptions({
      queryKey: ticketKeys.detail(id),
      queryFn: ({ signal }) => api.retrieveTroubleTicket(id, { signal }),
    }),

  /** The overview's counts: all tickets and per status, from X-Total-Count (the interface has no aggregate). */
  statusCounts: (api: ApiClient) =>
    queryOptions({
      queryKey: ticketKeys.counts(),
      queryFn: ({ signal }) => fetchTicketCounts(api, signal),
    }),

  /**
   * How many tickets are past their expected resolution and still awaiting it (0035). Under the counts' key, so it
   * refreshes with them; a floor when the service does not count.
   */
  overdueCount: (api: ApiClient) =>
    queryOptions({
      queryKey: ticketKeys.overdueCount(),
      queryFn: ({ signal }) => api.countTroubleTickets(overdueFilters(Date.now()), { signal }),
    }),
};
