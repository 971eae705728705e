/** ErrorMessage responses (TMF630 Error) and the English words for each invalid field, from the app's catalogue. */
import i18next from '../src/lib/i18n/translator';
import { HttpResponse } from 'msw';
import type { ErrorMessage, InvalidField } from '../src/domain/error';
import type { IssueMessage } from '../src/domain/messages';
import { en } from '../src/lib/i18n/en';
import { formatIssue } from '../src/lib/i18n/format-issue';

/** Our own instance: the mocked service must not share (or switch) the app's language. */
const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  resources: { en: { translation: en } },
  initAsync: false,
  // The words go into JSON, not HTML: escaping would send "&amp;".
  interpolation: { escapeValue: false },
});

export const reasons = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
} as const;
export type ErrorStatus = keyof typeof reasons;

/** The `code` values the mocked service sends (docs/mock-api.md lists them). */
export type ErrorCode =
  | 'invalidBody'
  | 'malformedJson'
  | 'invalidContentType'
  | 'invalidQuery'
  | 'unauthorized'
  | 'notFound'
  | 'methodNotAllowed'
  | 'duplicateExternalIdentifier'
  | 'cancellationUnderWay'
  | 'tooManyRequests'
  | 'internalError';

type ErrorExtras = { invalidFields?: InvalidField[]; headers?: Record<string, string> };

export function errorBody(status: ErrorStatus, code: ErrorCode, message: string, invalidFields?: InvalidField[]): ErrorMessage {
  return { '@type': 'Error', code, reason: reasons[status], message, status: String(status), ...(invalidFields ? { invalidFields } : {}) };
}

export function errorResponse(status: ErrorStatus, code: ErrorCode, message: string, extras: ErrorExtras = {}): Response {
  return HttpResponse.json(errorBody(status, code, message, extras.invalidFields), { status, headers: extras.headers });
}

/** `{ path, message }` per issue: `Family name: at most 30 characters`. */
export function invalidFieldsOf(issues: readonly IssueMessage[]): InvalidField[] {
  return issues.map((issue) => ({ path: issue.path, message: formatIssue(issue, i18n.t) }));
}

/** 400 naming every offending path, in `message` (for any client) and in `invalidFields` (our extension). */
export function validationError(code: 'invalidBody' | 'invalidQuery', what: string, issues: readonly IssueMessage[]): Response {
  const invalidFields = invalidFieldsOf(issues);
  const paths = [...new Set(invalidFields.map((f) => f.path || '(root)'))];
  const message = `${what}: ${paths.length === 1 ? '1 invalid field' : `${paths.length} invalid fields`}: ${paths.join(', ')}`;
  return errorResponse(400, code, message, { invalidFields });
}

export const notFound = (what: string, id: string) => errorResponse(404, 'notFound', `No ${what} with id ${id}`);

export function methodNotAllowed(method: string, allow: readonly string[]): Response {
  return errorResponse(405, 'methodNotAllowed', `${method} is not allowed here; allowed: ${allow.join(', ')}`, {
    headers: { Allow: allow.join(', ') },
  });
}
