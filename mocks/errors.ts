/** The mocked service's validation errors: English words for each invalid field, from the app's catalogue (server/errors.ts has the rest). */
import { Translator } from '../src/lib/i18n/translator';
import type { InvalidField } from '../src/domain/error';
import type { IssueMessage } from '../src/domain/messages';
import { en } from '../src/lib/i18n/en';
import { formatIssue } from '../src/lib/i18n/format-issue';
import { fieldWordsEn } from '../src/lib/i18n/sections/fields.en';
import { errorResponse } from '../server/errors';

/**
 * Our own instance: the mocked service must not share (or switch) the app's language. English is in place before
 * `init` returns (no loader to wait for); the translator never escapes, so the JSON gets "&", never "&amp;".
 */
const translator = new Translator();
// The fields' words are a section of their own (the app's first screen names no field): merged in here.
void translator.init({ language: 'en', words: { en: { ...en, ...fieldWordsEn } } });

/** `{ path, message }` per issue: `Family name: at most 30 characters`. */
export function invalidFieldsOf(issues: readonly IssueMessage[]): InvalidField[] {
  return issues.map((issue) => ({ path: issue.path, message: formatIssue(issue, translator.t) }));
}

/** 400 naming every offending path, in `message` (for any client) and in `invalidFields` (our extension). */
export function validationError(code: 'invalidBody' | 'invalidQuery', what: string, issues: readonly IssueMessage[]): Response {
  const invalidFields = invalidFieldsOf(issues);
  const paths = [...new Set(invalidFields.map((f) => f.path || '(root)'))];
  const message = `${what}: ${paths.length === 1 ? '1 invalid field' : `${paths.length} invalid fields`}: ${paths.join(', ')}`;
  return errorResponse(400, code, message, { invalidFields });
}
