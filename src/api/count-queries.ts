/**
 * The counts the overview shows, one `queryOptions` factory imported whole (`import * as countQueries`): all tickets
 * and per status, the overdue ones, the cancellations, each read from X-Total-Count (the interface has no aggregate),
 * with its key under its resource's (src/lib/query-keys.ts), so a create or an event that refreshes a resource
 * refreshes its counts. Apart from the resources' other queries because the overview is the first screen: this
 * module is all of them it carries (decision 0026).
 */
import { queryOptions } from '@tanstack/react-query';
import type { TicketStatus } from '../domain/ticket';
import { ticketStatuses } from '../domain/ticket-status';
import { overdueFilters } from '../lib/overdue';
import { cancelOrderKeys, ticketKeys } from '../lib/query-keys';
import type { ApiClient, Count } from './client';

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

/** All tickets and per status. */
export const tickets = (api: ApiClient) =>
  queryOptions({
    queryKey: ticketKeys.counts(),
    queryFn: ({ signal }) => fetchTicketCounts(api, signal),
  });

/** Tickets past their expected resolution and still awaiting it (0035); under the tickets' counts, so it refreshes with them. */
export const overdueTickets = (api: ApiClient) =>
  queryOptions({
    queryKey: ticketKeys.overdueCount(),
    queryFn: ({ signal }) => api.countTroubleTickets(overdueFilters(Date.now()), { signal }),
  });

/** Every cancellation: X-Total-Count of a one-item page (a floor when the service sends none). */
export const cancelOrders = (api: ApiClient) =>
  queryOptions({
    queryKey: cancelOrderKeys.count(),
    queryFn: ({ signal }) => api.countCancelProductOrders({}, { signal }),
  });
