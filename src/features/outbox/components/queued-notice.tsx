/**
 * After the wizard put a ticket into the outbox (it navigates here with `{ queued: <external id> }`): "waiting to
 * send, not created yet", focused once so a screen reader reads it first; the history entry then forgets it, so a
 * reload or Back/Forward does not say it again.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useWords } from '../../../lib/i18n/react';
import '../outbox-section';

export function QueuedNotice() {
  const t = useWords();
  const location = useLocation();
  const navigate = useNavigate();
  const [queued] = useState(() => {
    const value = (location.state as { queued?: unknown } | null)?.queued;
    return typeof value === 'string' ? value : null;
  });
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (queued === null) return;
    // After the layout's route-change focus on the h1 (a layout effect), so this one wins.
    panel.current?.focus();
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    // Once, on arrival: the location changes because of the replace above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queued]);

  if (queued === null) return null;
  return (
    <div className="outbox-notice" tabIndex={-1} ref={panel}>
      {t('outbox.queued', { externalId: queued })}
    </div>
  );
}
