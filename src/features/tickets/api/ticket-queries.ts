/** TanStack Query factories for tickets: keys go from generic to specific, so `ticketQueries.all` invalidates them all. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient, ListQuery } from '../../../api/client';
import type { TicketStatus } from '../../../domain/ticket';
import { ticketStatuses } from '../../../domain/ticket-status';
import { overdueFilters } from '../../../lib/overdue';
import { ticketKeys } from '../../../lib/query-keys';

export type TicketCounts = {
  /** undefined when the service sent no usable X-Total-Count. */
  total: number | undefined;
  byStatus: Record<TicketStatus, number | undefined>;
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

const all = ticketKeys.all;

/** How often an open ticket list asks the service again (no live events yet). */
export const LIST_REFRESH_INTERVAL_MS = 60_000;

export const ticketQueries = {
  all,
  counts: (api: ApiClient) =>
    queryOptions({
      queryKey: ticketKeys.counts(),
      queryFn: ({ signal }) => fetchTicketCounts(api, signal),
    }),
  /** Tickets past their expected resolution and still awaiting it (0035); under `counts`, so it refreshes with them. */
  overdue: (api: ApiClient) =>
    queryOptions({
      queryKey: [...ticketKeys.counts(), 'overdue'] as const,
      queryFn: ({ signal }) => api.countTroubleTickets(overdueFilters(Date.now()), { signal }),
    }),
  list: (api: ApiClient, query: ListQuery) =>
    queryOptions({
      queryKey: [...ticketKeys.lists(), query] as const,
      queryFn: ({ signal }) => api.listTroubleTickets(query, { signal }),
      // Paging and filtering keep the old rows on screen until the new page arrives, instead of flashing empty.
      placeholderData: keepPreviousData,
      // Live updates (notifications) refetch a list when one of its tickets changes; polling stays as the fallback
      // for when they are off or cut, and the list is checked again whenever the agent comes back to the window.
      refetchInterval: LIST_REFRESH_INTERVAL_MS,
      refetchOnWindowFocus: 'always',
    }),
  detail: (api: ApiClient, id: string) =>
    queryOptions({
      queryKey: ticketKeys.detail(id),
      queryFn: ({ signal }) => api.retrieveTroubleTicket(id, { signal }),
    }),
};
