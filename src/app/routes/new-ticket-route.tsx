/** Route module (own chunk) for /tickets/new: the ticket entry wizard, loaded only when the page is opened. */
import { Link } from 'react-router-dom';
import { ReadOnlyNotice } from '../../features/auth/components/read-only-notice';
import { TicketEntryPage } from '../../features/ticket-entry/components/ticket-entry-page';
import { useWords } from '../../lib/i18n/react';
import { useSession } from '../../lib/session';

/** The way to many tickets at once (issue 41), under the wizard. */
function BulkLink() {
  const t = useWords();
  return (
    <p className="bulk-link">
      <Link to="/tickets/bulk">{t('entry.bulkLink')}</Link>
    </p>
  );
}

export function NewTicketRoute() {
  return useSession().canWrite ? (
    <>
      <TicketEntryPage />
      <BulkLink />
    </>
  ) : (
    <ReadOnlyNotice kind="ticket" />
  );
}
