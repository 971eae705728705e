/** A list's state (filters, sort, columns, page) to and from the URL's query string, for any list's own definitions. */

/**
 * How one filter is written in the URL. `multi`: several values, comma-separated (`status=pending,held`); `text`: one
 * free value; `date`: one calendar day, `YYYY-MM-DD`. Each filter's URL parameter is its key in the definitions.
 */
export type FilterDefinition =
  | { kind: 'multi'; options: readonly string[] }
  | { kind: 'text'; maxLength: number }
  | { kind: 'date' };

export type FilterDefinitions = Record<string, FilterDefinition>;

/** A filter that is not set is absent; a `multi` filter that is set has at least one value. */
export type FilterValues<F extends FilterDefinitions> = {
  [K in keyof F]?: F[K] extends { kind: 'multi' } ? readonly string[] : string;
};

export type SortState = { field: string; descending: boolean };

export type ListDefinition<F extends FilterDefinitions> = {
  filters: F;
  /** Every column id, in the order the table shows them. */
  columns: readonly string[];
  /** Columns that are always shown (the one holding the row link); not offered in the column chooser. */
  requiredColumns: readonly string[];
  defaultColumns: readonly string[];
  /** Columns the service can sort by. */
  sortable: readonly string[];
  defaultSort: SortState;
  pageSizes: readonly number[];
  defaultPageSize: number;
};

export type ListState<F extends FilterDefinitions> = {
  filters: FilterValues<F>;
  /** Shown columns, in definition order, required ones included. */
  columns: readonly string[];
  sort: SortState;
  pageSize: number;
  /** Index of the first row shown: always a multiple of pageSize. */
  offset: number;
};

