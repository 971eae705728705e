/** List query parameters shared by both list operations (decisions.md "Lists"). */
import * as z from './zod';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

const count = (fallback: number) =>
  z
    .string()
    .regex(/^[0-9]+$/, { message: 'rule.nonNegativeInteger' })
    .transform(Number)
    .optional()
    .transform((n) => n ?? fallback);

/** `offset`/`limit` arrive as strings; a negative or non-numeric value is refused, a limit above 100 is served as 100. */
export const Paging = z.object({
  offset: count(0),
  limit: count(DEFAULT_LIMIT).transform((n) => Math.min(n, MAX_LIMIT)),
});
export type Paging = z.infer<typeof Paging>;

/** `fields=a,b` -> ['a','b']; empty entries are dropped. */
export function parseFields(value: string | null | undefined): string[] | undefined {
  if (!value) return undefined;
  const fields = value.split(',').map((f) => f.trim()).filter(Boolean);
  return fields.length ? fields : undefined;
}

/** `sort=-creationDate,status` -> [{ field, descending }]. */
export function parseSort(value: string | null | undefined): { field: string; descending: boolean }[] {
  if (!value) return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => (s.startsWith('-') ? { field: s.slice(1), descending: true } : { field: s.replace(/^\+/, ''), descending: false }));
}

/** Attributes that are always returned whatever `fields` says. */
export const alwaysReturned = ['id', 'href', '@type'] as const;

/** Query parameters that are not attribute filters. */
export const reservedParams = ['fields', 'offset', 'limit', 'sort'] as const;
