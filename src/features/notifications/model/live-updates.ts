/**
 * Live updates, loaded after the first render: the relay connection wired to the query cache (invalidation, toasts)
 * and to the notifications store (panel entries, connection state, resume id). What reads and applies an event (zod,
 * the event and ticket schemas, ./event-effects) loads with the first event (decision 0059).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { TokenSource } from '../../../api/token-source';
import { importInSteps } from '../../../lib/import-in-steps';
import type { applyEvent as ApplyEvent } from './event-effects';
import { createEventStream, type EventStreamOptions, type RelayReader } from '../api/event-stream';
import {
  addNotification,
  getLastEventId,
  knownKeys,
  setConnection,
  setLastEventId,
  setReconnectHandler,
} from './notification-store';
import '../notifications-panel-section';

export type LiveUpdatesOptions = {
  queryClient: QueryClient;
  tokenSource: TokenSource;
  eventsUrl: string;
} & Pick<EventStreamOptions, 'fetch' | 'EventSource' | 'random' | 'timers'>;

/** Starts the connection; returns the function that stops it (sign-out, unmount). */
export function startLiveUpdates({ queryClient, tokenSource, eventsUrl, ...injected }: LiveUpdatesOptions): () => void {
  let applyEvent: typeof ApplyEvent | undefined;
  // zod, then the schemas, then the reader and the effects, each evaluated in a task of its own: in one task they hold
  // a slow phone's main thread too long (decision 0058).
  const loadReader = async (): Promise<RelayReader> => {
    const [reader, effects] = await importInSteps(
      [() => import('../../../domain/zod'), () => import('../../../domain/ticket-reader')],
      () => Promise.all([import('../api/relay-data'), import('./event-effects')]),
    );
    applyEvent = effects.applyEvent;
    return reader.readRelayData;
  };
  const stream = createEventStream({
    eventsUrl,
    tokenSource,
    ...injected,
    lastEventId: getLastEventId(),
    seenKeys: knownKeys(),
    onLastEventId: setLastEventId,
    onState: setConnection,
    loadReader,
    // Called only once loadReader has resolved (../api/event-stream), so applyEvent is there.
    onEvent: (event) => {
      if (applyEvent) addNotification(applyEvent(queryClient, event));
    },
    // Events may be missing: whatever is shown is refetched (the active queries now, the rest when next shown).
    onReset: () => void queryClient.invalidateQueries(),
  });
  setReconnectHandler(stream.reconnectNow);
  stream.start();
  return () => {
    setReconnectHandler(null);
    stream.stop();
  };
}
