/** The app's short notices (a failed background refresh …): a tiny external store any code can push to, React or not. */
import type { TFunction } from './i18n/translator';
import { createStore } from './external-store';

/**
 * What a toast says. A function of `t`, not finished strings: a notice pushed from outside React (the query cache) is
 * worded when it is shown, so switching the language rewords the toasts already on screen.
 */
export type ToastWords = (t: TFunction) => { title: string; lines?: readonly string[] };

export type Toast = {
  id: string;
  /** A failure needs attention (error colours); information does not. */
  tone: 'error' | 'info';
  words: ToastWords;
  /**
   * Toasts with the same key replace each other instead of piling up: a query that keeps failing every minute shows
   * one toast, the newest.
   */
  key?: string;
};

export type ToastInput = Omit<Toast, 'id'>;

/** The toasts shown now, oldest first. */
const store = createStore<readonly Toast[]>([]);
let nextId = 1;

/** Shows a toast (newest last) and returns its id; one with the same key as a shown toast replaces that one. */
export function pushToast(input: ToastInput): string {
  const id = `toast-${nextId++}`;
  const toast: Toast = { ...input, id };
  store.set([...store.get().filter((shown) => input.key === undefined || shown.key !== input.key), toast]);
  return id;
}

/** Keeps the toasts `keep` accepts; nobody is told when that is all of them. */
function keepOnly(keep: (toast: Toast) => boolean): void {
  const toasts = store.get();
  if (!toasts.every(keep)) store.set(toasts.filter(keep));
}

/** Removes a toast by id; an id that is no longer shown is ignored (a timer and a click may race). */
export const dismissToast = (id: string): void => keepOnly((toast) => toast.id !== id);

/** Removes the toast pushed under `key`, if any (its notice has become untrue, e.g. a later refresh succeeded). */
export const dismissToastByKey = (key: string): void => keepOnly((toast) => toast.key !== key);

export const { get: getToasts, subscribe: subscribeToasts } = store;

/** Removes every toast: for tests, so one test's notices never show in the next. */
export const clearToasts = (): void => keepOnly(() => false);
