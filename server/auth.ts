/**
 * The one place that decides whether a request carries acceptable credentials (decisions.md "Authentication"). With
 * no issuer configured any bearer token passes (demo, tests); with one, the token must be a JWT signed by the
 * issuer's keys, for our audience, not expired, and (if a client is named) issued to that client. A missing token is
 * a 401 either way. What was seen is recorded.
 */
import type { JSONWebKeySet, JWTPayload, JWTVerifyGetKey, RemoteJWKSet } from 'jose';
import { errorResponse } from './errors';

const BEARER = /^Bearer +([^\s]+) *$/i;

/** Verify tokens against an OpenID provider: its issuer, the API's audience, and its keys (JWKS URL or the set itself). */
export type AuthOptions = {
  issuer: string;
  audience: string;
  /** Default `<issuer>/jwks` (oidc-provider's path); other providers publish theirs in discovery's `jwks_uri`. */
  jwksUri?: string;
  /** The key set itself (tests); takes the place of jwksUri. */
  jwks?: JSONWebKeySet;
  /**
   * Only this client's tokens pass: its `client_id` (RFC 9068), or `azp` where a provider puts it there, must equal
   * it. The interface's provider knows one client, the desk's company (client credentials); unset: any client.
   */
  clientId?: string;
  /**
   * What a valid token must also carry to be let in (the relay's stream tickets, decision 0053): its `azp` or
   * `client_id` is this client and its `scope` holds this scope. A token of the audience that lacks either is a
   * token, but not one for this: 403 `insufficient_scope` (RFC 6750 3.1), not 401.
   */
  permission?: { clientId: string; scope: string };
};

/** Why a token was refused; the 401's message says it in words. */
export type RefusalReason = 'missing' | 'malformed' | 'signature' | 'unknownKey' | 'issuer' | 'audience' | 'expired' | 'notYetValid' | 'keysUnavailable' | 'client' | 'notPermittedClient' | 'scope';

/** One request's credentials as the mocked service judged them (test-only record, never the token itself). */
export type SeenToken = {
  at: string;
  method: string;
  path: string;
  accepted: boolean;
  /** True when the signature, issuer, audience and expiry were checked (an issuer is configured). */
  verified: boolean;
  reason?: RefusalReason;
  /** SHA-256 of the token, base64url: compare with a token the test holds without the record holding tokens. */
  fingerprint?: string;
  /** Claims of a verified token. */
  subject?: string;
  issuer?: string;
  audience?: string | string[];
  clientId?: string;
  scope?: string;
  expiresAt?: string;
};

export type Authorizer = {
  /** undefined when the request may go on, else the 401 to send. */
  authorize(request: Request): Promise<Response | undefined>;
  /** The last requests' credentials, oldest first (at most SEEN_LIMIT). */
  seen(): SeenToken[];
  clearSeen(): void;
  /** The issuer whose tokens are verified; undefined when any bearer token is accepted. */
  issuer: string | undefined;
  /**
   * Whether a token could be checked now: no issuer, a key set given, keys fetched within their cache time, or fetched
   * again now. /readyz asks it, so a receiver that cannot check tokens is taken out of the load balancer.
   */
  keysReady(): Promise<boolean>;
};

export const SEEN_LIMIT = 200;

const messages: Record<RefusalReason, string> = {
  missing: 'An access token is required: send Authorization: Bearer <token>',
  malformed: 'The access token is not a signed JWT',
  signature: 'The signature of the access token does not verify with the keys of the issuer',
  unknownKey: 'The access token is signed with a key the issuer does not publish',
  issuer: 'The access token was issued by someone else',
  audience: 'The access token is not meant for this service (audience)',
  expired: 'The access token has expired',
  notYetValid: 'The access token is not valid yet',
  keysUnavailable: 'The keys of the issuer could not be loaded to check the access token',
  client: 'The access token was issued to another client: this service accepts only the client it was set up for',
  notPermittedClient: 'The access token was issued to another client: only the desk\'s own sign-in may do this',
  scope: 'The access token lacks the scope this needs: sign in to the desk again so that it asks for it',
};

