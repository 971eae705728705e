/** Turns a zod issue into a catalogue key, its values and the field it names; the words live in src/lib/i18n. */
import type * as z from './zod';

export type IssueMessage = {
  /** JSON path of the offending field: `relatedParty[0].partyOrPartyRole.familyName`. */
  path: string;
  /** Catalogue key of the message, e.g. `validation.tooLong`. */
  key: string;
  /** Catalogue keys for the field's label, most specific first. */
  fieldKeys: string[];
  values: Record<string, string | number>;
};

type Segment = PropertyKey;

export function formatPath(path: readonly Segment[]): string {
  return path
    .map((segment, i) => (typeof segment === 'number' ? `[${segment}]` : `${i === 0 ? '' : '.'}${String(segment)}`))
    .join('');
}

/** Label keys for a path: `fields.<parent>_<field>` then `fields.<field>`; array indexes are skipped. */
export function fieldKeysOf(path: readonly Segment[]): string[] {
  const names = path.filter((s): s is string => typeof s === 'string');
  const field = names.at(-1);
  if (!field) return ['fields.ticket'];
  const parent = names.at(-2);
  return parent ? [`fields.${parent}_${field}`, `fields.${field}`] : [`fields.${field}`];
}

function keyAndValues(issue: z.core.$ZodIssue): Pick<IssueMessage, 'key' | 'values'> {
  if (issue.message.startsWith('rule.') || issue.message.startsWith('validation.')) {
    return { key: issue.message, values: {} };
  }
  switch (issue.code) {
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'array') return { key: 'validation.tooFewItems', values: { min } };
      return min === 1 ? { key: 'validation.required', values: {} } : { key: 'validation.tooShort', values: { min } };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      return { key: issue.origin === 'array' ? 'validation.tooManyItems' : 'validation.tooLong', values: { max } };
    }
    case 'invalid_value':
      return { key: 'validation.oneOf', values: { options: issue.values.map(String).join(', ') } };
    case 'invalid_union':
      return 'options' in issue && Array.isArray(issue.options)
        ? { key: 'validation.oneOf', values: { options: (issue.options as unknown[]).map(String).join(', ') } }
        : { key: 'validation.invalid', values: {} };
    case 'invalid_format':
      return { key: issue.format === 'datetime' ? 'validation.dateTime' : 'validation.format', values: {} };
    case 'invalid_type':
      return { key: 'validation.type', values: { expected: issue.expected } };
    default:
      return { key: 'validation.invalid', values: {} };
  }
}

export function describeIssue(issue: z.core.$ZodIssue): IssueMessage {
  return { path: formatPath(issue.path), fieldKeys: fieldKeysOf(issue.path), ...keyAndValues(issue) };
}

export function describeError(error: z.ZodError): IssueMessage[] {
  return error.issues.map(describeIssue);
}
