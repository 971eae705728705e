/** ErrorMessage responses (TMF630 Error) of every server of the project: the mocked service, the receiver, the gateway. */
import type { ErrorMessage, InvalidField } from '../src/domain/error';

export const reasons = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
} as const;
export type ErrorStatus = keyof typeof reasons;

/** The `code` values the servers send (docs/mock-api.md and docs/listener.md list them per server). */
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
  | 'internalError'
  // The event receiver's own (docs/listener.md).
  | 'bodyTooLarge'
  | 'invalidStreamTicket'
  | 'tooManyStreamTickets'
  | 'tooManyStreams'
  | 'notReady'
  | 'keysUnavailable'
  // The gateway's own (docs/gateway.md); the app reads `sessionEnded` as "sign in again".
  | 'sessionEnded'
  | 'forbidden'
  | 'upstreamRefused'
  | 'upstreamTooLarge'
  | 'upstreamTimeout'
  | 'upstreamUnavailable'
  | 'upstreamInvalid'
  | 'tokenEndpointUnavailable'
  // The gateway's templates (server/gateway/templates.ts).
  | 'templateNameTaken'
  | 'tooManyTemplates';

type ErrorExtras = { invalidFields?: InvalidField[]; headers?: Record<string, string> };

export function errorBody(status: ErrorStatus, code: ErrorCode, message: string, invalidFields?: InvalidField[]): ErrorMessage {
  return { '@type': 'Error', code, reason: reasons[status], message, status: String(status), ...(invalidFields ? { invalidFields } : {}) };
}

/** A plain fetch Response (msw handlers and Hono routes both send it); an error is never cached. */
export function errorResponse(status: ErrorStatus, code: ErrorCode, message: string, extras: ErrorExtras = {}): Response {
  const text = JSON.stringify(errorBody(status, code, message, extras.invalidFields));
  return new Response(text, {
    status,
    headers: {
      'Content-Type': 'application/json',
      'Content-Length': String(new TextEncoder().encode(text).byteLength),
      'Cache-Control': 'no-store',
      ...extras.headers,
    },
  });
}

export const notFound = (what: string, id: string) => errorResponse(404, 'notFound', `No ${what} with id ${id}`);

export function methodNotAllowed(method: string, allow: readonly string[]): Response {
  return errorResponse(405, 'methodNotAllowed', `${method} is not allowed here; allowed: ${allow.join(', ')}`, {
    headers: { Allow: allow.join(', ') },
  });
}

/** The `code` and words of an ErrorMessage answer (for its log line); `unknown` and none when it is not one. */
export async function errorWords(response: Response): Promise<{ code: string; reason?: string }> {
  try {
    const body = (await response.clone().json()) as { code?: unknown; message?: unknown };
    return { code: typeof body.code === 'string' ? body.code : 'unknown', ...(typeof body.message === 'string' ? { reason: body.message } : {}) };
  } catch {
    return { code: 'unknown' };
  }
}
