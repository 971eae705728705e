/** GET /troubleTicket: one page of the ticket list, refreshed in the background, the old rows kept until the next. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient, ListQuery } from '../../../api/client';
import { useApi } from '../../../api/api-context';
import { refreshFailureMeta } from '../../../api/query-client';
import { ticketKeys } from '../../../lib/query-keys';

/** How often an open ticket list asks the service again (no live events yet). */
export const LIST_REFRESH_INTERVAL_MS = 60_000;

export const ticketsQueryOptions = (api: ApiClient, query: ListQuery) =>
  queryOptions({
    queryKey: [...ticketKeys.lists(), query] as const,
    queryFn: ({ signal }) => api.listTroubleTickets(query, { signal }),
    // Paging and filtering keep the old rows on screen until the new page arrives, instead of flashing empty.
    placeholderData: keepPreviousData,
    // Live updates (notifications) refetch a list when one of its tickets changes; polling stays as the fallback
    // for when they are off or cut, and the list is checked again whenever the agent comes back to the window.
    refetchInterval: LIST_REFRESH_INTERVAL_MS,
    refetchOnWindowFocus: 'always',
  });

export function useTickets(query: ListQuery) {
  const api = useApi();
  return useQuery({
    ...ticketsQueryOptions(api, query),
    // Names the list in the notice shown when a background refresh fails (the rows stay on screen).
    meta: refreshFailureMeta('tickets.results.refreshFailed'),
  });
}
