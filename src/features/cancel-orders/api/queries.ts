/**
 * The queries of cancel orders, one `queryOptions` factory (TkDodo's), imported whole (`import * as
 * cancelOrderQueries`): the list, the detail and the cancellation under way for a product order, each with its key
 * (src/lib/query-keys.ts) and its request. Every screen and prefetch uses it; it lives with the one feature that reads
 * cancellations. The count the first screen shows is src/api/count-queries.ts.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient, ListQuery } from '../../../api/client';
import { cancelOrderKeys } from '../../../lib/query-keys';
import { openCancelOrderStates } from '../model/open-states';

/** GET /cancelProductOrder: one page, the old rows kept on screen until the next arrives. */
export const list = (api: ApiClient, query: ListQuery) =>
  queryOptions({
    queryKey: cancelOrderKeys.list(query),
    queryFn: ({ signal }) => api.listCancelProductOrders(query, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET /cancelProductOrder/{id}. */
export const detail = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: cancelOrderKeys.detail(id),
    queryFn: ({ signal }) => api.retrieveCancelProductOrder(id, { signal }),
  });

/** The cancellation under way for a product order (after a 409), or null when the service lists none. */
export const open = (api: ApiClient, productOrderId: string) =>
  queryOptions({
    queryKey: cancelOrderKeys.open(productOrderId),
    queryFn: async ({ signal }) => {
      const page = await api.listCancelProductOrders(
        {
          limit: 1,
          fields: ['state', 'productOrder'],
          filters: { 'productOrder.id': productOrderId, state: openCancelOrderStates },
        },
        { signal },
      );
      return page.items[0] ?? null;
    },
    // Asked once per conflict: a state that moved on a minute later is the detail page's business.
    staleTime: 0,
  });
