/**
 * The ticket list's active filters as chips: each removes its one value (a status, the external id, a plain field's
 * word …) from the URL, named as its filter is.
 */
import { useCallback } from 'react';
import type { To } from 'react-router-dom';
import { FilterChips, type FilterChip } from '../../../components/data-table/filter-menu';
import { withFilters, type FilterValues, type ListState } from '../../../components/data-table/list-state';
import { statusLabel } from '../../../components/status-badge';
import { formatDate } from '../../../lib/format';
import { wordsOrValue } from '../../../lib/i18n/keys';
import { useWords } from '../../../lib/i18n/react';
import type { TicketFilters } from '../model/list-definition';
import { startOfLocalDay } from '../model/list-query';
import { moreTextFilters, textFilterLabel } from './filters-form';

type Props = {
  state: ListState<TicketFilters>;
  linkTo: (state: ListState<TicketFilters>) => To;
};

export function TicketListChips({ state, linkTo }: Props) {
  const t = useWords();
  const { filters } = state;
  const without = (patch: FilterValues<TicketFilters>) => linkTo(withFilters(state, { ...filters, ...patch }));
  const chip = (key: string, filter: string, value: string, patch: FilterValues<TicketFilters>): FilterChip => ({
    key,
    label: t('filterBar.chip', { filter, value }),
    to: without(patch),
  });
  const many = (name: 'status' | 'ticketType', label: (value: string) => string) =>
    (filters[name] ?? []).map((value) =>
      chip(`${name}=${value}`, t(`tickets.filters.${name}`), label(value), { [name]: filters[name]?.filter((v) => v !== value) }),
    );
  const day = (value: string) => formatDate(startOfLocalDay(value));
  const created = t('tickets.filters.created');

  const chips: FilterChip[] = [
    ...many('status', (status) => statusLabel(status, t)),
    ...many('ticketType', (type) => wordsOrValue(t, 'ticketType', type)),
    ...(filters.externalId ? [chip('externalId', t('tickets.filters.externalId'), filters.externalId, { externalId: undefined })] : []),
    ...(filters.due?.includes('overdue')
      ? [{ key: 'due', label: t('filterBar.overdue'), to: without({ due: undefined }) }]
      : []),
    ...moreTextFilters.flatMap((name) => {
      const value = filters[name];
      return value ? [chip(name, textFilterLabel(t, name), value, { [name]: undefined })] : [];
    }),
    ...(filters.createdFrom
      ? [chip('createdFrom', `${created} (${t('tickets.filters.createdFrom')})`, day(filters.createdFrom), { createdFrom: undefined })]
      : []),
    ...(filters.createdTo
      ? [chip('createdTo', `${created} (${t('tickets.filters.createdTo')})`, day(filters.createdTo), { createdTo: undefined })]
      : []),
  ];
  // With the last chip gone, focus goes to the first control of the bar.
  const fallback = useCallback(() => document.querySelector<HTMLElement>('.ticket-filters summary'), []);
  return <FilterChips chips={chips} fallback={fallback} />;
}
