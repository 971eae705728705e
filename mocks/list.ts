/** Shared list logic of both list operations: paging, field selection, TMF630 filters, sort and count headers. */
import { HttpResponse } from 'msw';
import { Paging, alwaysReturned, parseFields, parseSort, reservedParams } from '../src/domain/list';
import { describeError, type IssueMessage } from '../src/domain/messages';

const operators = ['gt', 'gte', 'lt', 'lte'] as const;
type Operator = (typeof operators)[number];

/** `status=pending,held`, `externalIdentifier.id=X`: any value at the path equals any of the options. */
type EqualityFilter = { path: string[]; options: string[] };
/** `creationDate.gte=2026-11-01T00:00:00+01:00` (TMF630): a date-time or number bound. */
type RangeFilter = { path: string[]; operator: Operator; bound: number };

export type ListQuery = {
  offset: number;
  limit: number;
  fields?: string[];
  sort: { field: string; descending: boolean }[];
  filters: EqualityFilter[];
  ranges: RangeFilter[];
};

const DATE_LIKE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** Newest first unless the client asks otherwise (docs/decisions/0010). */
export const defaultSort = [{ field: 'creationDate', descending: true }];

/** What a collection can be sorted by: a fixed set, so a request cannot make the service keep an order per made-up field. */
export type SortFields = {
  /** Attribute paths (`creationDate`, `channel.name`). */
  fields: readonly string[];
  /** Older names of the same attribute (`lastUpdate` -> `lastUpdateDate`). */
  aliases?: Readonly<Record<string, string>>;
};

/** `2026-02-30` matches the pattern but is no day: Date.parse would read it as 2 March. */
function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function parseBound(raw: string): number | undefined {
  // An unencoded "+01:00" arrives as " 01:00" (form decoding turns + into a space); read it as the offset it was.
  const value = raw.trim().replace(/ (\d{2}:\d{2})$/, '+$1');
  if (NUMBER.test(value)) return Number(value);
  if (DATE_LIKE.test(value) && isCalendarDate(value)) {
    const ms = Date.parse(value);
    if (!Number.isNaN(ms)) return ms;
  }
  return undefined;
}

/** The sort asked for, in the collection's own names; an unknown field is an issue naming `sort`. */
function readSort(raw: string | null, sortFields: SortFields, issues: IssueMessage[]): ListQuery['sort'] {
  const sort = parseSort(raw).map(({ field, descending }) => ({ field: sortFields.aliases?.[field] ?? field, descending }));
  const unknown = sort.filter(({ field }) => !sortFields.fields.includes(field));
  if (unknown.length) {
    issues.push({ path: 'sort', key: 'validation.oneOf', fieldKeys: ['fields.sort'], values: { options: sortFields.fields.join(', ') } });
  }
  return sort.length ? sort : defaultSort;
}

export function parseListQuery(params: URLSearchParams, sortFields: SortFields): { query: ListQuery } | { issues: IssueMessage[] } {
  const paging = Paging.safeParse({ offset: params.get('offset') ?? undefined, limit: params.get('limit') ?? undefined });
  const issues: IssueMessage[] = paging.success ? [] : describeError(paging.error);
  const filters = new Map<string, EqualityFilter>();
  const ranges: RangeFilter[] = [];
  const reserved: readonly string[] = reservedParams;
  for (const [name, raw] of params) {
    if (reserved.includes(name)) continue;
    const path = name.split('.');
    const last = path[path.length - 1] as Operator;
    if (path.length > 1 && operators.includes(last)) {
      const bound = parseBound(raw);
      // Named as the parameter was sent (`creationDate.gte`), not by the field's label: the bound is what is wrong.
      if (bound === undefined) issues.push({ path: name, key: 'validation.dateTime', fieldKeys: [], values: {} });
      else ranges.push({ path: path.slice(0, -1), operator: last, bound });
      continue;
    }
    // `?status=a&status=b` means the same as `?status=a,b`.
    const filter = filters.get(name) ?? { path, options: [] };
    filter.options.push(...raw.split(',').map((o) => o.trim()));
    filters.set(name, filter);
  }
  const sort = readSort(params.get('sort'), sortFields, issues);
  if (!paging.success || issues.length) return { issues };
  return {
    query: {
      ...paging.data,
      fields: parseFields(params.get('fields')),
      sort,
      filters: [...filters.values()],
      ranges,
    },
  };
}

/** Every value at a dotted path; arrays on the way are searched item by item. */
export function valuesAt(item: unknown, path: readonly string[]): unknown[] {
  // The common case, a first-level scalar, without the allocations of the general walk.
  if (path.length === 1 && item !== null && typeof item === 'object') {
    const value = (item as Record<string, unknown>)[path[0]];
    return value === undefined ? [] : Array.isArray(value) ? value : [value];
  }
  let current: unknown[] = [item];
  for (const key of path) {
    const next: unknown[] = [];
    for (const value of current) {
      for (const v of Array.isArray(value) ? value : [value]) {
        if (v !== null && typeof v === 'object' && key in v) next.push((v as Record<string, unknown>)[key]);
      }
    }
    current = next;
  }
  return current.flatMap((v) => (Array.isArray(v) ? v : [v]));
}

/** Date-times compare as instants (offsets differ: +01:00 and +02:00), numbers as numbers, the rest as text. */
function comparable(value: unknown): number | string | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value !== 'string') return undefined;
  if (DATE_LIKE.test(value)) {
    const ms = Date.parse(value);
    if (!Number.isNaN(ms)) return ms;
  }
  return value;
}

