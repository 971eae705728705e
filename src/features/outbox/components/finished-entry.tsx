/**
 * What became of a ticket that left the outbox: created (with its link), accepted (created later by the service), or,
 * for a bulk batch's line, already there (made by an earlier upload of the same file).
 */
import { Link } from 'react-router-dom';
import { useWords } from '../../../lib/i18n/react';
import { clockTime } from '../../../lib/clock-time';
import type { FinishedTicket } from '../../../lib/outbox/types';
import '../outbox-section';
import { entryWhat } from './outbox-words';

export function FinishedEntry({ entry }: { entry: FinishedTicket }) {
  const t = useWords();
  const what = entryWhat(entry, t);
  const { result } = entry;
  const ticketId = result.kind === 'created' ? result.id : result.kind === 'conflict' ? result.existing?.id : undefined;
  return (
    <li className="outbox-entry outbox-entry--finished">
      <div>
        <p>
          {result.kind === 'created'
            ? t('outbox.finished.created', { what, ticketId: result.id })
            : t(result.kind === 'conflict' ? 'outbox.finished.existed' : 'outbox.finished.accepted', { what })}
        </p>
        <p className="outbox-entry__when">
          <time dateTime={entry.finishedAt}>{clockTime(entry.finishedAt)}</time>
        </p>
      </div>
      <p>
        {ticketId ? (
          <Link to={`/tickets/${encodeURIComponent(ticketId)}`}>{t('outbox.openCreated', { ticketId })}</Link>
        ) : (
          <Link to={`/tickets?externalId=${encodeURIComponent(entry.externalId)}`}>{t('outbox.findAccepted', { externalId: entry.externalId })}</Link>
        )}
      </p>
    </li>
  );
}
