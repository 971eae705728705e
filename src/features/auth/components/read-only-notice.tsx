/**
 * What a viewer (gateway mode, issue 27) sees at /tickets/new or /cancel-orders/new instead of the form: their role
 * reads and does not write, and whom to ask. The gateway would refuse the write anyway (403).
 */
import { Link } from 'react-router-dom';
import { PageHeading } from '../../../components/page-heading';
import { useWords } from '../../../lib/i18n/react';
import '../auth-screens-section';

export function ReadOnlyNotice({ kind }: { kind: 'ticket' | 'cancelOrder' }) {
  const t = useWords();
  const ticket = kind === 'ticket';
  return (
    <div className="stack">
      <PageHeading>{ticket ? t('page.newTicket') : t('page.newCancelOrder')}</PageHeading>
      <p>{t('auth.readOnly.body')}</p>
      <p>{t('auth.readOnly.ask')}</p>
      <p>
        <Link to={ticket ? '/tickets' : '/cancel-orders'}>{ticket ? t('auth.readOnly.toTickets') : t('auth.readOnly.toCancelOrders')}</Link>
      </p>
    </div>
  );
}
