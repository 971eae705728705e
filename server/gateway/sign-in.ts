/** Agents sign in and out through the gateway: OpenID Connect code + PKCE as a confidential client (panva openid-client). */
import type { Context, Env, Hono, Schema } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { parse as parseCookies } from 'hono/utils/cookie';
import { createRemoteJWKSet } from 'jose';
import * as client from 'openid-client';
import type { Logger } from '../listener/log';
import type { Subscriber } from '../listener/relay';
import { gatewayError, sessionEnded } from './errors';
import type { GatewayRole, GatewaySession } from './session-types';
import { REFRESH_LOCK_MS, type SessionRecord, type SessionStore } from './sessions';
import { isLoopbackHost } from '../loopback';
import { safeReturnTo, signedOutPage, signInProblemPage } from './sign-in-pages';
import { noteSubject } from '../request-context';
import { addBackChannelLogout } from './back-channel-logout';

export const SESSION_COOKIE = '__Host-ttd-session';
export const LOGIN_COOKIE = '__Host-ttd-login';
/** Names the sign-out under way (server-side: the ID token for the IdP's end-session, the provider's answer). */
export const SIGN_OUT_COOKIE = '__Host-ttd-signout';
export const END_SESSION_PATH = '/gateway/end-session';
export const SIGNED_OUT_PATH = '/gateway/signed-out';
/** Sign-in starts per instance: a burst of this many, then SIGN_IN_STARTS_PER_SECOND. */
export const SIGN_IN_BURST = 60;
export const SIGN_IN_STARTS_PER_SECOND = 10;

export type SignInOptions = {
  /** GATEWAY_PUBLIC_ORIGIN: redirect URIs and the return path are built on it, never on the request's Host. */
  publicOrigin: string;
  oidc: { issuer: string; clientId: string; clientSecret: string; scope: string };
  roles: { claim: string; agent: readonly string[]; viewer: readonly string[] };
  store: SessionStore;
  log: Logger;
  /** A session was signed out here: end its relay streams (`key` is the store's id of the session). */
  onSignedOut?(key: string): void;
  /** Seconds for each request to the IdP (default 10). */
  timeoutSeconds?: number;
  /** GATEWAY_FORCE_SIGN_IN=1 (shared desks): every sign-in asks for the password (prompt=login, max_age=0). */
  forceSignIn?: boolean;
  now?: () => number;
};

export type SignIn = {
  /** The agent's live session from the cookie; `slide` (API calls) moves the idle end, reading "who am I" does not. */
  sessionOf(c: Context, slide?: boolean): Promise<GatewaySession | undefined>;
  /** For the relay: the stream lives until the absolute end, and each heartbeat asks the store whether it still is. */
  subscriberAuth(request: Request): Promise<Subscriber | Response>;
};

const readClaim = (claims: Record<string, unknown>, name: string): unknown =>
  name in claims ? claims[name] : name.split('.').reduce<unknown>((at, part) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined), claims);

/** The desk role of an account: agent wins over viewer; none is an empty list (refused at the callback). */
export function rolesOf(claims: Record<string, unknown>, roles: SignInOptions['roles']): GatewayRole[] {
  const raw = readClaim(claims, roles.claim);
  const values = Array.isArray(raw) ? raw.filter((v): v is string => typeof v === 'string') : typeof raw === 'string' ? raw.split(/\s+/) : [];
  if (values.some((v) => roles.agent.includes(v))) return ['agent'];
  if (values.some((v) => roles.viewer.includes(v))) return ['viewer'];
  return [];
}

const iso = (ms: number) => new Date(ms).toISOString();
/** The body of GET /gateway/session and of a refresh: who, what they may do, until when; never a token. */
export const sessionBody = (record: SessionRecord) => ({
  subject: record.subject,
  name: record.name,
  roles: record.roles,
  canWrite: record.roles.includes('agent'),
  expiresAt: iso(Math.min(record.idleExpiresAt, record.absoluteExpiresAt)),
  idleExpiresAt: iso(record.idleExpiresAt),
  absoluteExpiresAt: iso(record.absoluteExpiresAt),
});

