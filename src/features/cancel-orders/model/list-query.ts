/** The cancellation list's state as the service's list query: filters, `fields` from the shown columns, sort, page. */
import type { ListQuery } from '../../../api/client';
import type { ListState } from '../../../components/data-table/list-state';
import { filterPaths, type CancelOrderFilters } from './list-definition';

/**
 * Without paging: the same view for every page (the export walks it page by page). Equality filters in the service's
 * syntax (docs/mock-api.md): comma = OR for states, a dotted path into productOrder.
 */
export function viewQuery(state: ListState<CancelOrderFilters>): Omit<ListQuery, 'offset' | 'limit'> {
  return {
    // Only what is shown is fetched; the service returns id, href and @type anyway.
    fields: state.columns,
    sort: `${state.sort.descending ? '-' : ''}${state.sort.field}`,
    filters: Object.fromEntries(Object.entries(state.filters).map(([param, value]) => [filterPaths[param] ?? param, value])),
  };
}

export function listQuery(state: ListState<CancelOrderFilters>): ListQuery {
  return { ...viewQuery(state), offset: state.offset, limit: state.pageSize };
}
