/**
 * GET /troubleTicket/{id} as a query: one set of options on the ticket's detail key, so every screen that shows one
 * ticket (the detail page, a follow-up's wizard) reads and fills the same cache entry.
 */
import { queryOptions } from '@tanstack/react-query';
import { ticketKeys } from '../lib/query-keys';
import type { ApiClient } from './client';

export const ticketQueryOptions = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: ticketKeys.detail(id),
    queryFn: ({ signal }) => api.retrieveTroubleTicket(id, { signal }),
  });
