/**
 * The running outbox of the signed-in agent, for the header count and the outbox page: the app starts one runner per
 * agent (src/app/offline) and hands it here; screens read its snapshot.
 */
import { createStore, useStore, type Readable } from '../../../lib/external-store';
import type { OutboxRunner, OutboxSnapshot } from './runner';

const current = createStore<OutboxRunner | null>(null);
const noRunner: Readable<null> = { get: () => null, subscribe: current.subscribe };

export const setOutboxRunner = (runner: OutboxRunner | null): void => current.set(runner);

export function useOutboxRunner(): OutboxRunner | null {
  return useStore(current);
}

/** The runner's snapshot, or null while no runner is started (the app's offline layer loads after the first screen). */
export function useOutboxSnapshot(): OutboxSnapshot | null {
  const runner = useOutboxRunner();
  return useStore<OutboxSnapshot | null>(runner ?? noRunner);
}
