/** Above every step of a follow-up: the ticket it started from (a link to it), and what was filled in from it. */
import { Link } from 'react-router-dom';
import { useWords } from '../../../lib/i18n/react';
import '../follow-up-section';
import type { DraftOrigin } from '../model/draft';
import './follow-up.css';

export function OriginBanner({ origin }: { origin: DraftOrigin }) {
  const t = useWords();
  const dispute = origin.kind === 'dispute';
  return (
    <div className="entry-origin">
      <p>
        <strong>
          {t(dispute ? 'followUp.banner.dispute' : 'followUp.banner.copy')}{' '}
          <Link to={`/tickets/${encodeURIComponent(origin.ticketId)}`}>{t('followUp.banner.ticket', { id: origin.ticketId })}</Link>.
        </strong>
      </p>
      <p>{t(dispute ? 'followUp.banner.disputeHint' : 'followUp.banner.copyHint')}</p>
    </div>
  );
}
