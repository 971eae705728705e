/** The overview's ticket counts: all tickets and per status, read from X-Total-Count (the interface has no aggregate). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient, Count } from '../../../api/client';
import { useApi } from '../../../api/api-context';
import type { TicketStatus } from '../../../domain/ticket';
import { ticketStatuses } from '../../../domain/ticket-status';
import { ticketKeys } from '../../../lib/query-keys';

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

export const ticketCountsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: ticketKeys.counts(),
    queryFn: ({ signal }) => fetchTicketCounts(api, signal),
  });

export function useTicketCounts() {
  return useQuery(ticketCountsQueryOptions(useApi()));
}
