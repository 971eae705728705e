/** "A new version is ready — Reload": the page changes version only when the agent presses Reload here. */
import { useSyncExternalStore } from 'react';
import { useWords } from '../../lib/i18n/react';
import { applyUpdate, getUpdateState, subscribeUpdateState } from '../../lib/service-worker';
import './offline-section';

export function UpdateNotice() {
  const t = useWords();
  const state = useSyncExternalStore(subscribeUpdateState, getUpdateState);
  return (
    <div role="status" className="update-notice-region">
      {state === 'none' ? null : (
        <span className="update-notice">
          {t(state === 'waiting' ? 'offline.update' : 'offline.updateElsewhere')}{' '}
          <button type="button" className="update-notice__button" onClick={applyUpdate}>
            {t('offline.reload')}
          </button>
        </span>
      )}
    </div>
  );
}
