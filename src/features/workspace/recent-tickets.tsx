/** The overview's "Recently opened": the last tickets this agent opened, newest first, with when (relative and exact). */
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { formatAgo, formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n/react';
import { useRecentTickets } from '../../lib/recent-tickets';
import { useNow } from '../../lib/use-now';

export function RecentTickets() {
  const { t } = useTranslation();
  const recent = useRecentTickets();
  const now = useNow();
  const headingId = useId();
  return (
    <section className="recent-tickets" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('overview.recent')}</h2>
      {recent.length === 0 ? (
        <p className="hint">{t('overview.recentNone')}</p>
      ) : (
        <ol className="recent-tickets__list">
          {recent.map((ticket) => (
            <li key={ticket.id}>
              <Link to={`/tickets/${encodeURIComponent(ticket.id)}`}>{ticket.id}</Link>
              {ticket.externalId ? <span className="recent-tickets__external">{ticket.externalId}</span> : null}
              <span className="hint">
                {formatAgo(ticket.openedAt, now)} (<time dateTime={ticket.openedAt}>{formatDateTime(ticket.openedAt)}</time>)
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
