/** The one place that decides whether a request carries acceptable credentials (decisions.md "Authentication"). */
import { errorResponse } from './errors';

const BEARER = /^Bearer +([^\s]+) *$/i;

/**
 * undefined when the request may go on, else the 401 to send. Any non-empty bearer token is accepted for now;
 * verifying its signature against a configured issuer's keys belongs here (it is async already for that reason).
 */
export async function authorize(request: Request): Promise<Response | undefined> {
  const token = BEARER.exec(request.headers.get('Authorization') ?? '')?.[1];
  if (token) return undefined;
  return errorResponse(401, 'unauthorized', 'An access token is required: send Authorization: Bearer <token>', {
    headers: { 'WWW-Authenticate': 'Bearer' },
  });
}
