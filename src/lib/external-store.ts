/** The app's one shape of observable state outside React (toasts, sessions, the outbox …) and its one React hook. */
import { useSyncExternalStore } from 'react';

/** What can be read and watched: a store of ours, or a browser's or library's own source under the same names. */
export type Readable<T> = {
  /** The value now; the same reference until it changes (useSyncExternalStore relies on that). */
  get(): T;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
};

/**
 * No way to drop every listener at once: the only listeners of a stopped controller or runner are React's, and React
 * unsubscribes them itself.
 */
export type Store<T> = Readable<T> & {
  /** Replaces the value and tells every listener (even when the value is the same: a store may announce events). */
  set(next: T): void;
};

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      value = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The value in a component, re-rendered when it changes. A part of a store is read as `{ get: () => part(store.get()),
 * subscribe: store.subscribe }`: its `get` must return a stored reference or a primitive (a new object every call
 * would re-render forever). No selector argument: the hook is on the first screen, where every byte counts.
 */
export function useStore<T>(store: Readable<T>): T {
  return useSyncExternalStore(store.subscribe, store.get);
}
