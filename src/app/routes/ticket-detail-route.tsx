/** Route module (own chunk) for /tickets/:id: the ticket detail page, with the follow-ups the wizard offers for it. */
import { useParams } from 'react-router-dom';
import { FollowUpActions } from '../../features/ticket-entry/components/follow-up-actions';
import { TicketDetail, type DetailActions } from '../../features/tickets/components/ticket-detail';

const followUps: DetailActions = (ticket) => <FollowUpActions ticket={ticket} />;

export function TicketDetailRoute() {
  const { id = '' } = useParams();
  // A new id is a new page: remount, so nothing of the previous ticket (confirmation, focus) carries over.
  return <TicketDetail key={id} id={id} actions={followUps} />;
}
