/** Route module (own chunk) for /tickets/new: the ticket entry wizard, loaded only when the page is opened. */
import { ReadOnlyNotice } from '../../features/auth/components/read-only-notice';
import { TicketEntryPage } from '../../features/ticket-entry/components/ticket-entry-page';
import { useSession } from '../../lib/session';

export function NewTicketRoute() {
  return useSession().canWrite ? <TicketEntryPage /> : <ReadOnlyNotice kind="ticket" />;
}
