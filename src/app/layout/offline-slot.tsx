/**
 * The header's place for the offline layer (outbox count, offline marker, new version), whose code loads only once
 * the first screen has settled: no query fetching for 1.5 s, or 8 s on a screen without queries, or at once when the
 * browser starts offline. So the first screen's budget carries none of it (docs/decisions/0026, 0037).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ComponentType } from 'react';
import { setOfflineLoader } from './offline-trigger';

export function OfflineSlot() {
  const client = useQueryClient();
  const [Area, setArea] = useState<ComponentType>();
  useEffect(() => {
    // Without IndexedDB (very old or locked-down browsers, jsdom) there is no outbox and no stored reading: the layer
    // stays away, and the outbox's page says why (features/outbox).
    if (typeof indexedDB === 'undefined') return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = client.getQueryCache().subscribe(() => {
      clearTimeout(timer);
      if (!client.isFetching()) timer = setTimeout(go, 1500);
    });
    function go() {
      stop();
      clearTimeout(timer);
      void import('../offline/offline-entry').then((entry) => entry.loadOfflineArea()).then((loaded) => setArea(() => loaded));
    }
    // The outbox's pages ask for it at once (they need its runner), even before this effect ran.
    timer = setTimeout(go, setOfflineLoader(go) || !navigator.onLine ? 0 : 8000);
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [client]);
  return Area ? <Area /> : null;
}
