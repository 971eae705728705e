/**
 * The running outbox of the signed-in agent, for the header count and the outbox page: the app starts one runner per
 * agent (src/app/offline) and hands it here; screens read its snapshot.
 */
import { useSyncExternalStore } from 'react';
import type { OutboxRunner, OutboxSnapshot } from './runner';

let current: OutboxRunner | null = null;
const listeners = new Set<() => void>();

export function setOutboxRunner(runner: OutboxRunner | null): void {
  current = runner;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useOutboxRunner(): OutboxRunner | null {
  return useSyncExternalStore(subscribe, () => current);
}

/** The runner's snapshot, or null while no runner is started (the app's offline layer loads after the first screen). */
export function useOutboxSnapshot(): OutboxSnapshot | null {
  const runner = useOutboxRunner();
  return useSyncExternalStore(runner ? runner.subscribe : subscribe, () => runner?.getSnapshot() ?? null);
}
