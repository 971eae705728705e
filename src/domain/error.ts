/** ErrorMessage (TMF630 Error) and the validation details the mocked service adds (docs/decisions). */
import * as z from './zod';

export const InvalidField = z.object({
  path: z.string(),
  message: z.string(),
});

/** Read tolerantly: a newer service may add fields. `invalidFields` is this profile's documented extension. */
export const ErrorMessage = z.looseObject({
  '@type': z.string().optional(),
  code: z.string(),
  reason: z.string(),
  message: z.string().optional(),
  status: z.string().optional(),
  referenceError: z.string().optional(),
  invalidFields: z.array(InvalidField).optional(),
});

export type ErrorMessage = z.infer<typeof ErrorMessage>;
export type InvalidField = z.infer<typeof InvalidField>;
