/** The gateway's ErrorMessage responses: server/errors.ts's form, with the statuses and codes only the gateway sends. */
import type { ErrorMessage } from '../src/domain/error';
import { reasons as serverReasons } from '../server/errors';

const reasons = {
  ...serverReasons,
  403: 'Forbidden',
  413: 'Content Too Large',
  502: 'Bad Gateway',
  504: 'Gateway Timeout',
} as const;
export type GatewayErrorStatus = keyof typeof reasons;

/** Codes of the gateway (docs/deploy.md lists them); the app reads `sessionEnded` as "sign in again". */
export type GatewayErrorCode =
  | 'sessionEnded'
  | 'forbidden'
  | 'notFound'
  | 'bodyTooLarge'
  | 'upstreamRefused'
  | 'upstreamTooLarge'
  | 'upstreamTimeout'
  | 'upstreamUnavailable'
  | 'tokenEndpointUnavailable'
  | 'notReady';

export function gatewayErrorBody(status: GatewayErrorStatus, code: GatewayErrorCode, message: string): ErrorMessage {
  return { '@type': 'Error', code, reason: reasons[status], message, status: String(status) };
}

/** An ErrorMessage response, never cached; `headers` adds Retry-After, X-Request-Id and the like. */
export function gatewayError(status: GatewayErrorStatus, code: GatewayErrorCode, message: string, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(gatewayErrorBody(status, code, message));
  return new Response(text, {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  });
}

export const sessionEnded = (headers: Record<string, string> = {}) =>
  gatewayError(401, 'sessionEnded', 'Your session on this desk has ended: sign in again to go on.', headers);
