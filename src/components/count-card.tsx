/** A number that leads somewhere: "Acknowledged: 25" as one link, label first so the name reads well aloud. */
import { useWords } from '../lib/i18n/react';
import { Link } from 'react-router-dom';
import type { Count } from '../api/client';
import { formatNumber } from '../lib/format';

type Props = {
  label: string;
  /**
   * An exact count shows as the figure. A floor (the service gave no usable X-Total-Count) shows in normal type as
   * "at least 1", or a dash when nothing arrived, with a note that the service gives no total: never as 0 (issue 28).
   */
  count: Count | undefined;
  /**
   * Where the card leads. None = a placeholder of the card's shape while loading: no link, and no words or number in
   * it (text that tests or tools read must not look like a loaded count).
   */
  to?: string;
  emphasis?: boolean;
};

export function CountCard({ label, count, to, emphasis = false }: Props) {
  const t = useWords();
  const placeholder = to === undefined || !count;
  const floor = !placeholder && !count.exact;
  const shown = placeholder
    ? '\u00a0'
    : floor
      ? count.value > 0 ? t('common.countAtLeast', { count: formatNumber(count.value) }) : '–'
      : formatNumber(count.value);
  const className = emphasis ? 'count-card count-card--emphasis' : 'count-card';
  const content = (
    <>
      {/* Name and text read "All tickets: 231". The colon is not drawn (the card shows label and number apart); it is
          inline and zero-sized, not the absolutely positioned .visually-hidden, around which Chrome would read a
          space ("All tickets : 231"). */}
      <span className="count-card__label">
        {placeholder ? '\u00a0' : label}
        <span className="count-card__colon">{placeholder ? '' : ':'}</span>
      </span>{' '}
      <span className={floor ? 'count-card__count count-card__count--floor' : 'count-card__count'}>
        {shown}
        {/* The space outside the note: an accessible name trims each element's text, and "1The service" would run on. */}
        {floor ? <> <span className="count-card__note">{t('common.countNoTotal')}</span></> : null}
      </span>
    </>
  );
  // A placeholder is never a link: a link with no words would be announced as an empty link.
  return placeholder ? (
    <span className={className}>{content}</span>
  ) : (
    <Link to={to} className={className}>
      {content}
    </Link>
  );
}
