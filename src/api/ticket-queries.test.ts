// @vitest-environment node
/** The query factories of tickets and of the counts: each key sits under the shared keys, so what invalidates those reaches it. */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ticketKeys } from '../lib/query-keys';
import type { ApiClient } from './client';
import * as countQueries from './count-queries';
import * as ticketQueries from './ticket-queries';

const count = { value: 3, exact: true };
const api = {
  retrieveTroubleTicket: vi.fn((id: string) => Promise.resolve({ id })),
  listTroubleTickets: vi.fn(() => Promise.resolve({ items: [], totalCount: 0 })),
  countTroubleTickets: vi.fn(() => Promise.resolve(count)),
} as unknown as ApiClient;

describe('ticketQueries and countQueries', () => {
  it('a detail fetched through the factory is the entry every screen reads by the shared key', async () => {
    const queryClient = new QueryClient();
    await queryClient.prefetchQuery(ticketQueries.detail(api, 'TT-1'));
    expect(queryClient.getQueryData(ticketKeys.detail('TT-1'))).toEqual({ id: 'TT-1' });
  });

  it('refreshing the counts refreshes the overdue count and the status counts, and no list', async () => {
    const queryClient = new QueryClient();
    await Promise.all([
      queryClient.prefetchQuery(countQueries.tickets(api)),
      queryClient.prefetchQuery(countQueries.overdueTickets(api)),
      queryClient.prefetchQuery(ticketQueries.list(api, {})),
    ]);
    void queryClient.invalidateQueries({ queryKey: ticketKeys.counts() });
    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(invalidated(countQueries.tickets(api).queryKey)).toBe(true);
    expect(invalidated(countQueries.overdueTickets(api).queryKey)).toBe(true);
    expect(invalidated(ticketQueries.list(api, {}).queryKey)).toBe(false);
    expect(queryClient.getQueryData(countQueries.overdueTickets(api).queryKey)).toEqual(count);
  });

  it('every list is under the lists\' key, each page its own entry', () => {
    const first = ticketQueries.list(api, { offset: 0 }).queryKey;
    const second = ticketQueries.list(api, { offset: 20 }).queryKey;
    expect(first.slice(0, 2)).toEqual(ticketKeys.lists());
    expect(first).not.toEqual(second);
  });
});
