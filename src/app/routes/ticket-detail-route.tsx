/** Route module (own chunk) for /tickets/:id: the ticket detail page, with what the provider asks about the ticket. */
import { useParams } from 'react-router-dom';
import { InformationRequiredNotice } from '../../features/notifications/information-required-notice';
import { TicketDetail } from '../../features/tickets/components/ticket-detail';

export function TicketDetailRoute() {
  const { id = '' } = useParams();
  // A new id is a new page: remount, so nothing of the previous ticket (confirmation, focus) carries over.
  return <TicketDetail key={id} id={id} notices={<InformationRequiredNotice ticketId={id} />} />;
}
