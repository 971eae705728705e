/** The app's one shape of observable state outside React (toasts, sessions, the outbox …) and its one React hook. */
import { useSyncExternalStore } from 'react';

/** What can be read and watched: a store of ours, or a browser's or library's own source under the same names. */
export type Readable<T> = {
  /** The value now; the same reference until it changes (useSyncExternalStore relies on that). */
  get(): T;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
};

export type Store<T> = Readable<T> & {
  /** Replaces the value and tells every listener (even when the value is the same: a store may announce events). */
  set(next: T): void;
  /** Drops every listener: the owner has stopped and nobody is to be told anything more. */
  dispose(): void;
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
    dispose: () => listeners.clear(),
  };
}

/**
 * The value in a component, re-rendered when it changes. A selector picks a part; it must return a stored reference
 * or a primitive (a new object every call would re-render forever).
 */
export function useStore<T>(store: Readable<T>): T;
export function useStore<T, S>(store: Readable<T>, selector: (value: T) => S): S;
export function useStore<T, S>(store: Readable<T>, selector?: (value: T) => S): T | S {
  return useSyncExternalStore<T | S>(store.subscribe, selector ? () => selector(store.get()) : store.get);
}
