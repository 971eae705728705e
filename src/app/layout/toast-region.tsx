/**
 * The polite live region where short notices (a failed background refresh, a status change) appear. The region is
 * on the page from the start (a screen reader announces only what is added to a region it already knows); the
 * notices' code and words load with the first notice, not with the first screen (decision 0034).
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { getToasts, subscribeToasts } from '../../lib/toasts';
import '../../components/toast-list.css';

const ToastItems = lazy(async () => ({ default: (await import('../../components/toast-list')).ToastItems }));

const anyToasts = () => getToasts().length > 0;

export function ToastRegion() {
  const shown = useSyncExternalStore(subscribeToasts, anyToasts, anyToasts);
  return (
    <div className="toast-region" aria-live="polite">
      {shown ? (
        <Suspense fallback={null}>
          <ToastItems />
        </Suspense>
      ) : null}
    </div>
  );
}
