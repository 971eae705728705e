/** The cancellation's create owns what it refreshes: its lists, its count and the product order's open one, no more. */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../api/client';
import { ApiProvider } from '../../../api/api-context';
import { createQueryClient } from '../../../api/query-client';
import type { CancelProductOrderFvo } from '../../../domain/cancel-order';
import { cancelOrderKeys, ticketKeys } from '../../../lib/query-keys';
import { useCreateCancelOrder } from './create-cancel-order';

const body: CancelProductOrderFvo = { '@type': 'CancelProductOrder', productOrder: { id: 'PO-1', '@referredType': 'ProductOrder' } };

async function afterCreate(answer: unknown) {
  const queryClient = createQueryClient();
  const keys = {
    list: cancelOrderKeys.list({ offset: 0 }),
    count: cancelOrderKeys.count(),
    openOfThisOrder: cancelOrderKeys.open('PO-1'),
    openOfAnother: cancelOrderKeys.open('PO-2'),
    anotherDetail: cancelOrderKeys.detail('CPO-9'),
    tickets: ticketKeys.list({}),
  };
  for (const key of Object.values(keys)) queryClient.setQueryData(key, { seen: true });
  const api = { createCancelProductOrder: vi.fn(() => Promise.resolve(answer)) } as unknown as ApiClient;
  const { result } = renderHook(() => useCreateCancelOrder(), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <ApiProvider client={api}>{children}</ApiProvider>
      </QueryClientProvider>
    ),
  });
  await act(() => result.current.mutateAsync(body));
  const refreshed = Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, queryClient.getQueryState(key)?.isInvalidated]));
  return { refreshed, queryClient };
}

describe('useCreateCancelOrder', () => {
  it.each([
    ['201', { status: 201, resource: { id: 'CPO-1', state: 'acknowledged' }, location: null }],
    ['202', { status: 202 }],
  ])('%s: the lists, the count and this order\'s open cancellation are refreshed; nothing else', async (_status, answer) => {
    const { refreshed } = await afterCreate(answer);
    expect(refreshed).toEqual({ list: true, count: true, openOfThisOrder: true, openOfAnother: false, anotherDetail: false, tickets: false });
  });

  it('201: the created cancellation is in the cache for its page at once', async () => {
    const { queryClient } = await afterCreate({ status: 201, resource: { id: 'CPO-1', state: 'acknowledged' }, location: null });
    expect(queryClient.getQueryData(cancelOrderKeys.detail('CPO-1'))).toEqual({ id: 'CPO-1', state: 'acknowledged' });
  });
});
