/**
 * The form's errors for thousands of fields with one react-hook-form subscription. react-hook-form walks every
 * subscriber on every keystroke; one useFormState per field meant ~2,300 of them on a 99-contact step. Here a single
 * bridge follows the errors, and each field selects its own error (as a string, so only a changed error re-renders).
 */
import { createContext, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { get, useFormState, type FieldError, type FieldErrors } from 'react-hook-form';
import { createStore, useStore, type Store } from '../../../lib/external-store';
import type { EntryValues } from '../model/form-values';

type ErrorsStore = Store<FieldErrors<EntryValues>>;
const createErrorsStore = (): ErrorsStore => createStore<FieldErrors<EntryValues>>({});

const ErrorsContext = createContext<ErrorsStore | null>(null);

/** Re-renders when react-hook-form's errors change (never while typing), and tells the fields. */
function ErrorsBridge({ store }: { store: ErrorsStore }) {
  const { errors } = useFormState<EntryValues>();
  useLayoutEffect(() => {
    store.set(errors);
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
  const snapshot = useStore({
    get() {
      const error = get(store.get(), name) as FieldError | undefined;
      return error?.message ? `${error.type}${separator}${error.message}` : '';
    },
    subscribe: store.subscribe,
  });
  if (!snapshot) return undefined;
  const at = snapshot.indexOf(separator);
  return { type: snapshot.slice(0, at), message: snapshot.slice(at + 1) };
}
