/** How many cancellations exist: X-Total-Count of a one-item page (a floor when the service sends none). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/client';
import { useApi } from '../../../api/api-context';
import { cancelOrderKeys } from '../../../lib/query-keys';

export const cancelOrderCountQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: cancelOrderKeys.count(),
    queryFn: ({ signal }) => api.countCancelProductOrders({}, { signal }),
  });

export function useCancelOrderCount() {
  return useQuery(cancelOrderCountQueryOptions(useApi()));
}
