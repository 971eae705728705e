/**
 * Route module (own chunk) for /tickets/:id: the ticket detail page, with what the provider asks about the ticket and
 * the follow-ups the wizard offers for it; a ticket shown is kept among the recent ones.
 */
import { useParams } from 'react-router-dom';
import { EnteredOnDesk } from '../../features/auth/components/entered-on-desk';
import { InformationRequiredNotice } from '../../features/notifications/components/information-required-notice';
import { FollowUpActions } from '../../features/ticket-entry/components/follow-up-actions';
import { TicketDetail, type DetailActions } from '../../features/tickets/components/ticket-detail';
import { useRecordRecent } from '../../features/tickets/hooks/use-record-recent';

const followUps: DetailActions = (ticket) => <FollowUpActions ticket={ticket} />;

export function TicketDetailRoute() {
  const { id = '' } = useParams();
  useRecordRecent(id);
  // A new id is a new page: remount, so nothing of the previous ticket (confirmation, focus) carries over.
  return (
    <TicketDetail
      key={id}
      id={id}
      actions={followUps}
      notices={
        <>
          <InformationRequiredNotice ticketId={id} />
          <EnteredOnDesk resource="troubleTicket" id={id} />
        </>
      }
    />
  );
}
