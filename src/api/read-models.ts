/**
 * The read forms of the service's answers, each through the domain's one tolerant reader (docs/decisions/0064): a
 * newer or older service must not break the app. Tickets by their field table (src/domain/ticket-reader.ts), cancel
 * orders by the fields of the domain's own schema.
 */
import * as z from '../domain/zod';
import { CancelProductOrder, cancelOrderStates, type CancelOrderState } from '../domain/cancel-order';
import type { TicketStatus } from '../domain/ticket';
import { ticketStatuses } from '../domain/ticket-status';
import { TroubleTicketAnswer, type TroubleTicketRead as TicketRead } from '../domain/ticket-reader';
import { answerSchema, fieldsOf, readerOf, type Read } from '../domain/tolerant-reader';

export type TroubleTicketRead = TicketRead;
export type { StatusChangeRead } from '../domain/ticket-reader';
export const TroubleTicketRead: z.ZodType<TroubleTicketRead, unknown> = TroubleTicketAnswer;

// A newer service's state or @type is kept and shown as it came.
const orderFields = fieldsOf(CancelProductOrder.shape, ['state', '@type']);
export type CancelProductOrderRead = Read<typeof orderFields>;
export const CancelProductOrderRead: z.ZodType<CancelProductOrderRead, unknown> = answerSchema(readerOf(orderFields), 'a cancellation');

/** Narrows a read status to the interface's own values (decisions.md); anything else is a newer service's. */
export function isTicketStatus(status: string | undefined): status is TicketStatus {
  return (ticketStatuses as readonly (string | undefined)[]).includes(status);
}

export function isCancelOrderState(state: string | undefined): state is CancelOrderState {
  return (cancelOrderStates as readonly (string | undefined)[]).includes(state);
}
