/**
 * Validation of the wizard with the domain's FaultTicketFvo (the same schema and words the service uses), as a
 * react-hook-form resolver. Each error keeps the domain's issue (catalogue key and values), so it is worded in the
 * language shown at render time and re-worded when the agent switches language.
 */
import { get, set, type FieldError, type FieldErrors, type Resolver } from 'react-hook-form';
import { describeIssue, type IssueMessage } from '../../../domain/messages';
import { FaultTicketFvo } from '../../../domain/ticket';
import type { EntryValues } from './form-values';
import { fieldNameOf } from './paths';
import { toBody } from './to-body';

export type FieldIssue = { name: string; issue: IssueMessage };

/** Lists whose number of rows depends on the ticket type (interface.md 2.3). */
const typeCounted = ['relatedParty', 'relatedEntity'];

/**
 * The body and its issues, each with the form field it belongs to. While no ticket type is chosen, the rest is
 * checked as a fault (a discriminated union says nothing else until its discriminator is valid), so one Continue
 * shows every problem of the step at once.
 */
export function validateEntry(values: EntryValues): { body: FaultTicketFvo | undefined; issues: FieldIssue[] } {
  const body = toBody(values);
  const result = FaultTicketFvo.safeParse(body);
  if (result.success) return { body: result.data, issues: [] };
  let issues = result.error.issues;
  if (values.ticketType === '') {
    // How many contacts and entities are needed depends on the type: no count is demanded before it is chosen.
    const asFault = (FaultTicketFvo.safeParse({ ...body, ticketType: 'fault' }).error?.issues ?? []).filter(
      (issue) => !(issue.path.length === 1 && typeCounted.includes(String(issue.path[0]))),
    );
    issues = [...issues, ...asFault];
  }
  return {
    body: undefined,
    issues: issues.map((issue) => ({ name: fieldNameOf(issue.path as (string | number)[], values), issue: describeIssue(issue) })),
  };
}

/** Where an error of `name` is kept: a list's own error (too few contacts) under `<list>.root`, as useFieldArray does. */
export function errorName(name: string, values: EntryValues): string {
  return Array.isArray(get(values, name)) ? `${name}.root` : name;
}

/** Errors from the domain carry the issue as JSON; errors from the service (400) carry its words as they came. */
export function domainError(issue: IssueMessage): FieldError {
  return { type: 'domain', message: JSON.stringify(issue) };
}

export function serverError(text: string): FieldError {
  return { type: 'server', message: text };
}

export function issuesToErrors(issues: readonly FieldIssue[], values: EntryValues): FieldErrors<EntryValues> {
  const errors: FieldErrors<EntryValues> = {};
  for (const { name, issue } of issues) {
    const at = errorName(name, values);
    // The first issue of a field is the one to fix first (a union reports its discriminator before anything else).
    if ((get(errors, at) as FieldError | undefined)?.message === undefined) set(errors, at, domainError(issue));
  }
  return errors;
}

/**
 * The resolver hands on the body the schema parsed: handleSubmit gives it to the submit as it is, so a submit runs
 * the schema once (a step's Continue ignores it).
 */
export const entryResolver: Resolver<EntryValues, unknown, FaultTicketFvo> = (values) => {
  const { body, issues } = validateEntry(values);
  return body ? { values: body, errors: {} } : { values: {}, errors: issuesToErrors(issues, values) };
};
