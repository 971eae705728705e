/** The receiver's words for each invalid field of an envelope: for a provider's developer, naming the JSON path. */
import type { InvalidField } from '../../src/domain/error';
import type { IssueMessage } from '../../src/domain/messages';

/**
 * The app's catalogue words are for agents and name fields by their labels; a provider reads paths. These are the
 * keys the domain's issues carry (src/domain/messages.ts); an unknown key still gives a sentence.
 */
function wordsOf({ key, values }: IssueMessage): string {
  switch (key) {
    case 'validation.required':
      return 'a value is required';
    case 'validation.tooShort':
      return `at least ${values.min} characters`;
    case 'validation.tooLong':
      return `at most ${values.max} characters`;
    case 'validation.tooFewItems':
      return `at least ${values.min} items`;
    case 'validation.tooManyItems':
      return `at most ${values.max} items`;
    case 'validation.oneOf':
      return `must be one of ${values.options}`;
    case 'validation.dateTime':
      return 'must be a date and time with its offset, like 2026-12-01T10:00:00+01:00';
    case 'validation.type':
      return `must be of type ${values.expected}`;
    default:
      return 'is not valid';
  }
}

export function invalidFieldsOf(issues: readonly IssueMessage[]): InvalidField[] {
  return issues.map((issue) => ({ path: issue.path, message: `${issue.path || '(root)'}: ${wordsOf(issue)}` }));
}
