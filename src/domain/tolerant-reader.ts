/**
 * The one way this app reads a service's answer (docs/decisions/0064): a resource's field table says what each field
 * reads as and its older names; the reader keeps what fits and shows the rest as other details, never dropping it.
 */
import * as z from './zod';

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An identifier as services send it: a non-empty string, or a number (read as its digits). */
export const idText = z.union([z.string().min(1), z.number().finite().transform(String)]);

/** A short text that some services send as a number (`priority: 2`). */
export const looseText = z.union([z.string(), z.number().finite().transform(String)]);

/** The object without its undefined and empty-string values: what the service did not say stays absent. */
export function compact<T extends Record<string, unknown>>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '')) as { [K in keyof T]?: Exclude<T[K], undefined> };
}

/** What a value looks like on screen when the reader does not know it: text as it came, anything else as JSON. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? String(value);
}

/** One value read as it is (`one`) or a list read item by item (`list`); `aliases` are older names of the same field. */
export type Field = { kind: 'one' | 'list'; schema: z.ZodType; aliases?: Record<string, z.ZodType> };
export type FieldTable = Record<string, Field>;

export const one = <S extends z.ZodType>(schema: S, aliases?: Record<string, z.ZodType>) => ({ kind: 'one' as const, schema, aliases });
export const list = <S extends z.ZodType>(schema: S, aliases?: Record<string, z.ZodType>) => ({ kind: 'list' as const, schema, aliases });

type ValueOf<F> = F extends { kind: 'list'; schema: infer S extends z.ZodType }
  ? z.output<S>[]
  : F extends { schema: infer S extends z.ZodType }
    ? Exclude<z.output<S>, undefined>
    : never;

/** Something the service sent that the reader could not read: its name (or path) and the value as text. */
export type OtherDetail = { name: string; value: string };

/** A read model: only `id` is sure; every other field is there when the service sent it in a form the table reads. */
export type Read<F extends FieldTable> = { id: string } & { [K in keyof F]?: ValueOf<F[K]> } & {
  /** Fields the table does not know, and known ones whose value could not be read, in the answer's order. */
  other?: OtherDetail[];
};

type Unwrapped<S> = S extends z.ZodOptional<infer Inner> ? Unwrapped<Inner> : S;
type FieldOf<S> = Unwrapped<S> extends z.ZodArray<infer Item> ? { kind: 'list'; schema: Item } : { kind: 'one'; schema: S };

/** The table of a domain object's own fields (nothing typed twice); `open` fields read any text (`state`, `@type`). */
export type FieldsOf<Shape, Open extends PropertyKey> = {
  [K in Exclude<keyof Shape, 'id'>]: K extends Open ? { kind: 'one'; schema: z.ZodType<string> } : FieldOf<Shape[K]>;
};

export function fieldsOf<Shape extends Record<string, z.ZodType>, Open extends keyof Shape & string>(
  shape: Shape,
  open: readonly Open[],
): FieldsOf<Shape, Open> {
  const table: FieldTable = {};
  for (const [name, schema] of Object.entries(shape)) {
    if (name === 'id') continue;
    const inner = schema instanceof z.ZodOptional ? schema.unwrap() : schema;
    table[name] = (open as readonly string[]).includes(name) ? one(z.string()) : inner instanceof z.ZodArray ? list(inner.element as z.ZodType) : one(schema);
  }
  return table as FieldsOf<Shape, Open>;
}

type Chosen = Map<string, { key: string; raw: unknown; value: unknown }>;

/** A single value: the table's own spelling wins over an older one; the one left out is kept as an other detail. */
function choose(chosen: Chosen, other: OtherDetail[], name: string, key: string, raw: unknown, value: unknown) {
  const earlier = chosen.get(name);
  if (earlier === undefined || key === name) {
    if (earlier) other.push({ name: earlier.key, value: asText(earlier.raw) });
    chosen.set(name, { key, raw, value });
  } else {
    other.push({ name: key, value: asText(raw) });
  }
}

/**
 * The reader of one resource: an answer becomes its read model, or undefined when it is not an object with an id (a
 * string, or a number read as its digits). `null` counts as not sent. A list field sent as a single item is that item.
 */
export function readerOf<F extends FieldTable>(fields: F): (answer: unknown) => Read<F> | undefined {
  const byName = new Map<string, [string, z.ZodType]>();
  for (const [name, field] of Object.entries(fields)) {
    byName.set(name, [name, field.schema]);
    for (const [alias, schema] of Object.entries(field.aliases ?? {})) byName.set(alias, [name, schema]);
  }
  return (answer) => {
    if (!isRecord(answer)) return undefined;
    const id = idText.safeParse(answer.id);
    if (!id.success) return undefined;
    const read: Record<string, unknown> = {};
    const other: OtherDetail[] = [];
    const chosen: Chosen = new Map();
    for (const [key, raw] of Object.entries(answer)) {
      if (key === 'id' || raw === null || raw === undefined) continue;
      const known = byName.get(key);
      if (!known) {
        other.push({ name: key, value: asText(raw) });
        continue;
      }
      const [name, schema] = known;
      const kind = (fields[name] as Field).kind;
      if (kind === 'one' || !Array.isArray(raw)) {
        const result = schema.safeParse(raw);
        if (!result.success) other.push({ name: key, value: asText(raw) });
        else if (kind === 'list') read[name] = [...((read[name] as unknown[] | undefined) ?? []), result.data];
        else choose(chosen, other, name, key, raw, result.data);
        continue;
      }
      const items = (read[name] as unknown[] | undefined) ?? [];
      raw.forEach((item, index) => {
        const result = schema.safeParse(item);
        if (result.success) items.push(result.data);
        else if (item !== null) other.push({ name: `${key}[${index}]`, value: asText(item) });
      });
      if (items.length) read[name] = items;
    }
    for (const [name, { value }] of chosen) read[name] = value;
    return { id: id.data, ...read, ...(other.length ? { other } : {}) } as Read<F>;
  };
}

/** A reader as a schema (for the API client's `readAs`): an answer that is no `what` with an id is an issue at `id`. */
export function answerSchema<T>(read: (answer: unknown) => T | undefined, what: string) {
  return z.unknown().transform((answer, ctx): T => {
    const value = read(answer);
    if (value !== undefined) return value;
    ctx.addIssue({ code: 'custom', message: `not ${what} with an id`, path: isRecord(answer) ? ['id'] : [] });
    return z.NEVER;
  });
}