/** Refusals of a valid token that is not for this (RFC 6750 3.1): 403 insufficient_scope. */
const forbidden = new Set<RefusalReason>(['notPermittedClient', 'scope']);

/** How soon to ask again when the issuer's keys could not be loaded: a sender retries a 503, never a 401. */
export const KEYS_RETRY_AFTER_SECONDS = 10;

/** Header values are Latin-1: the messages stay ASCII so they can go in the challenge too. */
function refusal(reason: RefusalReason): Response {
  // Not the token's fault: the provider must not take it as final (issue 30), so 503 with a time to come back.
  if (reason === 'keysUnavailable') {
    return errorResponse(503, 'keysUnavailable', messages[reason], { headers: { 'Retry-After': String(KEYS_RETRY_AFTER_SECONDS) } });
  }
  // RFC 6750 3: a request without credentials gets no error code; a bad token gets invalid_token.
  if (forbidden.has(reason)) {
    return errorResponse(403, 'forbidden', messages[reason], { headers: { 'WWW-Authenticate': `Bearer error="insufficient_scope", error_description="${messages[reason]}"` } });
  }
  const challenge = reason === 'missing' ? 'Bearer' : `Bearer error="invalid_token", error_description="${messages[reason]}"`;
  return errorResponse(401, 'unauthorized', messages[reason], { headers: { 'WWW-Authenticate': challenge } });
}

function reasonOf(error: unknown): RefusalReason {
  const { code, claim } = (error ?? {}) as { code?: string; claim?: string };
  switch (code) {
    case 'ERR_JWT_EXPIRED':
      return 'expired';
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      return claim === 'iss' ? 'issuer' : claim === 'aud' ? 'audience' : claim === 'nbf' ? 'notYetValid' : 'malformed';
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return 'signature';
    case 'ERR_JWKS_NO_MATCHING_KEY':
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
      return 'unknownKey';
    case 'ERR_JWKS_TIMEOUT':
    case 'ERR_JWKS_INVALID':
      return 'keysUnavailable';
    case 'ERR_JOSE_GENERIC':
      // jose's words for a key set URL that answered, but not 200 (the provider down behind its proxy, a wrong path).
      return /Expected 200 OK/.test(String((error as Error).message)) ? 'keysUnavailable' : 'malformed';
    case undefined:
      // fetch of the JWKS failed outright (no provider running).
      return error instanceof TypeError ? 'keysUnavailable' : 'malformed';
    default:
      return 'malformed';
  }
}