export function addSignInRoutes<E extends Env, S extends Schema, B extends string>(app: Hono<E, S, B>, options: SignInOptions): SignIn {
  const { store, log, publicOrigin } = options;
  const redirectUri = `${publicOrigin}/gateway/callback`;
  const issuerUrl = new URL(options.oidc.issuer);
  let discovered: Promise<client.Configuration> | undefined;
  // Discovered on first use, and again after a failure: the gateway starts even while the IdP is down.
  const configuration = () =>
    (discovered ??= client
      .discovery(issuerUrl, options.oidc.clientId, options.oidc.clientSecret, client.ClientSecretBasic(options.oidc.clientSecret), {
        execute: issuerUrl.protocol === 'http:' && isLoopbackHost(issuerUrl.hostname) ? [client.allowInsecureRequests] : [],
        timeout: options.timeoutSeconds ?? 10,
      })
      .then((config) => {
        // The ID token's signature is checked against the IdP's published keys too, not only trusted for coming over
        // TLS from the token endpoint (openid-client's default): a forged or unsigned one is refused.
        client.enableNonRepudiationChecks(config);
        return config;
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      }));
  const now = options.now ?? Date.now;
  // The IdP's keys for logout tokens, fetched as jose's remote key set does (cached, refetched for an unknown kid).
  let keys: { uri: string; set: ReturnType<typeof createRemoteJWKSet> } | undefined;
  const logoutCheck = async () => {
    const metadata = (await configuration()).serverMetadata();
    if (!metadata.jwks_uri) throw new Error('the IdP publishes no jwks_uri');
    if (keys?.uri !== metadata.jwks_uri) keys = { uri: metadata.jwks_uri, set: createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: (options.timeoutSeconds ?? 10) * 1000 }) };
    return { issuer: metadata.issuer, audience: options.oidc.clientId, keys: keys.set };
  };
  addBackChannelLogout(app, { check: logoutCheck, store, log, now: () => Math.floor(now() / 1000), ...(options.onSignedOut ? { onSignedOut: options.onSignedOut } : {}) });
  // A token bucket for sign-in starts: each is a stored transaction, and in memory a flood would push out real ones
  // (at most SIGN_IN_STARTS_PER_SECOND × 600 s = 6,000 live, under the 10,000 the memory store keeps).
  let bucket = { tokens: SIGN_IN_BURST, at: now() };
  const takeSignInStart = () => {
    const t = now();
    bucket = { tokens: Math.min(SIGN_IN_BURST, bucket.tokens + ((t - bucket.at) / 1000) * SIGN_IN_STARTS_PER_SECOND), at: t };
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  };
  const why = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  const cookieBase = { path: '/', secure: true, httpOnly: true } as const;
  const refreshing = new Map<string, Promise<SessionRecord | undefined>>();
  /** 401 sessionEnded, with the log line every refusal gets. */
  const ended = (c: Context) => {
    log({ kind: 'refused', method: c.req.method, path: c.req.path, status: 401, code: 'sessionEnded' });
    const res = sessionEnded();
    // A cookie whose session ended elsewhere (sign-out on another instance, back-channel logout) is cleared with it.
    if (getCookie(c, SESSION_COOKIE) !== undefined) {
      deleteCookie(c, SESSION_COOKIE, { ...cookieBase });
      for (const cookie of c.res.headers.getSetCookie()) res.headers.append('Set-Cookie', cookie);
    }
    return res;
  };

  const toSession = (key: string, record: SessionRecord): GatewaySession => ({
    id: key,
    subject: record.subject,
    name: record.name,
    roles: record.roles,
    canWrite: record.roles.includes('agent'),
  });

  app.get('/gateway/login', async (c) => {
    if (!takeSignInStart()) {
      log({ kind: 'refused', method: c.req.method, path: c.req.path, status: 429, code: 'tooManySignIns' });
      return signInProblemPage('busy', c.req.header('Accept-Language'));
    }
    const returnTo = safeReturnTo(c.req.query('returnTo'), publicOrigin);
    let config: client.Configuration;
    try {
      config = await configuration();
    } catch (error) {
      log({ kind: 'info', message: `sign-in: the IdP's discovery failed: ${why(error)}` });
      return signInProblemPage('unavailable', c.req.header('Accept-Language'));
    }
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const id = await store.saveLogin({ state, nonce, codeVerifier, returnTo });
    const to = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: options.oidc.scope,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      // A shared desk: the IdP's own session (the previous agent's) never signs the next person in.
      ...(options.forceSignIn ? { prompt: 'login', max_age: '0' } : {}),
    });
    setCookie(c, LOGIN_COOKIE, id, { ...cookieBase, sameSite: 'Lax', maxAge: 600 });
    c.header('Cache-Control', 'no-store');
    return c.redirect(to.href, 302);
  });

  app.get('/gateway/callback', async (c) => {
    const language = c.req.header('Accept-Language');
    const loginId = getCookie(c, LOGIN_COOKIE);
    deleteCookie(c, LOGIN_COOKIE, { ...cookieBase });
    const transaction = loginId ? await store.takeLogin(loginId) : undefined;
    const failed = (reason: string, problem: 'failed' | 'noRole' | 'unavailable' = 'failed') => {
      log({ kind: 'info', message: `sign-in refused: ${reason}` });
      const page = signInProblemPage(problem, language);
      // The login cookie's removal must reach the browser with the page.
      for (const cookie of c.res.headers.getSetCookie()) page.headers.append('Set-Cookie', cookie);
      return page;
    };
    if (!transaction) return failed('no sign-in under way for this browser (no login cookie, used, or older than 10 minutes)');
    if (transaction.check !== undefined) {
      // The signed-out page's silent question: the code (never redeemed) or the error is the whole answer.
      const params = new URL(c.req.url).searchParams;
      const signOut = await store.readSignOut(transaction.check);
      if (signOut && params.get('state') === transaction.state) {
        const providerSession = params.has('code') ? 'alive' : params.get('error') === 'login_required' ? 'ended' : 'unknown';
        await store.updateSignOut(transaction.check, { ...signOut, providerSession });
      }
      return c.redirect(SIGNED_OUT_PATH, 303);
    }
    const url = new URL(c.req.url);
    // The URL the IdP redirected to, on the public origin (behind nginx the request's own Host may differ).
    const current = new URL(`${url.pathname}${url.search}`, publicOrigin);
    let config: client.Configuration;
    try {
      config = await configuration();
    } catch (error) {
      return failed(`the IdP's discovery failed: ${why(error)}`, 'unavailable');
    }
    let tokens;
    try {
      tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
        ...(options.forceSignIn ? { maxAge: 0 } : {}),
      });
    } catch (error) {
      return failed(why(error));
    }
    const claims = tokens.claims() as Record<string, unknown> & { sub: string };
    const roles = rolesOf(claims, options.roles);
    if (roles.length === 0) {
      if (tokens.refresh_token) void revoke(config, tokens.refresh_token);
      return failed(`the account ${claims.sub} has no role on this desk (claim ${options.roles.claim})`, 'noRole');
    }
    const name = [claims.name, claims.preferred_username, claims.sub].find((v): v is string => typeof v === 'string' && v !== '') ?? claims.sub;
    // The same browser signing in again (another agent at a shared desk, or the same one): the old session ends first.
    const previous = getCookie(c, SESSION_COOKIE);
    if (previous && (await store.remove(previous))) options.onSignedOut?.(store.keyOf(previous));
    const sid = typeof claims.sid === 'string' && claims.sid !== '' ? claims.sid : undefined;
    const { id } = await store.create({
      subject: claims.sub,
      name,
      roles,
      idToken: tokens.id_token ?? '',
      ...(sid ? { sid } : {}),
      ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}),
    });
    // No Max-Age: the cookie ends with the browser; the session's ends are kept in the store.
    setCookie(c, SESSION_COOKIE, id, { ...cookieBase, sameSite: 'Strict' });
    c.header('Cache-Control', 'no-store');
    return c.redirect(transaction.returnTo, 303);
  });

  app.get('/gateway/session', async (c) => {
    c.header('Cache-Control', 'no-store');
    const id = getCookie(c, SESSION_COOKIE);
    const record = id ? await store.read(id) : undefined;
    return record ? c.json(sessionBody(record)) : ended(c);
  });

  /**
   * One refresh per session across instances: waits while another holds it, then answers with what that one stored
   * rather than using the same refresh token a second time.
   */
  async function refresh(id: string, seen: SessionRecord): Promise<SessionRecord | undefined> {
    if (!seen.refreshToken) return store.renew(id, {});
    let release = await store.lockRefresh(id);
    for (let waited = 0; !release && waited < REFRESH_LOCK_MS; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      release = await store.lockRefresh(id);
    }
    if (!release) throw new Error('another instance has held the refresh for too long');
    try {
      const record = await store.read(id);
      if (!record?.refreshToken || record.refreshToken !== seen.refreshToken) return record;
      return await refreshAtIdp(id, { ...record, refreshToken: record.refreshToken });
    } finally {
      await release();
    }
  }

  /** Asks the IdP, with the agent's refresh token, whether they are still allowed; keeps the rotated token. */
  async function refreshAtIdp(id: string, record: SessionRecord & { refreshToken: string }): Promise<SessionRecord | undefined> {
    const config = await configuration();
    let tokens;
    try {
      tokens = await client.refreshTokenGrant(config, record.refreshToken);
    } catch (error) {
      // The IdP answered no (invalid_grant: signed out there, disabled): the session ends here too.
      if (error instanceof client.ResponseBodyError) {
        log({ kind: 'info', message: `refresh refused by the IdP: ${error.error}` });
        await store.remove(id);
        return undefined;
      }
      throw error;
    }
    let claims = tokens.id_token ? (tokens.claims() as Record<string, unknown> | undefined) : undefined;
    // No new ID token (the IdP need not send one on refresh): the roles are read from userinfo, never kept unread.
    if (!claims && config.serverMetadata().userinfo_endpoint) {
      claims = (await client.fetchUserInfo(config, tokens.access_token, record.subject)) as Record<string, unknown>;
    }
    const roles = claims ? rolesOf(claims, options.roles) : record.roles;
    if (roles.length === 0) {
      log({ kind: 'info', message: `refresh: the account ${record.subject} no longer has a role on this desk` });
      await store.remove(id);
      return undefined;
    }
    return store.renew(id, { refreshToken: tokens.refresh_token ?? record.refreshToken, idToken: tokens.id_token ?? record.idToken, roles });
  }

  app.post('/gateway/session/refresh', async (c) => {
    c.header('Cache-Control', 'no-store');
    const id = getCookie(c, SESSION_COOKIE);
    const record = id ? await store.read(id) : undefined;
    if (!id || !record) return ended(c);
    // Two tabs at once must not use one refresh token twice: an IdP that rotates them would take that as theft.
    let pending = refreshing.get(id);
    if (!pending) {
      pending = refresh(id, record).finally(() => refreshing.delete(id));
      refreshing.set(id, pending);
    }
    try {
      const renewed = await pending;
      return renewed ? c.json(sessionBody(renewed)) : ended(c);
    } catch (error) {
      log({ kind: 'info', message: `refresh: the IdP could not be asked: ${why(error)}` });
      return gatewayError(503, 'tokenEndpointUnavailable', `The sign-in service at ${issuerUrl.host} cannot be reached just now: try again in a few seconds.`, {
        'Retry-After': '10',
      });
    }
  });

  async function revoke(config: client.Configuration, token: string) {
    if (!config.serverMetadata().revocation_endpoint) return;
    try {
      await client.tokenRevocation(config, token, { token_type_hint: 'refresh_token' });
    } catch (error) {
      log({ kind: 'info', message: `sign-out: revoking the refresh token failed (best effort): ${why(error)}` });
    }
  }

  app.post('/gateway/logout', async (c) => {
    c.header('Cache-Control', 'no-store');
    const id = getCookie(c, SESSION_COOKIE);
    // Cleared first, whatever follows: this browser is signed out even while the store cannot be reached.
    deleteCookie(c, SESSION_COOKIE, { ...cookieBase });
    if (!id) return c.json({ redirectTo: '/' });
    let record: SessionRecord | undefined;
    try {
      record = await store.remove(id);
    } catch (error) {
      options.onSignedOut?.(store.keyOf(id));
      log({ kind: 'info', message: `sign-out: the session store failed, the cookie is cleared and the session ends at its idle end: ${why(error)}` });
      const failed = gatewayError(503, 'notReady', 'You are signed out in this browser, but the desk could not end the session everywhere just now.', { 'Retry-After': '5' });
      for (const cookie of c.res.headers.getSetCookie()) failed.headers.append('Set-Cookie', cookie);
      return failed;
    }
    if (!record) return c.json({ redirectTo: '/' });
    options.onSignedOut?.(store.keyOf(id));
    let config: client.Configuration | undefined;
    try {
      config = await configuration();
    } catch (error) {
      log({ kind: 'info', message: `sign-out: the IdP's discovery failed, so no sign-out there: ${why(error)}` });
    }
    if (config && record.refreshToken) void revoke(config, record.refreshToken);
    // The ID token stays on the server: the browser goes to END_SESSION_PATH, which redirects it (303) to the IdP.
    const signOut = await store.saveSignOut({ idToken: record.idToken, subject: record.subject, ...(record.sid ? { sid: record.sid } : {}), signedOutAt: now() });
    setCookie(c, SIGN_OUT_COOKIE, signOut, { ...cookieBase, sameSite: 'Strict', maxAge: 600 });
    return c.json({ redirectTo: END_SESSION_PATH });
  });

  /** The redirect to the IdP's end-session endpoint, with the ID token as its hint; the IdP comes back to the signed-out page. */
  app.get(END_SESSION_PATH, async (c) => {
    c.header('Cache-Control', 'no-store');
    const signOutId = getCookie(c, SIGN_OUT_COOKIE);
    const transaction = signOutId ? await store.readSignOut(signOutId) : undefined;
    if (!signOutId || !transaction) return c.redirect('/', 303);
    let config: client.Configuration | undefined;
    try {
      config = await configuration();
    } catch (error) {
      log({ kind: 'info', message: `sign-out: the IdP's discovery failed, so no sign-out there: ${why(error)}` });
    }
    if (!config?.serverMetadata().end_session_endpoint) return c.redirect(SIGNED_OUT_PATH, 303);
    // Asked again after this round: the agent may answer the IdP's question either way.
    const { providerSession: _asked, ...rest } = transaction;
    await store.updateSignOut(signOutId, rest);
    const to = client.buildEndSessionUrl(config, { id_token_hint: transaction.idToken, post_logout_redirect_uri: `${publicOrigin}${SIGNED_OUT_PATH}` });
    return c.redirect(to.href, 303);
  });

  /**
   * Where the IdP sends the browser back after its sign-out: the page says whether the IdP's session ended, which the
   * gateway learns by asking the IdP once, silently (prompt=none): a code means it lives on, login_required that it ended.
   */
  app.get(SIGNED_OUT_PATH, async (c) => {
    c.header('Cache-Control', 'no-store');
    const language = c.req.header('Accept-Language');
    const signOutId = getCookie(c, SIGN_OUT_COOKIE);
    const transaction = signOutId ? await store.readSignOut(signOutId) : undefined;
    if (!signOutId || !transaction) return signedOutPage('unknown', options.forceSignIn === true, language);
    if (transaction.providerSession) return signedOutPage(transaction.providerSession, options.forceSignIn === true, language);
    // The question stores a transaction like a sign-in start, so it draws on the same limit.
    if (!takeSignInStart()) return signedOutPage('unknown', options.forceSignIn === true, language);
    let config: client.Configuration;
    try {
      config = await configuration();
    } catch {
      return signedOutPage('unknown', options.forceSignIn === true, language);
    }
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const loginId = await store.saveLogin({ state, nonce, codeVerifier, returnTo: SIGNED_OUT_PATH, check: signOutId });
    const to = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      prompt: 'none',
    });
    setCookie(c, LOGIN_COOKIE, loginId, { ...cookieBase, sameSite: 'Lax', maxAge: 600 });
    return c.redirect(to.href, 303);
  });

  const idOf = (cookieHeader: string | null | undefined) => (cookieHeader ? parseCookies(cookieHeader, SESSION_COOKIE)[SESSION_COOKIE] : undefined);

  return {
    async sessionOf(c, slide = true) {
      const id = getCookie(c, SESSION_COOKIE);
      if (!id) return undefined;
      const record = slide ? await store.touch(id) : await store.read(id);
      if (record) noteSubject(record.subject);
      return record && toSession(store.keyOf(id), record);
    },
    async subscriberAuth(request) {
      const id = idOf(request.headers.get('Cookie'));
      let record: SessionRecord | undefined;
      try {
        record = id ? await store.read(id) : undefined;
      } catch {
        return gatewayError(503, 'notReady', 'The session store is not reachable just now: try again in a few seconds.', { 'Retry-After': '5' });
      }
      if (!id || !record) return sessionEnded();
      return {
        subject: record.subject,
        sessionId: store.keyOf(id),
        until: record.absoluteExpiresAt,
        // A reconnect replays nothing from before this session began (decision 0053).
        since: record.createdAt,
        stillValid: async () => (await store.read(id)) !== undefined,
      };
    },
  };
}
