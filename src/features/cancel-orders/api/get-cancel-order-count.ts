/** How many cancellations exist: X-Total-Count of a one-item page (null when the service sends none). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/client';
import { useApi } from '../../../api/api-context';
import { cancelOrderKeys } from '../../../lib/query-keys';

export const cancelOrderCountQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: cancelOrderKeys.count(),
    // null, not undefined: TanStack Query refuses undefined as data.
    queryFn: async ({ signal }) => (await api.countCancelProductOrders({}, { signal })) ?? null,
  });

export function useCancelOrderCount() {
  return useQuery(cancelOrderCountQueryOptions(useApi()));
}
