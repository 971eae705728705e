/** The ticket list screen's body: filters, columns, saved views and results, all of it kept in the URL. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { ColumnChooser } from '../../../components/data-table/column-chooser';
import { serialiseListState, withColumns, withFilters } from '../../../components/data-table/list-state';
import { useListState } from '../../../components/data-table/use-list-state';
import { useApi } from '../../../lib/api-context';
import { ticketListDefinition } from '../api/list-definition';
import { listQuery, viewQuery } from '../api/list-query';
import { ticketQueries } from '../api/ticket-queries';
import { useTicketColumns } from './columns';
import { ExportPanel } from './export-panel';
import { FiltersForm } from './filters-form';
import { SavedViewsPanel } from './saved-views-panel';
import { TicketListResults } from './ticket-list-results';
import './ticket-list.css';

export function TicketList() {
  const api = useApi();
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  const controls = useListState(ticketListDefinition);
  const { state, linkTo, apply } = controls;

  const query = useMemo(() => listQuery(state), [state]);
  const view = useMemo(() => viewQuery(state), [state]);
  const list = useQuery({
    ...ticketQueries.list(api, query),
    // Names the list in the notice shown when a background refresh fails (the rows stay on screen).
    meta: { refreshFailure: { key: 'tickets.results.refreshFailed' } },
  });

  // The detail starts loading when a row's link is hovered or focused, so opening it is usually instant.
  const prefetch = useCallback(
    (id: string) => void queryClient.prefetchQuery(ticketQueries.detail(api, id)),
    [queryClient, api],
  );
  const columns = useTicketColumns({ onPrefetch: prefetch, listAddress: `${pathname}${search}` });
  const shown = useMemo(() => columns.filter((column) => state.columns.includes(column.id)), [columns, state.columns]);
  const sortLabel = columns.find((column) => column.id === state.sort.field)?.header ?? state.sort.field;
  const viewString = serialiseListState(ticketListDefinition, state, { withPage: false });
  const filterKey = JSON.stringify(state.filters);

  return (
    <div className="ticket-list">
      {/* A new filter state from elsewhere (Back, a saved view, "Clear filters") starts the form afresh. */}
      <FiltersForm
        key={filterKey}
        filters={state.filters}
        onApply={(filters) => apply(withFilters(state, filters))}
        clearTo={linkTo(withFilters(state, {}))}
      />
      <div className="ticket-list__tools">
        <ColumnChooser
          columns={columns}
          required={ticketListDefinition.requiredColumns}
          shown={state.columns}
          onApply={(chosen) => apply(withColumns(state, chosen))}
        />
        <SavedViewsPanel currentQuery={viewString} pathname={pathname} />
      </div>
      <TicketListResults
        list={list}
        controls={controls}
        columns={shown}
        sortLabel={sortLabel}
        // An export keeps the view it started with; changing the view meanwhile does not stop it.
        actions={(hasRows) => <ExportPanel view={view} columns={shown} canStart={hasRows} />}
      />
    </div>
  );
}
