/** The cancellation under way for a product order (after a 409), or null when the service lists none. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/client';
import { useApi } from '../../../api/api-context';
import { cancelOrderKeys } from '../../../lib/query-keys';
import { openCancelOrderStates } from '../model/open-states';

export const openCancelOrderQueryOptions = (api: ApiClient, productOrderId: string) =>
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

export function useOpenCancelOrder(productOrderId: string) {
  return useQuery(openCancelOrderQueryOptions(useApi(), productOrderId));
}
