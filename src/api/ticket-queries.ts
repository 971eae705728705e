/**
 * The queries of tickets, one `queryOptions` factory (TkDodo's), imported whole (`import * as ticketQueries`, then
 * `ticketQueries.detail(api, id)`): the list and the detail, each with its key (src/lib/query-keys.ts), its request
 * and what it keeps between pages. Every screen and prefetch uses it; it sits below the features because several read
 * tickets (the list and detail, a follow-up's wizard). The counts the first screen shows are ./count-queries.ts.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ticketKeys } from '../lib/query-keys';
import type { ApiClient, ListQuery } from './client';

/** How often an open ticket list asks the service again when no live event says it changed. */
export const LIST_REFRESH_INTERVAL_MS = 60_000;

/** GET /troubleTicket: one page of a list. */
export const list = (api: ApiClient, query: ListQuery) =>
  queryOptions({
    queryKey: ticketKeys.list(query),
    queryFn: ({ signal }) => api.listTroubleTickets(query, { signal }),
    // Paging and filtering keep the old rows on screen until the new page arrives, instead of flashing empty.
    placeholderData: keepPreviousData,
    // Live updates (notifications) refetch a list when one of its tickets changes; polling stays as the fallback
    // for when they are off or cut, and the list is checked again whenever the agent comes back to the window.
    refetchInterval: LIST_REFRESH_INTERVAL_MS,
    refetchOnWindowFocus: 'always',
  });

/** GET /troubleTicket/{id}: the detail page and a follow-up's wizard read and fill the same cache entry. */
export const detail = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: ticketKeys.detail(id),
    queryFn: ({ signal }) => api.retrieveTroubleTicket(id, { signal }),
  });
