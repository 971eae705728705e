/**
 * Tolerant read forms of the service's answers: tickets through the domain's one reader (docs/decisions/0027), cancel
 * orders with a lenient schema built from the domain's own. A newer or older service must not break the app.
 */
import * as z from '../domain/zod';
import { CancelProductOrder, cancelOrderStates, type CancelOrderState } from '../domain/cancel-order';
import type { TicketStatus } from '../domain/ticket';
import { ticketStatuses } from '../domain/ticket-status';
import { TroubleTicketAnswer, type TroubleTicketRead as TicketRead } from '../domain/ticket-reader';

/*
 * Cancel orders (docs/decisions/0016):
 * - Only `id` is required (and must be a non-empty string); every other known field may be missing, e.g. when
 *   the request asked for `fields=state`.
 * - `state` and `@type` accept any string: an unknown value is kept as it is and the UI shows it raw.
 * - Every other known field is checked with its domain schema. A value that does not fit is read as absent, so
 *   one odd field never hides a whole order.
 * - Unknown fields are kept in the parsed object (loose), but are not part of the static type.
 */

type AnyKey<U> = U extends unknown ? keyof U : never;
type ValueAt<U, K extends PropertyKey> = U extends unknown ? (K extends keyof U ? U[K] : never) : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** Every field of any variant of U, optional; `id` required; the `Open` fields widened to any string. */
type Lenient<U, Open extends PropertyKey> = Simplify<
  { id: string } & { [K in Open]?: string } & { [K in Exclude<AnyKey<U>, 'id' | Open>]?: ValueAt<U, K> }
>;

/** The first candidate schema that accepts the value wins; arrays keep the items their element schema accepts. */
function readFirstFit(candidates: readonly z.ZodType[], value: unknown): unknown {
  if (value === undefined) return undefined;
  for (const candidate of candidates) {
    const inner = candidate instanceof z.ZodOptional ? candidate.unwrap() : candidate;
    if (inner instanceof z.ZodArray && Array.isArray(value)) {
      const element = inner.element;
      return value.flatMap((item) => {
        const result = z.safeParse(element, item);
        return result.success ? [result.data] : [];
      });
    }
    const result = candidate.safeParse(value);
    if (result.success) return result.data;
  }
  return undefined;
}

const lenientField = (candidates: readonly z.ZodType[]) =>
  z.unknown().transform((value) => readFirstFit(candidates, value)).optional();

/**
 * One loose object over the union of the variants' fields; a key's candidates are its schemas in each variant, unless
 * `replaced` gives the key its own schema.
 */
function lenientObject(variants: readonly z.ZodObject[], open: readonly string[], replaced: Record<string, z.ZodType> = {}) {
  const candidates = new Map<string, z.ZodType[]>();
  for (const variant of variants) {
    for (const [key, schema] of Object.entries(variant.shape)) {
      const list = candidates.get(key) ?? [];
      if (!list.includes(schema)) list.push(schema);
      candidates.set(key, list);
    }
  }
  const shape: Record<string, z.ZodType> = {};
  for (const [key, list] of candidates) {
    shape[key] = lenientField(open.includes(key) ? [z.string()] : key in replaced ? [replaced[key] as z.ZodType] : list);
  }
  const id = variants[0]?.shape.id;
  if (!id) throw new Error('A read model needs an id field');
  shape.id = id;
  return z.looseObject(shape);
}

export type TroubleTicketRead = TicketRead;
export type { StatusChangeRead } from '../domain/ticket-reader';
export const TroubleTicketRead: z.ZodType<TroubleTicketRead, unknown> = TroubleTicketAnswer;

const orderOpen = ['state', '@type'] as const;
export type CancelProductOrderRead = Lenient<CancelProductOrder, (typeof orderOpen)[number]>;
export const CancelProductOrderRead = lenientObject([CancelProductOrder], orderOpen) as unknown as z.ZodType<CancelProductOrderRead>;

/** Narrows a read status to the interface's own values (decisions.md); anything else is a newer service's. */
export function isTicketStatus(status: string | undefined): status is TicketStatus {
  return (ticketStatuses as readonly (string | undefined)[]).includes(status);
}

export function isCancelOrderState(state: string | undefined): state is CancelOrderState {
  return (cancelOrderStates as readonly (string | undefined)[]).includes(state);
}
