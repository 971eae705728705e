/** A number that leads somewhere: "Acknowledged: 25" as one link, label first so the name reads well aloud. */
import { useWords } from '../lib/i18n/react';
import { Link } from 'react-router-dom';
import { formatNumber } from '../lib/format';

type Props = {
  label: string;
  /** null/undefined: the service did not say (no X-Total-Count); shown as "not reported by the service", never as 0. */
  count: number | null | undefined;
  /**
   * Where the card leads. None = a placeholder of the card's shape while loading: no link, and no words or number in
   * it (text that tests or tools read must not look like a loaded count).
   */
  to?: string;
  emphasis?: boolean;
};

export function CountCard({ label, count, to, emphasis = false }: Props) {
  const t = useWords();
  const placeholder = to === undefined;
  const shown = placeholder ? '\u00a0' : typeof count === 'number' ? formatNumber(count) : t('common.countUnknown');
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
      <span className="count-card__count">{shown}</span>
    </>
  );
  return to === undefined ? (
    <span className={className}>{content}</span>
  ) : (
    <Link to={to} className={className}>
      {content}
    </Link>
  );
}
