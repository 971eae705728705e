/** Building blocks shared by the interface's schemas: lengths in code points, RFC 3339 date-times, time periods. */
import * as z from './zod';

/** A missing value is reported as `validation.required` by every schema of the domain (see messages.ts). */
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined ? 'validation.required' : undefined,
});

/** Lengths count Unicode code points, not UTF-16 units or bytes (decisions.md): "Müller" is 6, "👍" is 1. */
export function codePointLength(value: string): number {
  let n = 0;
  for (const _ of value) n += 1;
  return n;
}

/** A string whose length in code points lies in [min, max]; the bounds stay readable as `codePoints` (a form's counter). */
export function text(min: number, max: number) {
  const schema = z.string().superRefine((value, ctx) => {
    const length = codePointLength(value);
    if (length < min) {
      ctx.addIssue({ code: 'too_small', origin: 'string', minimum: min, inclusive: true, input: value });
    } else if (length > max) {
      ctx.addIssue({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, input: value });
    }
  });
  return Object.assign(schema, { codePoints: { min, max } });
}

/** A reference to another resource, `{ @type, id (1 to 36), @referredType }` (interface.md 2.5 and 2.7). */
export function refTo<T extends string, R extends string>(type: T, referredType: R) {
  return z.object({
    '@type': z.literal(type),
    id: text(1, 36),
    '@referredType': z.literal(referredType),
  });
}

/** A non-empty string with no upper bound stated by the interface. */
export const nonEmpty = () => text(1, Number.MAX_SAFE_INTEGER);

/** RFC 3339 date-time with `Z` or an offset: `2026-12-01T10:00:00Z`, `2026-12-01T11:00:00+01:00`. */
export const dateTime = () => z.iso.datetime({ offset: true });

/** A validFor period: both ends are required when the period is present (interface.md 2.5). */
export const TimePeriod = z.object({
  startDateTime: dateTime(),
  endDateTime: dateTime(),
});
export type TimePeriod = z.infer<typeof TimePeriod>;

/** Rule message keys (see src/lib/i18n): a schema's own message is a catalogue key, never prose. */
export const rule = {
  faultNoDisputeReason: 'rule.faultNoDisputeReason',
  startBeforeEnd: 'rule.startBeforeEnd',
  streetNrDigits: 'rule.streetNrDigits',
} as const;

export function isBefore(start: string, end: string): boolean {
  return Date.parse(start) < Date.parse(end);
}
