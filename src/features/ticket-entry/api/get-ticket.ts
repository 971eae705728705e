/**
 * GET /troubleTicket/{id} for a follow-up (dispute, copy), on the ticket detail page's query: coming from that page,
 * the ticket the agent just looked at is there already.
 */
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context';
import { ticketQueryOptions } from '../../../api/ticket-query';

export function useFollowedTicket(id: string) {
  return useQuery(ticketQueryOptions(useApi(), id));
}
