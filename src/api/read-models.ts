/** Tolerant read forms of the service's answers, built from the domain schemas: a newer service must not break the app. */
import { z } from 'zod';
import { CancelProductOrder, cancelOrderStates, type CancelOrderState } from '../domain/cancel-order';
import { FaultTicket, StatusChange, ticketStatuses, type TicketStatus } from '../domain/ticket';

/*
 * Reading rules (docs: the same words belong in the project's decision record on tolerant reading):
 * - Only `id` is required (and must be a non-empty string); every other known field may be missing, e.g. when
 *   the request asked for `fields=status`.
 * - `status` / `state`, `@type` and `ticketType` accept any string: an unknown value ('someNewStatus',
 *   'CancelTroubleTicket') is kept as it is and the UI shows it raw.
 * - Every other known field is checked with its domain schema. A value that does not fit is read as absent, so
 *   one odd field never hides a whole ticket. Arrays are checked item by item: an item that does not fit (say a
 *   contact medium of a newer kind) is left out and the rest are kept.
 * - Unknown fields are kept in the parsed object (loose), but are not part of the static type.
 * - A status history entry with an unknown status is kept too (its status read as any string): leaving it out
 *   would show a history with a step missing, which reads as if the step never happened.
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

const ticketOpen = ['status', '@type', 'ticketType'] as const;
/** A history entry whose status may be one this app does not know yet. */
const StatusChangeRead = StatusChange.extend({ status: z.string() });
export type StatusChangeRead = z.infer<typeof StatusChangeRead>;
export type TroubleTicketRead = Simplify<
  Omit<Lenient<FaultTicket, (typeof ticketOpen)[number]>, 'statusChangeHistory'> & { statusChangeHistory?: StatusChangeRead[] }
>;
// The shape is assembled at run time from the domain's variants, so its static type is stated here once.
export const TroubleTicketRead = lenientObject(FaultTicket.options, ticketOpen, {
  statusChangeHistory: z.array(StatusChangeRead),
}) as unknown as z.ZodType<TroubleTicketRead>;

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
