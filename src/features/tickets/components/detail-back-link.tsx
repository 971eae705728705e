/**
 * "Back to the ticket list". When the agent came from the list, the list's link put its address (filters, page, sort,
 * columns: all in the URL) into this entry's state as `{ from: '/tickets?…' }`; then the previous history entry IS
 * that list, and going back (navigate(-1)) shows the cached list at once with its scroll position. Otherwise the link
 * simply opens /tickets. The href is always a real list address, so "open in new tab" works too.
 */
import type { MouseEvent } from 'react';
import { useWords } from '../../../lib/i18n/react';
import { Link, useLocation, useNavigate } from 'react-router-dom';

/** The list address from the location state, if it is one: state is per history entry and may come from anywhere. */
export function listOrigin(state: unknown): string | undefined {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/')) return undefined;
  try {
    const url = new URL(from, 'http://app.invalid');
    return url.origin === 'http://app.invalid' && url.pathname === '/tickets' ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}

const withModifier = (event: MouseEvent) => event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

export function DetailBackLink() {
  const t = useWords();
  const location = useLocation();
  const navigate = useNavigate();
  const from = listOrigin(location.state);
  return (
    <Link
      to={from ?? '/tickets'}
      className="detail-back"
      onClick={(event) => {
        if (!from || withModifier(event)) return;
        event.preventDefault();
        void navigate(-1);
      }}
    >
      {t('detail.back')}
    </Link>
  );
}
