/** The receiver's ErrorMessage responses (TMF630 Error), shaped like the mocked service's (mocks/errors.ts). */
import type { ErrorMessage, InvalidField } from '../src/domain/error';
import { reasons, type ErrorStatus } from '../mocks/errors';

/** Codes the receiver sends besides the mocked service's (docs/listener.md lists them all). */
export type ListenerErrorCode =
  | 'invalidBody'
  | 'malformedJson'
  | 'invalidContentType'
  | 'bodyTooLarge'
  | 'invalidQuery'
  | 'unauthorized'
  | 'invalidStreamTicket'
  | 'notFound'
  | 'methodNotAllowed'
  | 'internalError';

type Extras = { invalidFields?: InvalidField[]; headers?: Record<string, string> };

export function listenerError(status: ErrorStatus, code: ListenerErrorCode, message: string, extras: Extras = {}): Response {
  const body: ErrorMessage = {
    '@type': 'Error',
    code,
    reason: reasons[status],
    message,
    status: String(status),
    ...(extras.invalidFields ? { invalidFields: extras.invalidFields } : {}),
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...extras.headers },
  });
}

export function methodNotAllowed(method: string, allow: readonly string[]): Response {
  return listenerError(405, 'methodNotAllowed', `${method} is not allowed here; allowed: ${allow.join(', ')}`, {
    headers: { Allow: allow.join(', ') },
  });
}
