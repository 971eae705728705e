/**
 * Live updates, loaded after the first render: the relay connection wired to the query cache (invalidation, toasts)
 * and to the notifications store (panel entries, connection state, resume id).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { TokenSource } from '../../../api/token-source';
import { applyEvent } from './event-effects';
import { createEventStream, type EventStreamOptions } from '../api/event-stream';
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
  const stream = createEventStream({
    eventsUrl,
    tokenSource,
    ...injected,
    lastEventId: getLastEventId(),
    seenKeys: knownKeys(),
    onLastEventId: setLastEventId,
    onState: setConnection,
    onEvent: (event) => addNotification(applyEvent(queryClient, event)),
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