async function fingerprintOf(token: string): Promise<string | undefined> {
  const subtle = globalThis.crypto?.subtle;
  // No Web Crypto (a demo served over plain http on a LAN address): the record simply has no fingerprint.
  if (!subtle) return undefined;
  const digest = new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(token)));
  return btoa(String.fromCharCode(...digest)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** RFC 9068's `client_id`; some providers name the client only in `azp`. */
function clientIdOf(payload: JWTPayload): string | undefined {
  const { client_id: clientId, azp } = payload as JWTPayload & { client_id?: unknown; azp?: unknown };
  return typeof clientId === 'string' ? clientId : typeof azp === 'string' ? azp : undefined;
}

/** The token's scopes: `scope` is space-separated (RFC 9068); some providers send a list in `scp`. */
function scopesOf(payload: JWTPayload): string[] {
  const { scope, scp } = payload as JWTPayload & { scope?: unknown; scp?: unknown };
  if (typeof scope === 'string') return scope.split(' ').filter(Boolean);
  return Array.isArray(scp) ? scp.filter((s): s is string => typeof s === 'string') : [];
}

/** Both `azp` and `client_id` must name the client where both are sent: one of them naming it is not enough. */
function isClient(payload: JWTPayload, clientId: string): boolean {
  const { client_id: id, azp } = payload as JWTPayload & { client_id?: unknown; azp?: unknown };
  const named = [id, azp].filter((value) => value !== undefined);
  return named.length > 0 && named.every((value) => value === clientId);
}

function claimsOf(payload: JWTPayload): Partial<SeenToken> {
  const extra = payload as JWTPayload & { scope?: unknown };
  return {
    subject: payload.sub,
    issuer: payload.iss,
    audience: payload.aud,
    clientId: clientIdOf(payload),
    scope: typeof extra.scope === 'string' ? extra.scope : undefined,
    expiresAt: payload.exp === undefined ? undefined : new Date(payload.exp * 1000).toISOString(),
  };
}

/** Accepts any bearer token without `options`; verifies JWTs against the issuer with them. */
export function createAuthorizer(options?: AuthOptions): Authorizer {
  const seen: SeenToken[] = [];
  let keys: Promise<JWTVerifyGetKey | RemoteJWKSet> | undefined;
  // jose is loaded only when an issuer is configured: the demo's in-browser service never needs it.
  const keysOf = (): Promise<JWTVerifyGetKey | RemoteJWKSet> => {
    keys ??= import('jose').then((jose) =>
      options?.jwks
        ? jose.createLocalJWKSet(options.jwks)
        : jose.createRemoteJWKSet(new URL(options?.jwksUri ?? `${options?.issuer.replace(/\/+$/, '')}/jwks`)),
    );
    return keys;
  };

  function record(request: Request, entry: Omit<SeenToken, 'at' | 'method' | 'path'>): void {
    seen.push({ at: new Date().toISOString(), method: request.method, path: new URL(request.url).pathname, ...entry });
    if (seen.length > SEEN_LIMIT) seen.splice(0, seen.length - SEEN_LIMIT);
  }

  async function verify(token: string): Promise<{ payload: JWTPayload } | { reason: RefusalReason; payload?: JWTPayload }> {
    if (!options) return { payload: {} };
    try {
      const [{ jwtVerify }, getKey] = await Promise.all([import('jose'), keysOf()]);
      // Asymmetric algorithms only: a token "signed" with none or with a shared secret never passes.
      const { payload } = await jwtVerify(token, getKey, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ['RS256', 'PS256', 'ES256', 'EdDSA'],
        requiredClaims: ['exp', 'sub'],
      });
      if (options.clientId !== undefined && clientIdOf(payload) !== options.clientId) return { reason: 'client' };
      if (options.permission) {
        if (!isClient(payload, options.permission.clientId)) return { reason: 'notPermittedClient', payload };
        if (!scopesOf(payload).includes(options.permission.scope)) return { reason: 'scope', payload };
      }
      return { payload };
    } catch (error) {
      return { reason: reasonOf(error) };
    }
  }

  return {
    issuer: options?.issuer,
    async keysReady() {
      if (!options || options.jwks) return true;
      const set = await keysOf();
      if (!('reload' in set) || set.fresh) return true;
      try {
        await set.reload();
        return true;
      } catch {
        return false;
      }
    },
    async authorize(request) {
      const token = BEARER.exec(request.headers.get('Authorization') ?? '')?.[1];
      if (!token) {
        record(request, { accepted: false, verified: false, reason: 'missing' });
        return refusal('missing');
      }
      const [result, fingerprint] = await Promise.all([verify(token), fingerprintOf(token)]);
      if ('reason' in result) {
        // A valid token refused for what it is not (client, scope): who it was is worth recording.
        record(request, { accepted: false, verified: true, reason: result.reason, fingerprint, ...(result.payload ? claimsOf(result.payload) : {}) });
        return refusal(result.reason);
      }
      record(request, { accepted: true, verified: options !== undefined, fingerprint, ...(options ? claimsOf(result.payload) : {}) });
      return undefined;
    },
    seen: () => [...seen],
    clearSeen: () => {
      seen.length = 0;
    },
  };
}
