/** The cancel form's values (the body's shape, empty inputs as ''), the body built from them, and their validation. */
import * as z from '../../../domain/zod';
import { CancelProductOrderFvo } from '../../../domain/cancel-order';

/** What the agent types; `@type` and `@referredType` are constants the body adds. */
export type CancelOrderValues = {
  productOrder: { id: string };
  cancellationReason: string;
  /** ISO 8601 with the local offset, or '' when not given. */
  requestedCancellationDate: string;
};

/** The names of the form's fields: the body's JSON paths, so a service error's path names its field directly. */
export const cancelOrderFieldNames = ['productOrder.id', 'cancellationReason', 'requestedCancellationDate'] as const;
export type CancelOrderFieldName = (typeof cancelOrderFieldNames)[number];

export function isCancelOrderFieldName(path: string): path is CancelOrderFieldName {
  return (cancelOrderFieldNames as readonly string[]).includes(path);
}

export function emptyValues(productOrderId = ''): CancelOrderValues {
  return { productOrder: { id: productOrderId }, cancellationReason: '', requestedCancellationDate: '' };
}

/**
 * The body to send: ids and reasons trimmed (a pasted id often carries a space), empty optional answers left out
 * (the interface has no empty reason or date), the constant types added.
 */
export function toBody(values: CancelOrderValues): CancelProductOrderFvo {
  const reason = values.cancellationReason.trim();
  const date = values.requestedCancellationDate.trim();
  return {
    '@type': 'CancelProductOrder',
    productOrder: { id: values.productOrder.id.trim(), '@referredType': 'ProductOrder' },
    ...(reason ? { cancellationReason: reason } : {}),
    ...(date ? { requestedCancellationDate: date } : {}),
  };
}

/** The values as stored (a draft) or as typed: every field a string, unknown keys dropped. */
export const CancelOrderValuesSchema = z.object({
  productOrder: z.object({ id: z.string() }),
  cancellationReason: z.string(),
  requestedCancellationDate: z.string(),
});

/** Validates the body the values make with the domain's own schema: one set of rules for the app and the service. */
export const BodyFromValues = CancelOrderValuesSchema.transform(toBody).pipe(CancelProductOrderFvo);
