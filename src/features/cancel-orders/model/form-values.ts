/** The cancel form's values (the body's shape, empty inputs as ''), the body built from them, and their validation. */
import * as z from '../../../domain/zod';
import { CancelProductOrderFvo } from '../../../domain/cancel-order';
import {
  cancelOrderInputKeys,
  cancelOrderPlainInputKeys,
  pathOf,
  type CancelOrderInputPath,
  type CancelOrderPlainInputKey,
} from '../../../domain/cancel-order-fields';

/** What the agent types: the product order's id, and each plain input of the field table as typed. */
export type CancelOrderValues = { productOrder: { id: string } } & Record<CancelOrderPlainInputKey, string>;

/** The names of the form's fields: the body's JSON paths, so a service error's path names its field directly. */
export const cancelOrderFieldNames: readonly CancelOrderInputPath[] = cancelOrderInputKeys.map(pathOf);
export type CancelOrderFieldName = CancelOrderInputPath;

export function isCancelOrderFieldName(path: string): path is CancelOrderFieldName {
  return (cancelOrderFieldNames as readonly string[]).includes(path);
}

export function emptyValues(productOrderId = ''): CancelOrderValues {
  const plain = Object.fromEntries(cancelOrderPlainInputKeys.map((key) => [key, ''])) as Record<CancelOrderPlainInputKey, string>;
  return { productOrder: { id: productOrderId }, ...plain };
}

/**
 * The body to send: ids and answers trimmed (a pasted id often carries a space), empty optional answers left out
 * (the interface has no empty reason or date), the constant types added.
 */
export function toBody(values: CancelOrderValues): CancelProductOrderFvo {
  const answers = cancelOrderPlainInputKeys.flatMap((key) => {
    const answer = values[key].trim();
    return answer ? [[key, answer] as const] : [];
  });
  return {
    '@type': 'CancelProductOrder',
    productOrder: { id: values.productOrder.id.trim(), '@referredType': 'ProductOrder' },
    ...Object.fromEntries(answers),
  };
}

const text = () => z.string();
const plainSchemas = Object.fromEntries(cancelOrderPlainInputKeys.map((key) => [key, text()])) as Record<
  CancelOrderPlainInputKey,
  ReturnType<typeof text>
>;

/** The values as stored (a draft) or as typed: every field a string, unknown keys dropped. */
export const CancelOrderValuesSchema = z.object({ productOrder: z.object({ id: z.string() }), ...plainSchemas });

/** Validates the body the values make with the domain's own schema: one set of rules for the app and the service. */
export const BodyFromValues = CancelOrderValuesSchema.transform(toBody).pipe(CancelProductOrderFvo);