/** Whether any value at the path passes `test`; walks arrays on the way like valuesAt, without building lists. */
function someAt(value: unknown, path: readonly string[], i: number, test: (v: unknown) => boolean): boolean {
  if (Array.isArray(value)) return value.some((v) => someAt(v, path, i, test));
  if (i === path.length) return test(value);
  if (value === null || typeof value !== 'object') return false;
  const next = (value as Record<string, unknown>)[path[i]];
  return next !== undefined && someAt(next, path, i + 1, test);
}

const isScalar = (v: unknown): v is string | number | boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** One predicate for the whole query, built once per request rather than re-read per item (100,000 items). */
function matcher(query: ListQuery): (item: unknown) => boolean {
  const tests = [
    ...query.filters.map(({ path, options }) => {
      const wanted = new Set(options);
      const test = (v: unknown) => isScalar(v) && wanted.has(String(v));
      return (item: unknown) => someAt(item, path, 0, test);
    }),
    ...query.ranges.map(({ path, operator, bound }) => {
      const test = (v: unknown) => {
        const c = comparable(v);
        if (typeof c !== 'number') return false;
        return operator === 'gt' ? c > bound : operator === 'gte' ? c >= bound : operator === 'lt' ? c < bound : c <= bound;
      };
      return (item: unknown) => someAt(item, path, 0, test);
    }),
  ];
  return (item) => tests.every((test) => test(item));
}

function compare(a: number | string | undefined, b: number | string | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/** Keeps the first-level attributes asked for, plus id, href and @type. */
export function selectFields<T extends object>(item: T, fields: readonly string[] | undefined): Partial<T> {
  if (!fields) return item;
  const keep = new Set<string>([...fields, ...alwaysReturned]);
  return Object.fromEntries(Object.entries(item).filter(([key]) => keep.has(key))) as Partial<T>;
}

/** The items in the order of one sort, computed once per list of items (the store hands out a new list on change). */
const sortedOrders = new WeakMap<readonly object[], Map<string, readonly object[]>>();

/**
 * Sort orders kept per list of items. The fields are a fixed set, but their combinations (`sort=a,-b,c`) are many: the
 * oldest kept order goes once this many are kept, so memory stays bounded whatever clients ask.
 */
export const KEPT_SORT_ORDERS = 16;

function sortItems<T extends object>(items: readonly T[], sort: ListQuery['sort']): readonly T[] {
  const keyed = items.map((item, index) => ({ item, index, keys: sort.map((s) => comparable(valuesAt(item, s.field.split('.'))[0])) }));
  const tieBreak = sort[0]?.descending ? -1 : 1;
  keyed.sort((x, y) => {
    for (let i = 0; i < sort.length; i += 1) {
      const { descending } = sort[i];
      const [a, b] = [x.keys[i], y.keys[i]];
      // Items without the attribute go last whatever the direction.
      const c = a === undefined || b === undefined ? compare(a, b) : compare(a, b) * (descending ? -1 : 1);
      if (c !== 0) return c;
    }
    return (x.index - y.index) * tieBreak;
  });
  return keyed.map(({ item }) => item);
}

function sorted<T extends object>(items: readonly T[], sort: ListQuery['sort']): readonly T[] {
  const key = sort.map((s) => `${s.descending ? '-' : ''}${s.field}`).join(',');
  let orders = sortedOrders.get(items);
  if (!orders) {
    orders = new Map();
    sortedOrders.set(items, orders);
  }
  let order = orders.get(key) as readonly T[] | undefined;
  if (!order) {
    order = sortItems(items, sort);
    if (orders.size >= KEPT_SORT_ORDERS) orders.delete(orders.keys().next().value as string);
    orders.set(key, order);
  }
  return order;
}

/** How many sort orders are kept for this list of items (tests: the bound holds). */
export function keptSortOrders(items: readonly object[]): number {
  return sortedOrders.get(items)?.size ?? 0;
}

/**
 * Sort, filter, page, select. The sort is total (ties keep the store's order), so filtering the sorted list gives
 * the same order as sorting the filtered one; the sorted list is kept per list of items (a WeakMap on the store's
 * array, which the store replaces on every change). So a page of 100,000 tickets costs a slice when unfiltered and
 * one pass when filtered, after the first request for each sort order, which sorts them all (docs/quality.md).
 */
export function runList<T extends object>(
  items: readonly T[],
  query: ListQuery,
  present: (item: T) => object = (item) => item,
): { page: object[]; total: number } {
  const ordered = sorted(items, query.sort);
  const matching = query.filters.length || query.ranges.length ? ordered.filter(matcher(query)) : ordered;
  // Fields are chosen from what the client is shown (its dialect's names), not from the store's own form.
  const page = matching.slice(query.offset, query.offset + query.limit).map((item) => selectFields(present(item), query.fields));
  return { page, total: matching.length };
}

/**
 * How the service counts (a test switch, docs/mock-api.md): `exact` sends X-Total-Count, `omit` sends none, `zero`
 * sends 0 whatever it found (services that do not count do both).
 */
export const totalCountModes = ['exact', 'omit', 'zero'] as const;
export type TotalCountMode = (typeof totalCountModes)[number];

/** The page with its counts; the operation sets the content type of its family. */
export function listResponse(page: readonly object[], total: number, mode: TotalCountMode = 'exact'): Response {
  const totalHeader: Record<string, string> = mode === 'omit' ? {} : { 'X-Total-Count': mode === 'zero' ? '0' : String(total) };
  return HttpResponse.json(page, { headers: { ...totalHeader, 'X-Result-Count': String(page.length) } });
}
