/** GET /cancelProductOrder/{id} on its page: one cancellation (./queries.ts), refreshed while the page is open. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../../../api/api-context';
import { refreshFailureMeta } from '../../../api/query-client';
import * as cancelOrderQueries from './queries';

/** Until the service pushes events to the browser, an open detail page asks again this often. */
export const DETAIL_REFRESH_MS = 60_000;

export function useCancelOrder(id: string) {
  return useQuery({
    ...cancelOrderQueries.detail(useApi(), id),
    refetchInterval: DETAIL_REFRESH_MS,
    // A returning agent wants the state now, even if the last look was less than staleTime ago.
    refetchOnWindowFocus: 'always',
    // Names the order in the app's notice when a background refresh fails (src/api/query-client.ts reads it).
    meta: refreshFailureMeta('cancel.detail.refreshFailedToast', { id }),
  });
}

/** Starts loading a cancellation's detail (a row's link hovered or focused), so opening it is usually instant. */
export function usePrefetchCancelOrder(): (id: string) => void {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback((id: string) => void queryClient.prefetchQuery(cancelOrderQueries.detail(api, id)), [api, queryClient]);
}
