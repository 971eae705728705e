/** An error of the wizard in words, in the active language: the field's own label, or a choice's own sentence. */
import type { TFunction } from '../../../lib/i18n/translator';
import type { FieldError } from 'react-hook-form';
import type { IssueMessage } from '../../../domain/messages';
import { formatIssue } from '../../../lib/i18n/format-issue';
import { isKey } from '../../../lib/i18n/keys';
import { chooseKey, labelKey, rowsOf } from './paths';
import '../../../lib/i18n/field-words';

function parseIssue(message: string): IssueMessage | undefined {
  try {
    const value = JSON.parse(message) as Partial<IssueMessage>;
    return typeof value.key === 'string' && Array.isArray(value.fieldKeys) ? (value as IssueMessage) : undefined;
  } catch {
    return undefined;
  }
}

/** "Select the ticket type" reads better than "Ticket type: choose one of fault, dispute" for a question with choices. */
const choiceKeys = ['validation.oneOf', 'validation.required', 'validation.type'];

/** Words for an error at the field `name`, e.g. "Family name: enter a value". */
export function errorText(
  name: string,
  error: Pick<FieldError, 'type' | 'message'> | undefined,
  t: TFunction,
  fieldLabelKey = labelKey(name),
): string | undefined {
  if (!error?.message) return undefined;
  if (error.type !== 'domain') return error.message;
  const issue = parseIssue(error.message);
  if (!issue) return error.message;
  const choice = chooseKey(name);
  if (choiceKeys.includes(issue.key) && isKey(t, choice)) return t(choice);
  return formatIssue({ ...issue, fieldKeys: [fieldLabelKey, ...issue.fieldKeys] }, t);
}

/** "Contact 2, contact detail 1" for a field in rows, '' for a field outside any row. */
export function rowContext(name: string, t: TFunction): string {
  return rowsOf(name)
    .map(([list, position], index) => t(index === 0 ? `entry.row.${list}` : `entry.rowInner.${list}`, { n: position }))
    .join(', ');
}

/** The summary's words: the row first when there is one, so "Family name: enter a value" says whose. */
export function summaryText(
  name: string,
  error: Pick<FieldError, 'type' | 'message'> | undefined,
  t: TFunction,
  fieldLabelKey = labelKey(name),
): string | undefined {
  const text = errorText(name, error, t, fieldLabelKey);
  if (text === undefined) return undefined;
  const context = rowContext(name, t);
  return context ? t('entry.inRow', { row: context, text }) : text;
}
