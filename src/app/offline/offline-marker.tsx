/**
 * "Offline — as of 10:42" in the header while the browser is offline: the time of the oldest data on screen (the
 * active queries'), restored from the persisted cache or kept from before; or that this page was never stored; or
 * just "Offline" on a screen that shows no fetched data.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useWords } from '../../lib/i18n/react';
import { clockTime } from '../../lib/clock-time';
import { cancelOrderKeys, ticketKeys } from '../../lib/query-keys';
import { useOnline } from '../../lib/use-online';
import { useStore, type Readable } from '../../lib/external-store';
import './offline-section';

const readRoots: readonly string[] = [ticketKeys.all[0], cancelOrderKeys.all[0]];

/**
 * When the oldest data on screen was fetched (ms); null when the screen waits for data it has none of (not stored for
 * offline reading); undefined when the screen shows no fetched data at all (the outbox, the wizard).
 */
export function oldestOnScreen(queryClient: QueryClient): number | null | undefined {
  // The service's data the page shows (tickets, cancellations), not the header's own queries.
  const active = queryClient
    .getQueryCache()
    .findAll({ type: 'active' })
    .filter((query) => readRoots.includes(String(query.queryKey[0])));
  if (active.length === 0) return undefined;
  const times = active.filter((query) => query.state.data !== undefined && query.state.dataUpdatedAt > 0).map((query) => query.state.dataUpdatedAt);
  return times.length ? Math.min(...times) : null;
}

export function OfflineMarker() {
  const t = useWords();
  const online = useOnline();
  const queryClient = useQueryClient();
  // The query cache as a source: it changes with every fetch, and the oldest time on screen is read from it.
  const onScreen = useMemo<Readable<number | null | undefined>>(
    () => ({ get: () => oldestOnScreen(queryClient), subscribe: (listener) => queryClient.getQueryCache().subscribe(listener) }),
    [queryClient],
  );
  const asOf = useStore(onScreen);
  // The region is always there, so going offline is announced (politely: it never moves focus).
  return (
    <div role="status" className="offline-marker-region">
      {online ? null : (
        <strong className="offline-marker">
          {asOf === undefined ? t('offline.markerPlain') : asOf === null ? t('offline.markerNothing') : t('offline.marker', { time: clockTime(asOf) })}
        </strong>
      )}
    </div>
  );
}
