/**
 * The cancellation list's active filters as chips, from the field table: each removes its one value (a state, the
 * product order) from the URL, named as its filter is.
 */
import { useCallback } from 'react';
import type { To } from 'react-router-dom';
import { FilterChips, type FilterChip } from '../../../components/data-table/filter-menu';
import { withFilters, type FilterValues, type ListState } from '../../../components/data-table/list-state';
import { statusLabel } from '../../../components/status-badge';
import { cancelOrderFields, fieldOf } from '../../../domain/cancel-order-fields';
import { useWords } from '../../../lib/i18n/react';
import { cancelOrderFilterParams, type CancelOrderFilters } from '../model/list-definition';

type Props = {
  state: ListState<CancelOrderFilters>;
  linkTo: (state: ListState<CancelOrderFilters>) => To;
};

export function CancelOrderListChips({ state, linkTo }: Props) {
  const t = useWords();
  const filters: Record<string, string | readonly string[] | undefined> = state.filters;
  const without = (param: string, value: string | readonly string[] | undefined) =>
    linkTo(withFilters(state, { ...state.filters, [param]: value } as FilterValues<CancelOrderFilters>));

  const chips: FilterChip[] = cancelOrderFilterParams.flatMap(({ key, param }): FilterChip[] => {
    const filter = t(cancelOrderFields[key].label);
    const value = filters[param];
    if (value === undefined) return [];
    if (typeof value === 'string') return [{ key: param, label: t('filterBar.chip', { filter, value }), to: without(param, undefined) }];
    const word = (option: string) => (fieldOf(key).show === 'state' ? statusLabel(option, t) : option);
    return value.map((option) => ({
      key: `${param}=${option}`,
      label: t('filterBar.chip', { filter, value: word(option) }),
      to: without(param, value.filter((other) => other !== option)),
    }));
  });
  // With the last chip gone, focus goes to the first control of the bar.
  const fallback = useCallback(() => document.querySelector<HTMLElement>('.cancel-filters summary, .cancel-filters input'), []);
  return <FilterChips chips={chips} fallback={fallback} />;
}
