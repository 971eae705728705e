/**
 * The status history as a timeline, oldest first: it reads as the ticket's story in the order it happened, like the
 * usual flow (acknowledged → in progress → resolved → closed); where the ticket stands now is the badge at the top.
 */
import { useWords } from '../../../lib/i18n/react';
import type { StatusChangeRead } from '../../../api/read-models';
import { StatusBadge } from '../../../components/status-badge';
import { ChangeTag, useChanges } from './detail-marks';
import { DateTime } from './detail-parts';
import './status-timeline.css';

/**
 * Oldest first by the given date. The sort is stable, so entries with the same instant keep the service's order (a
 * status that changed twice in one second still reads in the order the service listed it).
 */
export function byDate<T>(items: readonly T[], dateOf: (item: T) => string | undefined): T[] {
  return items
    .map((item, index) => ({ item, index, at: Date.parse(dateOf(item) ?? '') }))
    .sort((a, b) => (a.at === b.at || Number.isNaN(a.at) || Number.isNaN(b.at) ? a.index - b.index : a.at - b.at))
    .map(({ item }) => item);
}

export function StatusTimeline({ history }: { history: readonly StatusChangeRead[] }) {
  const t = useWords();
  const fresh = useChanges()?.newHistory ?? [];
  if (history.length === 0) return <p className="detail-missing">{t('detail.historyEmpty')}</p>;
  return (
    <ol className="status-timeline">
      {byDate(history, (change) => change.changeDate).map((change, index) => (
        // Entries have no id; the same status may occur twice (inProgress → pending → inProgress).
        <li key={index} className={`status-timeline__item${fresh.includes(change) ? ' status-timeline__item--new' : ''}`}>
          <p className="status-timeline__head">
            {fresh.includes(change) ? (
              <>
                <ChangeTag kind="new" />{' '}
              </>
            ) : null}
            <StatusBadge status={change.status} />{' '}
            {change.changeDate ? <DateTime iso={change.changeDate} /> : <span className="detail-missing">{t('detail.historyNoDate')}</span>}
          </p>
          {change.changeReason ? (
            <p className="status-timeline__reason">{t('detail.statusReason', { reason: change.changeReason })}</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
