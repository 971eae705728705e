/**
 * The header's offline layer, loaded after the first screen (src/app/layout/offline-slot.tsx): it starts the shell's
 * worker, the persisted queries and the outbox, and shows the offline marker, the new-version notice and the outbox
 * count.
 */
import { OutboxLink } from '../../features/outbox/components/outbox-link';
import { OfflineMarker } from './offline-marker';
import { UpdateNotice } from './update-notice';
import { useOutbox, usePersistedQueries, useShellWorker } from './use-offline-services';
import './offline.css';

export function OfflineArea() {
  useShellWorker();
  usePersistedQueries();
  useOutbox();
  return (
    <div className="offline-area">
      <OfflineMarker />
      <UpdateNotice />
      <OutboxLink />
    </div>
  );
}
