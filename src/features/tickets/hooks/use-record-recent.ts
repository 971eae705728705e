/** Keeps a ticket shown on its detail page among the agent's recent tickets, once it has loaded. */
import { useEffect } from 'react';
import { recordRecentTicket } from '../../../lib/recent-tickets';
import { useSession } from '../../../lib/session';
import { useLoadedTicket } from '../api/get-ticket';

/**
 * Records the ticket once it has loaded (a missing one is no recent ticket), once per visit: refreshes of the open
 * page do not move it. It only watches the detail page's own query, it never asks by itself.
 */
export function useRecordRecent(id: string): void {
  const { userId } = useSession();
  const data = useLoadedTicket(id);
  const loaded = data !== undefined;
  const externalId = data?.externalIdentifier?.[0]?.id;
  useEffect(() => {
    if (loaded) recordRecentTicket(userId, { id, externalId });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per visit: a later external id change is no new visit
  }, [loaded, id, userId]);
}
