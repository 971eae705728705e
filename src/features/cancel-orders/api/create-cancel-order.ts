/** POST /cancelProductOrder: the list and count refreshed after it, and a created order put straight into the cache. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelProductOrderFvo } from '../../../domain/cancel-order';
import { useApi } from '../../../api/api-context';
import { cancelOrderKeys } from '../../../lib/query-keys';
import { cancelOrderQueryOptions } from './get-cancel-order';

export function useCreateCancelOrder() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CancelProductOrderFvo) => api.createCancelProductOrder(body),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: cancelOrderKeys.all });
      if (result.status === 201) {
        queryClient.setQueryData(cancelOrderQueryOptions(api, result.resource.id).queryKey, result.resource);
      }
    },
  });
}
