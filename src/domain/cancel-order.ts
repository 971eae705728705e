/** CancelProductOrder and its input form (TMF622 v5, decisions.md). */
import * as z from './zod';
import { dateTime, nonEmpty } from './common';
import { cancelOrderStates } from './cancel-order-state';

export { cancelOrderStates };
export const CancelOrderState = z.enum(cancelOrderStates);

export const ProductOrderRef = z.object({
  id: nonEmpty(),
  href: z.string().optional(),
  '@referredType': z.literal('ProductOrder'),
});

export const CancelProductOrderFvo = z.object({
  '@type': z.literal('CancelProductOrder'),
  productOrder: ProductOrderRef,
  cancellationReason: z.string().optional(),
  requestedCancellationDate: dateTime().optional(),
});

export const CancelProductOrder = CancelProductOrderFvo.extend({
  id: nonEmpty(),
  href: nonEmpty(),
  state: CancelOrderState,
  creationDate: dateTime(),
  effectiveCancellationDate: dateTime().optional(),
});

export type CancelProductOrderFvo = z.infer<typeof CancelProductOrderFvo>;
export type CancelProductOrder = z.infer<typeof CancelProductOrder>;
export type CancelOrderState = z.infer<typeof CancelOrderState>;
