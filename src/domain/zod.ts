/**
 * The part of zod this app uses, imported everywhere as `import * as z from '…/domain/zod'` (decision 0046).
 *
 * `import { z } from 'zod'` hands on zod's whole namespace: where zod lands in a chunk of its own (the demo's service,
 * the forms and the event reader share it), the bundler must build that namespace in full, with zod's 64 message
 * locales, its JSON Schema converters and every schema kind: several times the script the schemas need, to parse and
 * run on a slow phone (0046 has the figures). This list names what the schemas use; the chunk then holds that and what
 * it needs. Add a name here when a schema needs it.
 */
export {
  array,
  boolean,
  config,
  discriminatedUnion,
  enum,
  iso,
  literal,
  looseObject,
  NEVER,
  number,
  object,
  record,
  safeParse,
  string,
  undefined,
  union,
  unknown,
  ZodArray,
  ZodOptional,
} from 'zod';
export type { core, infer, input, output, RefinementCtx, ZodError, ZodObject, ZodType } from 'zod';
