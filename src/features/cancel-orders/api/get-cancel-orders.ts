/** GET /cancelProductOrder: one page of the cancellation list, the old rows kept on screen until the next arrives. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient, ListQuery } from '../../../api/client';
import { useApi } from '../../../api/api-context';
import { refreshFailureMeta } from '../../../api/query-client';
import { cancelOrderKeys } from '../../../lib/query-keys';

/** Until the service pushes events to the browser, an open list asks again this often. */
export const LIST_REFRESH_MS = 60_000;

export const cancelOrdersQueryOptions = (api: ApiClient, query: ListQuery) =>
  queryOptions({
    queryKey: [...cancelOrderKeys.lists(), query] as const,
    queryFn: ({ signal }) => api.listCancelProductOrders(query, { signal }),
    placeholderData: keepPreviousData,
  });

export function useCancelOrders(query: ListQuery) {
  const api = useApi();
  return useQuery({
    ...cancelOrdersQueryOptions(api, query),
    refetchInterval: LIST_REFRESH_MS,
    meta: refreshFailureMeta('cancel.list.refreshFailed'),
  });
}
