/** Route module (own chunk) for /tickets/new: the ticket entry wizard, loaded only when the page is opened. */
import { TicketEntryPage } from '../../features/ticket-entry/components/ticket-entry-page';

export function NewTicketRoute() {
  return <TicketEntryPage />;
}
