/**
 * Route module (own chunk) for /tickets/:id: the ticket detail page, with what the provider asks about the ticket and
 * the follow-ups the wizard offers for it; a ticket shown is kept among the recent ones.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { InformationRequiredNotice } from '../../features/notifications/information-required-notice';
import { FollowUpActions } from '../../features/ticket-entry/components/follow-up-actions';
import { ticketQueries } from '../../features/tickets/api/ticket-queries';
import { TicketDetail, type DetailActions } from '../../features/tickets/components/ticket-detail';
import { useApi } from '../../api/api-context';
import { recordRecentTicket } from '../../lib/recent-tickets';
import { useSession } from '../../lib/session';

const followUps: DetailActions = (ticket) => <FollowUpActions ticket={ticket} />;

/**
 * Records the ticket once it has loaded (a missing one is no recent ticket), once per visit: refreshes of the open
 * page do not move it. `enabled: false` only watches the detail page's own query, it never asks by itself.
 */
function useRecordRecent(id: string): void {
  const api = useApi();
  const { userId } = useSession();
  const { data } = useQuery({ ...ticketQueries.detail(api, id), enabled: false });
  const loaded = data !== undefined;
  const externalId = data?.externalIdentifier?.[0]?.id;
  useEffect(() => {
    if (loaded) recordRecentTicket(userId, { id, externalId });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per visit: a later external id change is no new visit
  }, [loaded, id, userId]);
}

export function TicketDetailRoute() {
  const { id = '' } = useParams();
  useRecordRecent(id);
  // A new id is a new page: remount, so nothing of the previous ticket (confirmation, focus) carries over.
  return <TicketDetail key={id} id={id} actions={followUps} notices={<InformationRequiredNotice ticketId={id} />} />;
}
