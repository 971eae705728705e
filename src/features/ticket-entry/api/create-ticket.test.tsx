/**
 * The ticket's create, as the wizard and the outbox both send it: a 409 looked up in one place, and the mutation
 * refreshing what a new ticket changes (the lists and counts), not every query.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../api/client';
import { ApiProvider } from '../../../api/api-context';
import { ApiError } from '../../../api/errors';
import { createQueryClient } from '../../../api/query-client';
import type { FaultTicketFvo } from '../../../domain/ticket';
import { cancelOrderKeys, ticketKeys } from '../../../lib/query-keys';
import { createTicket, useCreateTicket } from './create-ticket';

const body = { ticketType: 'fault', externalIdentifier: [{ id: 'EXT-1' }] } as unknown as FaultTicketFvo;

function client(create: () => Promise<unknown>, found: { id: string; status: string }[] = []) {
  const listTroubleTickets = vi.fn(async () => ({ items: found, totalCount: found.length }));
  return { api: { createTroubleTicket: vi.fn(create), listTroubleTickets } as unknown as ApiClient, listTroubleTickets };
}

const noWait = () => Promise.resolve();
const conflict = () => Promise.reject(new ApiError({ status: 409 }));

describe('createTicket', () => {
  it('a 409 is looked up by the external id: the earlier attempt\'s ticket opens, or the agent learns who holds the id', async () => {
    const { api, listTroubleTickets } = client(conflict, [{ id: 'TT-5', status: 'acknowledged' }]);
    expect(await createTicket(api, { body, earlierAttemptMayExist: true }, noWait)).toEqual({ kind: 'created', id: 'TT-5' });
    expect(listTroubleTickets).toHaveBeenCalledWith(expect.objectContaining({ filters: { 'externalIdentifier.id': 'EXT-1' } }));
    expect(await createTicket(api, { body, earlierAttemptMayExist: false }, noWait)).toEqual({ kind: 'conflict', existing: { id: 'TT-5', status: 'acknowledged' } });
  });

  it('no 409, no look-up', async () => {
    const { api, listTroubleTickets } = client(() => Promise.reject(new ApiError({ status: 500 })));
    expect(await createTicket(api, { body, earlierAttemptMayExist: true }, noWait)).toMatchObject({ kind: 'unavailable', mayExist: true });
    expect(listTroubleTickets).not.toHaveBeenCalled();
  });
});

describe('useCreateTicket', () => {
  async function afterCreate(create: () => Promise<unknown>) {
    const queryClient = createQueryClient();
    const keys = {
      list: [...ticketKeys.lists(), { offset: 0 }],
      counts: ticketKeys.counts(),
      overdue: [...ticketKeys.counts(), 'overdue'],
      detail: ticketKeys.detail('TT-1'),
      cancellations: [...cancelOrderKeys.lists(), {}],
    };
    for (const key of Object.values(keys)) queryClient.setQueryData(key, { seen: true });
    const { api } = client(create);
    const { result } = renderHook(() => useCreateTicket(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={queryClient}>
          <ApiProvider client={api}>{children}</ApiProvider>
        </QueryClientProvider>
      ),
    });
    await act(() => result.current.mutateAsync({ body, earlierAttemptMayExist: false }));
    return Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, queryClient.getQueryState(key)?.isInvalidated]));
  }

  it.each([
    ['201', () => Promise.resolve({ status: 201, resource: { id: 'TT-7' }, location: null })],
    ['202', () => Promise.resolve({ status: 202 })],
  ])('%s: the ticket lists and counts are refreshed; an open ticket and the cancellations are not', async (_status, create) => {
    expect(await afterCreate(create)).toEqual({ list: true, counts: true, overdue: true, detail: false, cancellations: false });
  });

  it('a refusal changes nothing: no query is refreshed', async () => {
    expect(await afterCreate(() => Promise.reject(new ApiError({ status: 400 })))).toEqual({
      list: false,
      counts: false,
      overdue: false,
      detail: false,
      cancellations: false,
    });
  });
});
