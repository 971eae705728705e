/** The header's way to the outbox: shown while tickets wait to send, with their number (in words for screen readers). */
import { NavLink } from 'react-router-dom';
import { useWords } from '../../../lib/i18n/react';
import { isPending } from '../../../lib/outbox/types';
import '../outbox-section';
import { useOutboxSnapshot } from '../model/runtime';

export function OutboxLink() {
  const t = useWords();
  const snapshot = useOutboxSnapshot();
  const waiting = snapshot?.entries?.filter(isPending).length ?? 0;
  if (waiting === 0) return null;
  return (
    <NavLink to="/outbox" end className="header-control" aria-label={t('outbox.linkWaiting', { count: waiting })}>
      {t('outbox.title')}
      <span className="header-control__badge" aria-hidden="true">
        {waiting}
      </span>
    </NavLink>
  );
}
