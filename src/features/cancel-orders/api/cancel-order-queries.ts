/** TanStack Query factories for cancel product orders, keyed like the ticket ones (generic to specific). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient, ListQuery } from '../../../api/client';
import { cancelOrderKeys } from '../../../lib/query-keys';

const all = cancelOrderKeys.all;

/** Open cancellations block a second one for the same product order (409, docs/decisions/0011). */
export const openCancelOrderStates = ['acknowledged', 'inProgress'] as const;

/** Until the service pushes events to the browser, an open detail page asks again this often. */
export const DETAIL_REFRESH_MS = 60_000;

export const cancelOrderQueries = {
  all,
  /** How many cancellations exist: X-Total-Count of a one-item page (null when the service sends none). */
  count: (api: ApiClient) =>
    queryOptions({
      queryKey: cancelOrderKeys.count(),
      // null, not undefined: TanStack Query refuses undefined as data.
      queryFn: async ({ signal }) => (await api.countCancelProductOrders({}, { signal })) ?? null,
    }),
  list: (api: ApiClient, query: ListQuery) =>
    queryOptions({
      queryKey: [...cancelOrderKeys.lists(), query] as const,
      queryFn: ({ signal }) => api.listCancelProductOrders(query, { signal }),
      placeholderData: keepPreviousData,
    }),
  detail: (api: ApiClient, id: string) =>
    queryOptions({
      queryKey: cancelOrderKeys.detail(id),
      queryFn: ({ signal }) => api.retrieveCancelProductOrder(id, { signal }),
    }),
  /** The cancellation under way for a product order (after a 409), or null when the service lists none. */
  openFor: (api: ApiClient, productOrderId: string) =>
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
    }),
};
