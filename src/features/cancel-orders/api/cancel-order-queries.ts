/** TanStack Query factories for cancel product orders, keyed like the ticket ones (generic to specific). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient, ListQuery } from '../../../api/client';

const all = ['cancelProductOrders'] as const;

export const cancelOrderQueries = {
  all,
  /** How many cancellations exist: X-Total-Count of a one-item page (null when the service sends none). */
  count: (api: ApiClient) =>
    queryOptions({
      queryKey: [...all, 'count'] as const,
      // null, not undefined: TanStack Query refuses undefined as data.
      queryFn: async ({ signal }) =>
        (await api.listCancelProductOrders({ limit: 1, fields: ['state'] }, { signal })).totalCount ?? null,
    }),
  list: (api: ApiClient, query: ListQuery) =>
    queryOptions({
      queryKey: [...all, 'list', query] as const,
      queryFn: ({ signal }) => api.listCancelProductOrders(query, { signal }),
      placeholderData: keepPreviousData,
    }),
  detail: (api: ApiClient, id: string) =>
    queryOptions({
      queryKey: [...all, 'detail', id] as const,
      queryFn: ({ signal }) => api.retrieveCancelProductOrder(id, { signal }),
    }),
};
