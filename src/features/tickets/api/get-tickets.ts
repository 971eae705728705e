/** GET /troubleTicket on the list page: one page (src/api/ticket-queries.ts), named in the notice when a refresh fails. */
import { useQuery } from '@tanstack/react-query';
import type { ListQuery } from '../../../api/client';
import { useApi } from '../../../api/api-context';
import { refreshFailureMeta } from '../../../api/query-client';
import * as ticketQueries from '../../../api/ticket-queries';

export function useTickets(query: ListQuery) {
  return useQuery({
    ...ticketQueries.list(useApi(), query),
    // The rows stay on screen when a background refresh fails; the notice says which list is out of date.
    meta: refreshFailureMeta('tickets.results.refreshFailed'),
  });
}
