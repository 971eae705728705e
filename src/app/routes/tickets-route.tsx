/** Route module (own chunk) for /tickets: the ticket list, its state in the URL, its heading beside the filter bar. */
import { useWords } from '../../lib/i18n/react';
import { PageHeading } from '../../components/page-heading';
import { TicketList } from '../../features/tickets/components/ticket-list';

export function TicketsRoute() {
  const t = useWords();
  return <TicketList heading={<PageHeading>{t('page.tickets')}</PageHeading>} />;
}
