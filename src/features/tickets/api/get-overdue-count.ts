/** How many tickets are past their expected resolution and still awaiting it (0035), from X-Total-Count. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/client';
import { useApi } from '../../../api/api-context';
import { overdueFilters } from '../../../lib/overdue';
import { ticketKeys } from '../../../lib/query-keys';

/** Under `counts`, so it refreshes with them. Never undefined (TanStack's failure): a floor when the service does not count. */
export const overdueCountQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: [...ticketKeys.counts(), 'overdue'] as const,
    queryFn: ({ signal }) => api.countTroubleTickets(overdueFilters(Date.now()), { signal }),
  });

export function useOverdueCount() {
  return useQuery(overdueCountQueryOptions(useApi()));
}
