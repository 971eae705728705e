/** A list's state read from the current URL, and the ways to change it (each change is a history entry: Back works). */
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, type To } from 'react-router-dom';
import { parseListState, serialiseListState, type FilterDefinitions, type ListDefinition, type ListState } from './list-state';

export type ListStateControls<F extends FilterDefinitions> = {
  state: ListState<F>;
  /** The address of another state of this list, for links (paging, saved views, "clear filters"). */
  linkTo: (state: ListState<F>) => To;
  /** Goes to another state; `replace` for corrections that should not add a Back step (a page past the end). */
  apply: (state: ListState<F>, options?: { replace?: boolean }) => void;
};

/** `definition` must be stable (a module constant): the parsed state is memoised on it and the query string. */
export function useListState<F extends FilterDefinitions>(definition: ListDefinition<F>): ListStateControls<F> {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => parseListState(definition, new URLSearchParams(search)), [definition, search]);
  const linkTo = useCallback(
    (next: ListState<F>): To => {
      const query = serialiseListState(definition, next);
      return { pathname, search: query ? `?${query}` : '' };
    },
    [definition, pathname],
  );
  const apply = useCallback(
    (next: ListState<F>, options: { replace?: boolean } = {}) => {
      void navigate(linkTo(next), { replace: options.replace ?? false });
    },
    [navigate, linkTo],
  );
  return { state, linkTo, apply };
}
