/**
 * OpenID Connect Back-Channel Logout 1.0 at the gateway: the IdP POSTs a logout token when an agent signs out there
 * (or is disabled), and the desk's sessions of that IdP session (`sid`), or of that account (`sub`), end on every
 * instance; their relay streams end with them (here at once, elsewhere at the next heartbeat, which reads the store).
 */
import type { Env, Hono, Schema } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Logger } from '../listener/log';
import type { SessionStore } from './sessions';

export const BACK_CHANNEL_LOGOUT_PATH = '/gateway/backchannel-logout';
export const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** A logout token older than this (by `iat`) is refused; its `jti` is remembered as long, on every instance. */
export const LOGOUT_TOKEN_MAX_AGE_SECONDS = 300;
const CLOCK_TOLERANCE_SECONDS = 30;
/** A logout token is a few hundred bytes; the form that carries it is read up to this. */
const MAX_BODY_BYTES = 16 * 1024;
/** Signatures by the IdP's published keys only: never `none`, never a shared-secret HMAC (HS*) against a public JWKS. */
export const LOGOUT_TOKEN_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

export type LogoutTokenCheck = {
  issuer: string;
  /** The gateway's client id at the IdP: the token's `aud` must hold it. */
  audience: string;
  keys: JWTVerifyGetKey;
  /** True the first time a `jti` is seen (shared by every instance). */
  firstUse(jti: string, ttlMs: number): Promise<boolean>;
  /** Seconds since the epoch (tests). */
  now?: () => number;
};

export type LogoutClaims = { sub?: string; sid?: string };

export class LogoutTokenRefused extends Error {
  override name = 'LogoutTokenRefused';
}

/** The checks of the spec's section 2.6, in its order; the claims that name what to end, or LogoutTokenRefused. */
export async function verifyLogoutToken(token: string, check: LogoutTokenCheck): Promise<LogoutClaims> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, check.keys, {
      issuer: check.issuer,
      audience: check.audience,
      algorithms: LOGOUT_TOKEN_ALGORITHMS,
      maxTokenAge: LOGOUT_TOKEN_MAX_AGE_SECONDS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['iat', 'jti', 'events'],
      ...(check.now ? { currentDate: new Date(check.now() * 1000) } : {}),
    }));
  } catch (error) {
    const why = error instanceof joseErrors.JOSEError ? `${error.code}: ${error.message}` : error instanceof Error ? error.message : String(error);
    throw new LogoutTokenRefused(why);
  }
  const events = payload.events;
  const event = events && typeof events === 'object' && !Array.isArray(events) ? (events as Record<string, unknown>)[LOGOUT_EVENT] : undefined;
  if (!event || typeof event !== 'object' || Array.isArray(event)) throw new LogoutTokenRefused(`the events claim does not hold ${LOGOUT_EVENT} as an object`);
  const sub = typeof payload.sub === 'string' && payload.sub !== '' ? payload.sub : undefined;
  const sid = typeof payload.sid === 'string' && payload.sid !== '' ? payload.sid : undefined;
  if (!sub && !sid) throw new LogoutTokenRefused('neither sub nor sid is present');
  // An ID token is not a logout token, however it is signed.
  if ('nonce' in payload) throw new LogoutTokenRefused('a nonce is present');
  if (typeof payload.jti !== 'string' || payload.jti === '') throw new LogoutTokenRefused('no jti');
  const ttlMs = (LOGOUT_TOKEN_MAX_AGE_SECONDS + 2 * CLOCK_TOLERANCE_SECONDS) * 1000;
  if (!(await check.firstUse(`logout-jti:${check.issuer}:${payload.jti}`, ttlMs))) throw new LogoutTokenRefused(`jti ${payload.jti} was used before`);
  return { ...(sub ? { sub } : {}), ...(sid ? { sid } : {}) };
}

export type BackChannelLogoutOptions = {
  /** The IdP's issuer and signing keys (from its discovery; fetched on first use). */
  check(): Promise<Omit<LogoutTokenCheck, 'firstUse' | 'now'>>;
  store: Pick<SessionStore, 'removeMatching' | 'firstUse'>;
  log: Logger;
  /** Sessions ended here: end their relay streams at once (`key` is the store's id). */
  onSignedOut?(key: string): void;
  now?: () => number;
};

const answer = (status: 200 | 400 | 503, body?: Record<string, string>) =>
  new Response(body ? JSON.stringify(body) : null, {
    status,
    headers: { 'Cache-Control': 'no-store', ...(body ? { 'Content-Type': 'application/json' } : {}) },
  });

export function addBackChannelLogout<E extends Env, S extends Schema, B extends string>(app: Hono<E, S, B>, options: BackChannelLogoutOptions) {
  const refused = (reason: string) => {
    options.log({ kind: 'info', message: `back-channel logout refused: ${reason}` });
    return answer(400, { error: 'invalid_request', error_description: 'The logout token was not accepted.' });
  };
  app.post(BACK_CHANNEL_LOGOUT_PATH, bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => refused(`the body is larger than ${MAX_BODY_BYTES} bytes`) }), async (c) => {
    if (!/^application\/x-www-form-urlencoded\b/i.test(c.req.header('Content-Type') ?? '')) return refused('not a form (application/x-www-form-urlencoded)');
    const form = new URLSearchParams(await c.req.text());
    const tokens = form.getAll('logout_token');
    if (tokens.length !== 1 || !tokens[0]) return refused('no single logout_token');
    let check;
    try {
      check = await options.check();
    } catch (error) {
      options.log({ kind: 'info', message: `back-channel logout: the IdP's keys cannot be read: ${error instanceof Error ? error.message : String(error)}` });
      return answer(503, { error: 'temporarily_unavailable' });
    }
    let claims: LogoutClaims;
    try {
      claims = await verifyLogoutToken(tokens[0], { ...check, firstUse: (id, ttl) => options.store.firstUse(id, ttl), ...(options.now ? { now: options.now } : {}) });
    } catch (error) {
      if (error instanceof LogoutTokenRefused) return refused(error.message);
      throw error;
    }
    let ended: string[];
    try {
      ended = await options.store.removeMatching({ ...(claims.sid ? { sid: claims.sid } : {}), ...(claims.sub ? { subject: claims.sub } : {}) });
    } catch (error) {
      options.log({ kind: 'info', message: `back-channel logout: the session store failed: ${error instanceof Error ? error.message : String(error)}` });
      return answer(503, { error: 'temporarily_unavailable' });
    }
    for (const key of ended) options.onSignedOut?.(key);
    options.log({ kind: 'info', message: `back-channel logout: ${ended.length} session(s) ended (${claims.sid ? 'by sid' : 'every session of the account'})` });
    return answer(200);
  });
}
