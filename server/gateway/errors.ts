/** The gateway's ErrorMessage responses: server/errors.ts's, with the gateway's statuses and codes among them. */
import { errorBody, errorResponse, type ErrorCode, type ErrorStatus } from '../errors';

export type GatewayErrorStatus = ErrorStatus;
export type GatewayErrorCode = ErrorCode;

export const gatewayErrorBody = (status: ErrorStatus, code: ErrorCode, message: string) => errorBody(status, code, message);

/** An ErrorMessage response, never cached; `headers` adds Retry-After, X-Request-Id and the like. */
export const gatewayError = (status: ErrorStatus, code: ErrorCode, message: string, headers: Record<string, string> = {}): Response =>
  errorResponse(status, code, message, { headers });

export const sessionEnded = (headers: Record<string, string> = {}) =>
  gatewayError(401, 'sessionEnded', 'Your session on this desk has ended: sign in again to go on.', headers);
