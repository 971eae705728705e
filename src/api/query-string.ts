/** Builds list and retrieve query strings the TMF630 way: `fields=a,b`, `status=pending,held` (comma = OR). */
import type { reservedParams as domainReservedParams } from '../domain/list';

/**
 * The domain's reserved parameter names, kept here as well because src/domain/list.ts loads zod and this module is on
 * the first screen (docs/decisions/0026). `satisfies` fails the typecheck as soon as the two lists differ.
 */
const reservedNames = { fields: true, offset: true, limit: true, sort: true } satisfies Record<
  (typeof domainReservedParams)[number],
  true
>;

export type ListQuery = {
  offset?: number;
  limit?: number;
  /** First-level attributes to return; the service always adds id, href and @type. */
  fields?: readonly string[];
  /** E.g. `-creationDate` (leading `-` = descending). */
  sort?: string;
  /** Attribute equality filters; arrays are sent comma-joined (OR). undefined and [] are left out. */
  filters?: Record<string, string | readonly string[] | undefined>;
};

type Param = [name: string, value: string | number | readonly string[] | undefined];

/**
 * Commas are kept literal between values (as TMF630 writes them) and percent-encoded inside a value; a server
 * decodes both the same way, so a comma inside one value cannot be told from OR anyway.
 */
function encodeParams(params: readonly Param[]): string {
  const parts: string[] = [];
  for (const [name, value] of params) {
    if (value === undefined) continue;
    const values = typeof value === 'string' || typeof value === 'number' ? [String(value)] : value;
    if (values.length === 0) continue;
    parts.push(`${encodeURIComponent(name)}=${values.map(encodeURIComponent).join(',')}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/**
 * `?offset=..&limit=..&fields=..&sort=..&<filters>`. A filter named like a reserved parameter (say, a whole URL
 * search object passed as filters) is ignored: the explicit offset/limit/fields/sort win.
 */
export function listQueryString(query: ListQuery = {}): string {
  const filters = Object.entries(query.filters ?? {}).filter(([name]) => !Object.hasOwn(reservedNames, name));
  return encodeParams([
    ['offset', query.offset],
    ['limit', query.limit],
    ['fields', query.fields],
    ['sort', query.sort],
    ...filters,
  ]);
}

/** `?fields=a,b` or '' (retrieve and create take only `fields`). */
export function fieldsQueryString(fields: readonly string[] | undefined): string {
  return encodeParams([['fields', fields]]);
}
