/**
 * The ticket list screen's body: the compact filter bar and its chips, then the results with their tools (columns,
 * saved views) on one line above the rows and the export below them; all of it kept in the URL.
 */
import { useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ColumnChooser } from '../../../components/data-table/column-chooser';
import type { PageFetcher } from '../../../components/data-table/export-csv';
import { ExportPanel, type ExportWordKeys } from '../../../components/data-table/export-panel';
import { ListPage } from '../../../components/data-table/list-page';
import { serialiseListState, withColumns, withFilters } from '../../../components/data-table/list-state';
import { useListState } from '../../../components/data-table/use-list-state';
import { minuteOf } from '../../../lib/overdue';
import { useNow } from '../../../lib/use-now';
import { ticketListDefinition } from '../model/list-definition';
import { listQuery, viewQuery } from '../model/list-query';
import { usePrefetchTicket } from '../api/get-ticket';
import { useTickets } from '../api/get-tickets';
import { useTicketColumns } from './columns';
import { FiltersForm } from './filters-form';
import { SavedViewsPanel } from './saved-views-panel';
import { TicketListChips } from './ticket-list-chips';
import { TicketListResults } from './ticket-list-results';
import type { TroubleTicketRead } from '../../../api/read-models';
import './ticket-list.css';

const fetchPage: PageFetcher<TroubleTicketRead> = (api, query, options) => api.listTroubleTickets(query, options);
const exportWords: ExportWordKeys = {
  progress: 'tickets.export.progress',
  progressUnknownTotal: 'tickets.export.progressUnknownTotal',
  fileName: 'tickets.export.fileName',
};

/** `heading`: the page's h1, shown on one line with the filter bar (a dense list shows more rows). */
export function TicketList({ heading }: { heading?: ReactNode }) {
  const { pathname, search } = useLocation();
  const controls = useListState(ticketListDefinition);
  const { state, linkTo, apply } = controls;

  // One clock for the whole list: the due column and the overdue filter read the same minute.
  const now = minuteOf(useNow());
  const query = useMemo(() => listQuery(state, now), [state, now]);
  const view = useMemo(() => viewQuery(state, now), [state, now]);
  const list = useTickets(query);
  // The detail starts loading when a row's link is hovered or focused, so opening it is usually instant.
  const prefetch = usePrefetchTicket();
  const columns = useTicketColumns({ onPrefetch: prefetch, listAddress: `${pathname}${search}`, now });
  const shown = useMemo(() => columns.filter((column) => state.columns.includes(column.id)), [columns, state.columns]);
  const sortLabel = columns.find((column) => column.id === state.sort.field)?.header ?? state.sort.field;
  const viewString = serialiseListState(ticketListDefinition, state, { withPage: false });
  const filterKey = JSON.stringify(state.filters);

  return (
    <ListPage
      className="ticket-list"
      heading={heading}
      filters={
        // A new filter state from elsewhere (Back, a saved view, "Clear filters") starts the form afresh.
        <FiltersForm
          key={filterKey}
          filters={state.filters}
          onApply={(filters) => apply(withFilters(state, filters))}
          clearTo={linkTo(withFilters(state, {}))}
        />
      }
      chips={<TicketListChips state={state} linkTo={linkTo} />}
    >
      <TicketListResults
        list={list}
        controls={controls}
        columns={shown}
        sortLabel={sortLabel}
        actions={() => (
          <>
            <ColumnChooser
              columns={columns}
              required={ticketListDefinition.requiredColumns}
              shown={state.columns}
              onApply={(chosen) => apply(withColumns(state, chosen))}
            />
            <SavedViewsPanel currentQuery={viewString} pathname={pathname} />
          </>
        )}
        // An export keeps the view it started with; changing the view meanwhile does not stop it.
        footer={(hasRows) => (
          <div className="list-page__export">
            <ExportPanel view={view} columns={shown} canStart={hasRows} fetchPage={fetchPage} wordKeys={exportWords} />
          </div>
        )}
      />
    </ListPage>
  );
}
