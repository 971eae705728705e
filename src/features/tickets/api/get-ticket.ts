/** GET /troubleTicket/{id}: the detail page's query, refreshed on focus and every minute until live events exist. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../../../api/api-context';
import { refreshFailureMeta } from '../../../api/query-client';
import * as ticketQueries from '../../../api/ticket-queries';

/** How often an open detail page asks the service again (the Notifications issue replaces this with events). */
export const DETAIL_REFRESH_INTERVAL_MS = 60_000;

/**
 * Only a ticket on screen is refreshed: a page that shows "No such ticket" or an error must not repeat the request
 * behind the agent's back (its Retry button does that).
 */
const whenShown =
  <T>(value: T) =>
  (query: { state: { data: unknown } }) =>
    query.state.data === undefined ? false : value;

export function useTicket(id: string) {
  const api = useApi();
  return useQuery({
    ...ticketQueries.detail(api, id),
    refetchInterval: whenShown(DETAIL_REFRESH_INTERVAL_MS),
    // 'always': an agent coming back from a call or another tool wants the status as it is now, even if the last
    // refresh was under the client's 30 s staleTime ago; it is one small request.
    refetchOnWindowFocus: whenShown('always' as const),
    meta: refreshFailureMeta('detail.refreshFailed', { id }),
  });
}

/** The ticket as the detail page's query holds it (undefined until loaded): watches, never asks by itself. */
export function useLoadedTicket(id: string) {
  return useQuery({ ...ticketQueries.detail(useApi(), id), enabled: false }).data;
}

/** Starts loading a ticket's detail (a row's link hovered or focused), so opening it is usually instant. */
export function usePrefetchTicket(): (id: string) => void {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback((id: string) => void queryClient.prefetchQuery(ticketQueries.detail(api, id)), [api, queryClient]);
}
