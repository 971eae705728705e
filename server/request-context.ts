/**
 * The request a log line is written for (issue 30): its id (the caller's sane X-Request-Id, which nginx sets, else a
 * new one) and, once known, the agent's subject. Carried by AsyncLocalStorage, so every line written while the
 * request is served, in any module, carries them without passing them along.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Context, Env, MiddlewareHandler } from 'hono';

export type RequestContext = {
  requestId: string;
  subject?: string;
  /** A refused or failed line was written for this request (server/listener/log.ts#noting). */
  refusalLogged?: boolean;
  /** Its 5xx was counted (server/metrics.ts#countServerError): the receiver inside the gateway counts it once. */
  serverErrorCounted?: boolean;
};

const storage = new AsyncLocalStorage<RequestContext>();
/** What a request id may look like; anything else from outside is replaced (it goes into logs and upstream). */
export const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request being served here, if any. */
export const currentRequest = (): RequestContext | undefined => storage.getStore();

/** The agent this request is for, from now on in every line (never a token: the subject only). */
export function noteSubject(subject: string): void {
  const context = storage.getStore();
  if (context) context.subject = subject;
}

/** Its refusal has been logged: the apps' last-resort line is not written again. */
export function noteRefusalLogged(): void {
  const context = storage.getStore();
  if (context) context.refusalLogged = true;
}

/**
 * Opens the request's context and answers its id in X-Request-Id. An app served inside another's request (the
 * receiver inside the gateway) keeps the outer context. `idOf` lets an app that already chose an id (hono/request-id)
 * use it.
 */
export function requestContext<E extends Env>(idOf?: (c: Context<E>) => string | undefined): MiddlewareHandler<E> {
  return async (c, next) => {
    const outer = storage.getStore();
    if (outer) return next();
    // An id the app chose already is the one it answers with; one from outside must look like an id.
    const chosen = idOf?.(c);
    const given = c.req.header('X-Request-Id');
    const requestId = chosen ?? (given !== undefined && SANE_REQUEST_ID.test(given) ? given : randomUUID());
    await storage.run({ requestId }, () => next());
    try {
      if (!c.res.headers.has('X-Request-Id')) c.res.headers.set('X-Request-Id', requestId);
    } catch {
      // A response whose headers cannot change (an upstream's, passed on): it went without the header.
    }
  };
}
