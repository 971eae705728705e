/** What every step needs besides the form: tell the draft something changed, and announce a result politely. */
import { createContext, useContext } from 'react';

export type EntryActions = {
  /** A change the DOM did not see (rows added, removed or copied): the draft saves it too. */
  changed(): void;
  /** Words for the wizard's polite live region ("Contact 3 added."). */
  announce(text: string): void;
};

export const EntryContext = createContext<EntryActions>({ changed: () => {}, announce: () => {} });

export function useEntryActions(): EntryActions {
  return useContext(EntryContext);
}
