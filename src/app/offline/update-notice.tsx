/** "A new version is ready — Reload": the page changes version only when the agent presses Reload here. */
import { useWords } from '../../lib/i18n/react';
import { useStore } from '../../lib/external-store';
import { applyUpdate, updateState } from '../../lib/service-worker';
import './offline-section';

export function UpdateNotice() {
  const t = useWords();
  const state = useStore(updateState);
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
