/** GET /cancelProductOrder on the list page: one page (./queries.ts), refreshed while the list is open. */
import { useQuery } from '@tanstack/react-query';
import type { ListQuery } from '../../../api/client';
import { useApi } from '../../../api/api-context';
import { refreshFailureMeta } from '../../../api/query-client';
import * as cancelOrderQueries from './queries';

/** Until the service pushes events to the browser, an open list asks again this often. */
export const LIST_REFRESH_MS = 60_000;

export function useCancelOrders(query: ListQuery) {
  return useQuery({
    ...cancelOrderQueries.list(useApi(), query),
    refetchInterval: LIST_REFRESH_MS,
    meta: refreshFailureMeta('cancel.list.refreshFailed'),
  });
}
