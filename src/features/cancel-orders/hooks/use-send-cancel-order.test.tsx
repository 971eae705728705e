/** One cancellation per press, also after the service took it: the page may stay a moment while the next one loads. */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockServer } from '../../../../mocks/node';
import { createApiClient } from '../../../api/client';
import { demoTokenSource } from '../../../api/token-source';
import type { CancelProductOrderFvo } from '../../../domain/cancel-order';
import { ApiProvider } from '../../../api/api-context';
import { createQueryClient } from '../../../api/query-client';
import { useSendCancelOrder } from './use-send-cancel-order';

const { server } = createMockServer();
const posts: string[] = [];
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST') posts.push(request.url);
  });
});
afterAll(() => server.close());

const body: CancelProductOrderFvo = { '@type': 'CancelProductOrder', productOrder: { id: 'PO-ONCE-1', '@referredType': 'ProductOrder' } };

function wrapper({ children }: { children: ReactNode }) {
  const api = createApiClient({ baseUrl: '/tmf-api/troubleTicket/v5', tokenSource: demoTokenSource });
  return (
    <QueryClientProvider client={createQueryClient({ retryDelay: 0 })}>
      <ApiProvider client={api}>{children}</ApiProvider>
    </QueryClientProvider>
  );
}

describe('useSendCancelOrder', () => {
  it('after a 201, a press before the page has left sends nothing more', async () => {
    // The page navigates in onCreated; here the navigation is still on its way, so the hook stays mounted.
    const onCreated = vi.fn();
    const { result } = renderHook(
      () => useSendCancelOrder({ onCreated, onSent: vi.fn(), onAccepted: vi.fn(), onUnauthorized: vi.fn(), onInvalid: vi.fn() }),
      { wrapper },
    );
    act(() => result.current.send(body));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    act(() => result.current.send(body));
    await waitFor(() => expect(result.current.state).toMatchObject({ phase: 'done', result: { kind: 'created' } }));
    expect(posts).toHaveLength(1);
  });
});
