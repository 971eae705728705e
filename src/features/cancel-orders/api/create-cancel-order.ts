/**
 * POST /cancelProductOrder, owning what it changes: the lists, the count and the product order's cancellation under
 * way are refreshed; a created order is put straight into the cache for its page. Other cancellations are left alone.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelProductOrderFvo } from '../../../domain/cancel-order';
import { useApi } from '../../../api/api-context';
import { cancelOrderKeys } from '../../../lib/query-keys';
import * as cancelOrderQueries from './queries';

export function useCreateCancelOrder() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CancelProductOrderFvo) => api.createCancelProductOrder(body),
    onSuccess: (result, body) => {
      for (const queryKey of [cancelOrderKeys.lists(), cancelOrderKeys.count(), cancelOrderKeys.open(body.productOrder.id)]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      if (result.status === 201) queryClient.setQueryData(cancelOrderQueries.detail(api, result.resource.id).queryKey, result.resource);
    },
  });
}
