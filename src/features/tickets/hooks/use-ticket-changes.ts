/**
 * The ticket as the agent has seen it, against the ticket now on screen: what changed since (an event or a refresh
 * brought a new read), until the agent marks it as seen (decision 0041).
 */
import { useCallback, useMemo, useState } from 'react';
import type { TroubleTicketRead } from '../../../domain/ticket-reader';
import { ticketChanges, type TicketChanges } from '../model/detail-changes';

export function useTicketChanges(ticket: TroubleTicketRead): { changes: TicketChanges; markSeen: () => void } {
  // The first read shown is the one seen; the page remounts for another ticket, so it never compares two tickets.
  const [seen, setSeen] = useState(ticket);
  // TanStack Query shares structure: an unchanged answer keeps the same object, and this stays cheap.
  const changes = useMemo(() => ticketChanges(seen, ticket), [seen, ticket]);
  const markSeen = useCallback(() => setSeen(ticket), [ticket]);
  return { changes, markSeen };
}
