/**
 * GET /troubleTicket/{id} for a follow-up (dispute, copy), on the ticket detail page's query key: coming from that page,
 * the ticket the agent just looked at is there already.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/client';
import { useApi } from '../../../api/api-context';
import { ticketKeys } from '../../../lib/query-keys';

export const followedTicketQueryOptions = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: ticketKeys.detail(id),
    queryFn: ({ signal }) => api.retrieveTroubleTicket(id, { signal }),
  });

export function useFollowedTicket(id: string) {
  return useQuery(followedTicketQueryOptions(useApi(), id));
}
