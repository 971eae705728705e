/**
 * The schema side of the API client (zod, the domain's list bounds, the tolerant read models), loaded on the first
 * call that reads a body: the first screen only counts (X-Total-Count) and ships without zod (docs/decisions/0026).
 */
import * as z from '../domain/zod';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../domain/list';
import { readAs } from './http';
import { CancelProductOrderRead, TroubleTicketRead } from './read-models';

export const readModels = { troubleTicket: TroubleTicketRead, cancelProductOrder: CancelProductOrderRead };

/** An array of items each read tolerantly; an item without an id makes the whole answer unusable. */
export function readItems<T>(schema: z.ZodType<T>, body: unknown, status: number, what: string): T[] {
  return readAs(z.array(schema), body, status, what);
}

/** The limit a list asked for, with the defaults of decisions.md "Lists" filled in. */
export function pageLimit(limit: number | undefined): number {
  return Math.min(limit ?? DEFAULT_LIMIT, MAX_LIMIT);
}