/** The parameters that are not filters; a list's filter keys must not use them. */
export const listParams = { sort: 'sort', columns: 'columns', page: 'page', pageSize: 'pageSize' } as const;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `2026-02-30` looks like a day but is none: only days the calendar has are accepted. */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** All values of a parameter, repeated or comma-separated, trimmed, without empties. */
function values(params: URLSearchParams, name: string): string[] {
  return params
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

function parseFilter(definition: FilterDefinition, params: URLSearchParams, name: string): readonly string[] | string | undefined {
  if (definition.kind === 'multi') {
    const given = new Set(values(params, name));
    // Definition order, not URL order: the same choice is always the same URL (and the same cache key).
    const chosen = definition.options.filter((option) => given.has(option));
    return chosen.length ? chosen : undefined;
  }
  const value = params.get(name)?.trim();
  if (!value) return undefined;
  if (definition.kind === 'text') return [...value].length <= definition.maxLength ? value : undefined;
  return isCalendarDay(value) ? value : undefined;
}

/** Emptied filters (`[]`, `''`) are dropped, so "no filter" has one form. */
export function cleanFilters<F extends FilterDefinitions>(definitions: F, filters: FilterValues<F>): FilterValues<F> {
  const clean: Record<string, readonly string[] | string> = {};
  for (const key of Object.keys(definitions)) {
    const value: readonly string[] | string | undefined = filters[key];
    if (typeof value === 'string') {
      if (value.trim() !== '') clean[key] = value.trim();
    } else if (value !== undefined && value.length > 0) {
      clean[key] = value;
    }
  }
  return clean as FilterValues<F>;
}

function parseSortParam(definition: ListDefinition<FilterDefinitions>, raw: string | null): SortState {
  const value = raw?.trim() ?? '';
  const descending = value.startsWith('-');
  const field = value.replace(/^[-+]/, '');
  return definition.sortable.includes(field) ? { field, descending } : definition.defaultSort;
}

function normaliseColumns(definition: ListDefinition<FilterDefinitions>, chosen: readonly string[]): string[] {
  const wanted = new Set([...chosen, ...definition.requiredColumns]);
  return definition.columns.filter((column) => wanted.has(column));
}

function sameColumns(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((column, i) => column === b[i]);
}

/** Reads the state from the URL; anything unknown or invalid falls back to its default, never an error. */
export function parseListState<F extends FilterDefinitions>(definition: ListDefinition<F>, params: URLSearchParams): ListState<F> {
  const filters: Record<string, readonly string[] | string> = {};
  for (const [name, filter] of Object.entries(definition.filters)) {
    const value = parseFilter(filter, params, name);
    if (value !== undefined) filters[name] = value;
  }
  // Only the known columns count: a `columns` parameter naming none of them is as good as none.
  const chosen = values(params, listParams.columns).filter((column) => definition.columns.includes(column));
  const columns = normaliseColumns(definition, chosen.length ? chosen : definition.defaultColumns);
  const sizeParam = params.get(listParams.pageSize) ?? '';
  const pageSize = definition.pageSizes.find((size) => String(size) === sizeParam.trim()) ?? definition.defaultPageSize;
  const pageParam = params.get(listParams.page)?.trim() ?? '';
  const page = /^[1-9][0-9]{0,8}$/.test(pageParam) ? Number(pageParam) : 1;
  return {
    filters: filters as FilterValues<F>,
    columns,
    sort: parseSortParam(definition, params.get(listParams.sort)),
    pageSize,
    offset: (page - 1) * pageSize,
  };
}

/**
 * The query string (without `?`) for a state; defaults are left out, so the plain address is the default view.
 * Commas between values stay literal, as the service's own filters write them (`status=pending,held`).
 */
export function serialiseListState<F extends FilterDefinitions>(
  definition: ListDefinition<F>,
  state: ListState<F>,
  { withPage = true }: { withPage?: boolean } = {},
): string {
  const parts: [string, string][] = [];
  const filters = cleanFilters(definition.filters, state.filters);
  for (const name of Object.keys(definition.filters)) {
    const value: readonly string[] | string | undefined = filters[name];
    const filter = definition.filters[name];
    if (value === undefined) continue;
    if (typeof value === 'string') parts.push([name, encodeURIComponent(value)]);
    else {
      // In the definition's order, whatever order they were chosen in: one choice, one address.
      const chosen = filter.kind === 'multi' ? filter.options.filter((option) => value.includes(option)) : value;
      if (chosen.length) parts.push([name, chosen.map(encodeURIComponent).join(',')]);
    }
  }
  const { sort } = state;
  if (sort.field !== definition.defaultSort.field || sort.descending !== definition.defaultSort.descending) {
    parts.push([listParams.sort, `${sort.descending ? '-' : ''}${encodeURIComponent(sort.field)}`]);
  }
  const columns = normaliseColumns(definition, state.columns);
  if (!sameColumns(columns, normaliseColumns(definition, definition.defaultColumns))) {
    parts.push([listParams.columns, columns.map(encodeURIComponent).join(',')]);
  }
  if (state.pageSize !== definition.defaultPageSize) parts.push([listParams.pageSize, String(state.pageSize)]);
  const page = Math.floor(state.offset / state.pageSize) + 1;
  if (withPage && page > 1) parts.push([listParams.page, String(page)]);
  return parts.map(([name, value]) => `${name}=${value}`).join('&');
}

/* Changes a person makes. A new filter, sort or page size starts again at the first page; columns keep the page. */

export function withFilters<F extends FilterDefinitions>(state: ListState<F>, filters: FilterValues<F>): ListState<F> {
  return { ...state, filters, offset: 0 };
}

export function withSort<F extends FilterDefinitions>(state: ListState<F>, sort: SortState): ListState<F> {
  return { ...state, sort, offset: 0 };
}

/** Clicking a header: the sorted column turns round, another column sorts ascending. */
export function toggledSort(current: SortState, field: string): SortState {
  return current.field === field ? { field, descending: !current.descending } : { field, descending: false };
}

export function withPageSize<F extends FilterDefinitions>(state: ListState<F>, pageSize: number): ListState<F> {
  return { ...state, pageSize, offset: 0 };
}

export function withColumns<F extends FilterDefinitions>(state: ListState<F>, columns: readonly string[]): ListState<F> {
  return { ...state, columns };
}

export function withOffset<F extends FilterDefinitions>(state: ListState<F>, offset: number): ListState<F> {
  return { ...state, offset: Math.max(0, Math.floor(offset / state.pageSize) * state.pageSize) };
}
