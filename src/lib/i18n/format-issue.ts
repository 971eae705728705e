/** Words for a domain validation issue, in the active language: "Family name: at most 30 characters". */
import type { TFunction } from './translator';
import type { IssueMessage } from '../../domain/messages';

export function formatIssue(issue: IssueMessage, t: TFunction): string {
  const field = t(issue.fieldKeys, { defaultValue: issue.path || 'Ticket' });
  return t(issue.key, { ...issue.values, field, defaultValue: `${field}: ${issue.key}` });
}
