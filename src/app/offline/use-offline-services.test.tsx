/**
 * The outbox of the agent signed in: a ticket it delivers is announced, and the ticket lists and counts are refreshed
 * as after the wizard's own send (an open ticket is not); a ticket the service refused refreshes nothing.
 */
import 'fake-indexeddb/auto';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { ApiProvider } from '../../api/api-context';
import { ApiError } from '../../api/errors';
import { createQueryClient } from '../../api/query-client';
import { i18n } from '../../lib/i18n';
import { listOutbox, putOutboxEntry } from '../../lib/outbox/store';
import { ticketKeys } from '../../lib/query-keys';
import { demoSession } from '../../lib/session';
import { clearToasts, getToasts } from '../../lib/toasts';
import { pendingTicket } from '../../testing/pending-ticket';
import { useOutbox } from './use-offline-services';

afterEach(() => clearToasts());

let runs = 0;

async function sendFromOutbox(create: () => Promise<unknown>) {
  runs += 1;
  const externalId = `EXT-OUT-${runs}`;
  await putOutboxEntry(pendingTicket({ userId: demoSession.userId, externalId, id: `run-out-${runs}`, queuedAt: new Date().toISOString() }));
  const queryClient = createQueryClient();
  const keys = { list: [...ticketKeys.lists(), { offset: 0 }], counts: ticketKeys.counts(), detail: ticketKeys.detail('TT-1') };
  for (const key of Object.values(keys)) queryClient.setQueryData(key, { seen: true });
  const api = { createTroubleTicket: vi.fn(create), listTroubleTickets: vi.fn(async () => ({ items: [], totalCount: 0 })) };
  const { unmount } = renderHook(() => useOutbox(), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <ApiProvider client={api as unknown as ApiClient}>{children}</ApiProvider>
      </QueryClientProvider>
    ),
  });
  // The send is over when the outbox holds what came of it (queued just now: a ticket older than a day is not sent).
  const state = await waitFor(async () => {
    const entry = (await listOutbox(demoSession.userId)).find((stored) => stored.externalId === externalId);
    expect(entry?.state).toMatch(/^(finished|refused)$/);
    return entry!.state;
  });
  // A delivered ticket is announced after its result is stored, and its refresh asked for with the announcement: wait
  // for the toast, the proof that it happened. A refused one is announced by nothing (the outbox shows it).
  if (state === 'finished') await waitFor(() => expect(getToasts()).not.toHaveLength(0));
  unmount();
  const refreshed = Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, queryClient.getQueryState(key)?.isInvalidated]));
  const toasts = getToasts().map((toast) => toast.words(i18n.t).title);
  return { externalId, refreshed, toasts };
}

describe('useOutbox', () => {
  it.each([
    ['201', () => Promise.resolve({ status: 201, resource: { id: 'TT-9' }, location: null }), (id: string) => `Ticket ${id} sent: created as TT-9`],
    ['202', () => Promise.resolve({ status: 202 }), (id: string) => `Ticket ${id} sent: the service creates it later`],
  ])('%s: the agent is told, and the ticket lists and counts are refreshed; an open ticket is not', async (_status, create, words) => {
    const { externalId, refreshed, toasts } = await sendFromOutbox(create);
    expect(toasts).toEqual([words(externalId)]);
    expect(refreshed).toEqual({ list: true, counts: true, detail: false });
  });

  it('a ticket the service refused (400) stays in the outbox and refreshes nothing', async () => {
    const { refreshed, toasts } = await sendFromOutbox(() => Promise.reject(new ApiError({ status: 400 })));
    expect(toasts).toEqual([]);
    expect(refreshed).toEqual({ list: false, counts: false, detail: false });
  });
});
