/**
 * The form's errors for thousands of fields with one react-hook-form subscription. react-hook-form walks every
 * subscriber on every keystroke; one useFormState per field meant ~2,300 of them on a 99-contact step. Here a single
 * bridge follows the errors, and each field selects its own error (as a string, so only a changed error re-renders).
 */
import { createContext, useContext, useLayoutEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { get, useFormState, type FieldError, type FieldErrors } from 'react-hook-form';
import type { EntryValues } from '../model/form-values';

type ErrorsStore = {
  errors(): FieldErrors<EntryValues>;
  publish(errors: FieldErrors<EntryValues>): void;
  subscribe(listener: () => void): () => void;
};

function createErrorsStore(): ErrorsStore {
  let current: FieldErrors<EntryValues> = {};
  const listeners = new Set<() => void>();
  return {
    errors: () => current,
    publish(errors) {
      current = errors;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const ErrorsContext = createContext<ErrorsStore | null>(null);

/** Re-renders when react-hook-form's errors change (never while typing), and tells the fields. */
function ErrorsBridge({ store }: { store: ErrorsStore }) {
  const { errors } = useFormState<EntryValues>();
  useLayoutEffect(() => {
    store.publish(errors);
  });
  return null;
}

export function FieldErrorsProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createErrorsStore);
  return (
    <ErrorsContext.Provider value={store}>
      <ErrorsBridge store={store} />
      {children}
    </ErrorsContext.Provider>
  );
}

const separator = '\u0000';

/** The error at `name` (a field, or `<list>.root`): its type and message, or undefined. */
export function useErrorAt(name: string): Pick<FieldError, 'type' | 'message'> | undefined {
  const store = useContext(ErrorsContext);
  if (!store) throw new Error('useErrorAt needs a <FieldErrorsProvider> above it.');
  const snapshot = useSyncExternalStore(store.subscribe, () => {
      const error = get(store.errors(), name) as FieldError | undefined;
      return error?.message ? `${error.type}${separator}${error.message}` : '';
  });
  if (!snapshot) return undefined;
  const at = snapshot.indexOf(separator);
  return { type: snapshot.slice(0, at), message: snapshot.slice(at + 1) };
}
