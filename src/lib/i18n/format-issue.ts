/** Words for a domain validation issue, in the active language: "Family name: at most 30 characters". The caller's module imports ./field-words (or, outside the app, merges ./sections/fields.en into its own translator). */
import { isKey } from './keys';
import type { TFunction } from './translator';
import type { IssueMessage } from '../../domain/messages';

export function formatIssue(issue: IssueMessage, t: TFunction): string {
  const field = t(issue.fieldKeys.filter((key) => isKey(t, key)), { defaultValue: issue.path || 'Ticket' });
  return isKey(t, issue.key) ? t(issue.key, { ...issue.values, field }) : `${field}: ${issue.key}`;
}
