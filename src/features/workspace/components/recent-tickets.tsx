/** The overview's "Recently opened": the last tickets this agent opened, newest first, with the local time of each. */
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../lib/format';
import { useWords } from '../../../lib/i18n/react';
import { readRecentTickets } from '../../../lib/recent-tickets';
import { useSession } from '../../../lib/session';

export function RecentTickets() {
  const t = useWords();
  const { userId } = useSession();
  const [recent] = useState(() => readRecentTickets(userId));
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
              {ticket.externalId ? <span>{ticket.externalId}</span> : null}
              <time className="hint" dateTime={ticket.openedAt}>
                {formatDateTime(ticket.openedAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
