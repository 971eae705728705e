/**
 * What is due, for list rows and the ticket's header: "Due in 3 h" / "Overdue by 2 d" in words and colour (never colour
 * alone), beside the exact local time with its zone (decision 0035).
 */
import { useWords } from '../lib/i18n/react';
import { dueOf } from '../lib/due';
import { formatDateTime } from '../lib/format';
import './due-badge.css';
import './due-section';

type Props = {
  /** The ticket's expectedResolutionDate as it came. */
  expected: string | undefined;
  status: string | undefined;
  /** The clock, epoch ms (useNow): one value for a whole list, so every row is judged against the same moment. */
  now: number;
};

/** The badge alone; nothing while there is no date or the ticket is resolved or final. */
export function DueBadge({ expected, status, now }: Props) {
  const t = useWords();
  const due = dueOf(expected, status, now);
  if (!due) return null;
  const amount = t(`due.${due.unit}`, { count: due.count });
  // The status badges' tones (one palette, AA in both themes): red overdue, amber within 4 h, grey otherwise.
  const tone = due.overdue ? 'stopped' : due.soon ? 'waiting' : 'unknown';
  return <span className={`status-badge status-badge--${tone}`}>{t(due.overdue ? 'due.overdueBy' : 'due.dueIn', { amount })}</span>;
}

/** The expected resolution: the badge while it is awaited, always followed by the exact local time and zone. */
export function DueDate(props: Props) {
  const { expected } = props;
  if (!expected) return null;
  return (
    <span className="due-date">
      <DueBadge {...props} /> <time dateTime={expected}>{formatDateTime(expected)}</time>
    </span>
  );
}
