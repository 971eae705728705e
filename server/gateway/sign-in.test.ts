/** Sign-in through the gateway against a real OpenID provider (oidc-provider): cookies, return path, session, refresh, sign-out. */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogLine } from '../listener/log';
import { createSessionStore, type SessionStore } from './sessions';
import { generateKeyPair, type JWTPayload } from 'jose';
import { addSignInRoutes, END_SESSION_PATH, LOGIN_COOKIE, SESSION_COOKIE, SIGN_IN_BURST, SIGN_IN_STARTS_PER_SECOND, SIGN_OUT_COOKIE, SIGNED_OUT_PATH, type SignIn } from './sign-in';
import { safeReturnTo } from './sign-in-pages';
import { claimsOf, cookieOf, signAs, signInThrough, startTestIdp, TEST_CLIENT_ID, TEST_CLIENT_SECRET, testAccounts, throughIdp as throughIdpTo, type TestIdp } from '../testing/idp';

const ORIGIN = 'http://127.0.0.1:5220';
let idp: TestIdp;
let app: Hono;
let store: SessionStore;
let signIn: SignIn;
const signedOut: string[] = [];
const lines: LogLine[] = [];

beforeAll(async () => {
  idp = await startTestIdp(ORIGIN);
  store = createSessionStore({ secret: 'a session secret of at least 32 characters', idleSeconds: 1800, absoluteSeconds: 36000 });
  app = new Hono();
  signIn = addSignInRoutes(app, {
    publicOrigin: ORIGIN,
    oidc: { issuer: idp.issuer, clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET, scope: 'openid profile offline_access' },
    roles: { claim: 'groups', agent: ['desk-agent'], viewer: ['desk-viewer'] },
    store,
    log: (line) => lines.push(line),
    onSignedOut: (key) => signedOut.push(key),
  });
  app.get('/probe', async (c) => c.json((await signIn.sessionOf(c, false)) ?? null));
}, 30_000);

afterAll(async () => {
  await idp?.close();
});

const throughIdp = (start: string) => throughIdpTo(start, ORIGIN);

async function signInAs(username = 'agent.one', returnTo = '/tickets/TT-1') {
  const result = await signInThrough((path, init) => app.request(path, init), idp, ORIGIN, username, returnTo);
  expect(result.start.status).toBe(302);
  return result;
}

const withSession = (id: string | undefined, init: RequestInit = {}) => ({ ...init, headers: { ...init.headers, Cookie: `${SESSION_COOKIE}=${id}` } });

describe('sign-in', () => {
  it('sends the browser to the IdP with PKCE (S256), state and nonce, and keeps them server-side behind a Lax login cookie', async () => {
    const start = await app.request('/gateway/login?returnTo=/tickets/TT-1');
    expect(start.status).toBe(302);
    const to = new URL(start.headers.get('Location') ?? '');
    expect(to.origin).toBe(idp.issuer);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      client_id: TEST_CLIENT_ID,
      redirect_uri: `${ORIGIN}/gateway/callback`,
      response_type: 'code',
      code_challenge_method: 'S256',
      scope: 'openid profile offline_access',
    });
    for (const p of ['state', 'nonce', 'code_challenge']) expect(to.searchParams.get(p)).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const login = cookieOf(start, LOGIN_COOKIE);
    expect(login?.attributes).toEqual({ 'max-age': '600', path: '/', httponly: true, secure: true, samesite: 'Lax' });
    // The cookie holds a random id, not the state or the verifier.
    expect(login?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(login?.value).not.toBe(to.searchParams.get('state'));
  });

  it('signs an agent in: a Strict, HttpOnly, Secure browser-session cookie, the login cookie cleared, back to the same place', async () => {
    const { callback } = await signInAs('agent.one', '/tickets/TT-1?tab=notes');
    expect(callback.status).toBe(303);
    expect(callback.headers.get('Location')).toBe('/tickets/TT-1?tab=notes');
    const session = cookieOf(callback, SESSION_COOKIE);
    expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session?.attributes).toEqual({ path: '/', httponly: true, secure: true, samesite: 'Strict' });
    expect(cookieOf(callback, LOGIN_COOKIE)?.attributes).toMatchObject({ 'max-age': '0' });
    const me = await app.request('/gateway/session', withSession(session?.value));
    expect(me.status).toBe(200);
    expect(me.headers.get('Cache-Control')).toBe('no-store');
    const body = (await me.json()) as Record<string, unknown>;
    expect(body).toEqual({
      subject: 'agent.one',
      name: 'Jana Schmidt',
      roles: ['agent'],
      canWrite: true,
      expiresAt: body.idleExpiresAt,
      idleExpiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      absoluteExpiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // No token of any kind in what the page can read.
    expect(JSON.stringify(body)).not.toMatch(/eyJ|token/i);
  });

  it('signs a viewer in as a viewer who cannot write', async () => {
    const { session } = await signInAs('viewer.one');
    expect(await (await app.request('/gateway/session', withSession(session))).json()).toMatchObject({ roles: ['viewer'], canWrite: false });
  });

  it('refuses an account with no desk role: 403 page, no session', async () => {
    const { callback } = await signInAs('nobody.one');
    expect(callback.status).toBe(403);
    expect(cookieOf(callback, SESSION_COOKIE)).toBeUndefined();
    expect(await callback.text()).toContain('Your account has no role on this desk.');
  });

  it.each([
    ['//evil.example', '/'],
    ['/..//evil.example', '/'],
    ['https://evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['/\t/evil.example', '/'],
    ['/tickets/../tickets/TT-2', '/tickets/TT-2'],
    [`/tickets?q=${'x'.repeat(2048 - 11)}`, `/tickets?q=${'x'.repeat(2048 - 11)}`],
    [`/tickets?q=${'x'.repeat(2048 - 10)}`, '/'],
  ])('turns returnTo %s into the same-origin path %s', async (returnTo, expected) => {
    expect(safeReturnTo(returnTo, ORIGIN)).toBe(expected);
    const { callback } = await signInAs('agent.one', returnTo);
    expect(callback.headers.get('Location')).toBe(expected);
  });

  it('refuses a callback whose state is not the one it sent, with a page that runs nothing', async () => {
    idp.signInAs('agent.one');
    const start = await app.request('/gateway/login');
    const login = cookieOf(start, LOGIN_COOKIE);
    const callbackPath = await throughIdp(start.headers.get('Location') ?? '');
    const forged = callbackPath.replace(/state=[^&]+/, 'state=forged-state-of-another-browser');
    const res = await app.request(forged, { headers: { Cookie: `${LOGIN_COOKIE}=${login?.value}` } });
    expect(res.status).toBe(400);
    expect(cookieOf(res, SESSION_COOKIE)).toBeUndefined();
    expect(res.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    const page = await res.text();
    expect(page).toContain('Sign-in did not work');
    expect(page).toContain('href="/gateway/login"');
    expect(page).not.toMatch(/<script|forged/i);
    // The transaction was used up: the right state does not work afterwards either.
    expect((await app.request(callbackPath, { headers: { Cookie: `${LOGIN_COOKIE}=${login?.value}` } })).status).toBe(400);
  });

  it.each([
    ['no login cookie', {}],
    ['an unknown login cookie', { Cookie: `${LOGIN_COOKIE}=${'A'.repeat(43)}` }],
  ])('refuses a callback with %s', async (_what, headers) => {
    const res = await app.request('/gateway/callback?code=x&state=y', { headers });
    expect(res.status).toBe(400);
  });

  it("refuses the IdP's error answer (the agent cancelled) with 400", async () => {
    const start = await app.request('/gateway/login');
    const login = cookieOf(start, LOGIN_COOKIE);
    const state = new URL(start.headers.get('Location') ?? '').searchParams.get('state');
    const res = await app.request(`/gateway/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(idp.issuer)}`, {
      headers: { Cookie: `${LOGIN_COOKIE}=${login?.value}`, 'Accept-Language': 'de-DE,de;q=0.9' },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Die Anmeldung hat nicht funktioniert');
  });
});

describe('the session', () => {
  it('answers 401 sessionEnded without a live session', async () => {
    for (const init of [{}, withSession('A'.repeat(43))]) {
      const res = await app.request('/gateway/session', init);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'sessionEnded' });
    }
  });

  it('clears a cookie whose session has ended (a back-channel logout, a sign-out elsewhere), and sets none without one', async () => {
    expect(cookieOf(await app.request('/gateway/session'), SESSION_COOKIE)).toBeUndefined();
    for (const path of ['/gateway/session', '/gateway/session/refresh']) {
      const res = await app.request(path, withSession('A'.repeat(43), { method: path.endsWith('refresh') ? 'POST' : 'GET' }));
      expect(res.status).toBe(401);
      expect(cookieOf(res, SESSION_COOKIE)?.attributes).toMatchObject({ 'max-age': '0', path: '/', secure: true, httponly: true });
    }
  });

  it('refresh asks the IdP, stores the rotated refresh token and slides the idle end', async () => {
    const { session } = await signInAs('agent.one');
    const before = await store.read(session ?? '');
    const refreshesBefore = idp.grants.filter((g) => g === 'refresh_token').length;
    const res = await app.request('/gateway/session/refresh', withSession(session, { method: 'POST' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ subject: 'agent.one', roles: ['agent'] });
    const after = await store.read(session ?? '');
    expect(idp.grants.filter((g) => g === 'refresh_token').length).toBe(refreshesBefore + 1);
    expect(after?.refreshToken).toEqual(expect.any(String));
    expect(after?.refreshToken).not.toBe(before?.refreshToken);
    expect(after?.lastSeenAt).toBeGreaterThanOrEqual(before?.lastSeenAt ?? Infinity);
  });

  it('refresh of a session the IdP no longer honours ends it: 401', async () => {
    const { session } = await signInAs('agent.one');
    const record = await store.read(session ?? '');
    // A refresh token the IdP does not know (revoked there).
    await store.renew(session ?? '', { refreshToken: 'revoked-at-the-idp' });
    const res = await app.request('/gateway/session/refresh', withSession(session, { method: 'POST' }));
    expect(res.status).toBe(401);
    expect(await store.read(session ?? '')).toBeUndefined();
    expect(record).toBeDefined();
  });

  it('logout deletes the session, ends its streams, clears the cookie, and keeps the ID token on the server: 303 to the IdP from there', async () => {
    const { session } = await signInAs('agent.one');
    const record = await store.read(session ?? '');
    const res = await app.request('/gateway/logout', withSession(session, { method: 'POST' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const text = await res.text();
    // No token of any kind in what page script reads (it used to hold id_token_hint=eyJ…).
    expect(text).not.toMatch(/eyJ|token/i);
    expect(JSON.parse(text)).toEqual({ redirectTo: END_SESSION_PATH });
    expect(cookieOf(res, SESSION_COOKIE)?.attributes).toMatchObject({ 'max-age': '0' });
    const signOut = cookieOf(res, SIGN_OUT_COOKIE);
    expect(signOut?.attributes).toEqual({ 'max-age': '600', path: '/', httponly: true, secure: true, samesite: 'Strict' });
    expect(signedOut).toContain(store.keyOf(session ?? ''));
    // The server redirects to the IdP's end-session endpoint with the hint; the IdP comes back to the desk's page.
    const end = await app.request(END_SESSION_PATH, { headers: { Cookie: `${SIGN_OUT_COOKIE}=${signOut?.value}` } });
    expect(end.status).toBe(303);
    expect(end.headers.get('Cache-Control')).toBe('no-store');
    const to = new URL(end.headers.get('Location') ?? '');
    expect(to.origin).toBe(idp.issuer);
    expect(to.searchParams.get('id_token_hint')).toBe(record?.idToken);
    expect(to.searchParams.get('post_logout_redirect_uri')).toBe(`${ORIGIN}${SIGNED_OUT_PATH}`);
    // The old cookie, kept by someone, no longer loads the cleared session (oauth2-proxy's stale-cookie case).
    expect((await app.request('/gateway/session', withSession(session))).status).toBe(401);
    expect((await app.request('/gateway/session/refresh', withSession(session, { method: 'POST' }))).status).toBe(401);
    expect(await (await app.request('/probe', withSession(session))).json()).toBeNull();
  });

  it('logout takes no return address: a foreign one asked for changes nothing (Duende\'s case)', async () => {
    const { session } = await signInAs('agent.one');
    const evil = encodeURIComponent('https://evil.example/');
    const res = await app.request(`/gateway/logout?returnTo=${evil}&post_logout_redirect_uri=${evil}`, withSession(session, { method: 'POST' }));
    expect(await res.json()).toEqual({ redirectTo: END_SESSION_PATH });
    const end = await app.request(`${END_SESSION_PATH}?post_logout_redirect_uri=${evil}`, { headers: { Cookie: `${SIGN_OUT_COOKIE}=${cookieOf(res, SIGN_OUT_COOKIE)?.value}` } });
    expect(new URL(end.headers.get('Location') ?? '').searchParams.get('post_logout_redirect_uri')).toBe(`${ORIGIN}${SIGNED_OUT_PATH}`);
  });

  it('the end-session step without a sign-out of this browser goes home, not to the IdP', async () => {
    for (const headers of [{}, { Cookie: `${SIGN_OUT_COOKIE}=${'A'.repeat(43)}` }] as Record<string, string>[]) {
      const res = await app.request(END_SESSION_PATH, { headers });
      expect(res.status).toBe(303);
      expect(res.headers.get('Location')).toBe('/');
    }
  });

  it('the same browser signing in again ends its previous session (no pile of live sessions)', async () => {
    const first = await signInAs('agent.one');
    idp.signInAs('viewer.one');
    const start = await app.request('/gateway/login');
    const login = cookieOf(start, LOGIN_COOKIE);
    const callbackPath = await throughIdp(start.headers.get('Location') ?? '');
    const callback = await app.request(callbackPath, { headers: { Cookie: `${LOGIN_COOKIE}=${login?.value}; ${SESSION_COOKIE}=${first.session}` } });
    expect(callback.status).toBe(303);
    const second = cookieOf(callback, SESSION_COOKIE)?.value;
    expect(second).not.toBe(first.session);
    expect((await app.request('/gateway/session', withSession(first.session))).status).toBe(401);
    expect(signedOut).toContain(store.keyOf(first.session ?? ''));
    expect(await (await app.request('/gateway/session', withSession(second))).json()).toMatchObject({ subject: 'viewer.one' });
  });

  it('re-reads the roles at each refresh: a viewer now, then no role at all (the session ends)', async () => {
    testAccounts['agent.changing'] = { name: 'Kim Wechsel', groups: ['desk-agent'] };
    const { session } = await signInAs('agent.changing');
    const refresh = () => app.request('/gateway/session/refresh', withSession(session, { method: 'POST' }));
    expect(await (await refresh()).json()).toMatchObject({ roles: ['agent'], canWrite: true });
    testAccounts['agent.changing'] = { name: 'Kim Wechsel', groups: ['desk-viewer'] };
    expect(await (await refresh()).json()).toMatchObject({ roles: ['viewer'], canWrite: false });
    // An IdP that sends no ID token on refresh: the roles come from userinfo.
    testAccounts['agent.changing'] = { name: 'Kim Wechsel', groups: ['desk-agent'] };
    idp.forgeNextIdToken(async () => '');
    expect(await (await refresh()).json()).toMatchObject({ roles: ['agent'], canWrite: true });
    testAccounts['agent.changing'] = { name: 'Kim Wechsel', groups: ['staff'] };
    idp.forgeNextIdToken(async () => '');
    expect((await refresh()).status).toBe(401);
    expect(await store.read(session ?? '')).toBeUndefined();
  });
});

describe("the sign-in's ID token (the OpenID relying-party tests), each forged one refused with no session", () => {
  const resign = (change: (claims: JWTPayload) => JWTPayload) => async (idToken: string) => signAs(idp, change(claimsOf(idToken)));
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  it.each<[string, (idToken: string) => Promise<string>]>([
    ['a wrong issuer', resign((c) => ({ ...c, iss: 'http://127.0.0.1:9' }))],
    ['a wrong audience', resign((c) => ({ ...c, aud: 'another-client' }))],
    ['alg none', async (idToken) => `${b64({ alg: 'none' })}.${idToken.split('.')[1]}.`],
    [
      'a bad signature (another key under the same kid)',
      async (idToken) => {
        const { privateKey } = await generateKeyPair('RS256');
        return signAs({ privateKey, kid: idp.kid }, claimsOf(idToken));
      },
    ],
    ['no sub', resign(({ sub: _sub, ...c }) => c)],
    ['a nonce not the one sent', resign((c) => ({ ...c, nonce: 'another-nonce' }))],
    ['an expired one', resign((c) => ({ ...c, iat: Math.floor(Date.now() / 1000) - 3600, exp: Math.floor(Date.now() / 1000) - 1800 }))],
  ])('%s', async (_what, forge) => {
    idp.forgeNextIdToken(forge);
    const { callback } = await signInThrough((path, init) => app.request(path, init), idp, ORIGIN, 'agent.one');
    expect(callback.status).toBe(400);
    expect(cookieOf(callback, SESSION_COOKIE)).toBeUndefined();
  });

  it('the same re-signing with nothing changed is accepted (the forgeries fail for what they change)', async () => {
    idp.forgeNextIdToken(resign((c) => c));
    const { callback } = await signInThrough((path, init) => app.request(path, init), idp, ORIGIN, 'agent.one');
    expect(callback.status).toBe(303);
  });
});

describe('when things go wrong around the session', () => {
  it('sign-out while the store is down still clears the cookie (503, the session ends at its idle end)', async () => {
    const { session } = await signInAs('agent.one');
    const broken = new Hono();
    addSignInRoutes(broken, {
      publicOrigin: ORIGIN,
      oidc: { issuer: idp.issuer, clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET, scope: 'openid' },
      roles: { claim: 'groups', agent: ['desk-agent'], viewer: [] },
      store: { ...store, remove: async () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379')) },
      log: () => {},
    });
    const res = await broken.request('/gateway/logout', withSession(session, { method: 'POST' }));
    expect(res.status).toBe(503);
    expect(cookieOf(res, SESSION_COOKIE)?.attributes).toMatchObject({ 'max-age': '0' });
    expect(JSON.stringify(await res.json())).not.toMatch(/6379|ECONNREFUSED/);
  });

  it(`sign-in starts are limited per instance (${SIGN_IN_BURST} at once, then ${SIGN_IN_STARTS_PER_SECOND} a second): a flood does not push out a real sign-in`, async () => {
    const clock = { t: Date.now() };
    const flooded = new Hono();
    const memory = createSessionStore({ secret: 'a session secret of at least 32 characters', idleSeconds: 1800, absoluteSeconds: 36000, now: () => clock.t });
    addSignInRoutes(flooded, {
      publicOrigin: ORIGIN,
      oidc: { issuer: idp.issuer, clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET, scope: 'openid profile offline_access' },
      roles: { claim: 'groups', agent: ['desk-agent'], viewer: ['desk-viewer'] },
      store: memory,
      log: () => {},
      now: () => clock.t,
    });
    // A real agent starts signing in, and is at the IdP while the flood comes.
    idp.signInAs('agent.one');
    const real = await flooded.request('/gateway/login?returnTo=/tickets');
    const login = cookieOf(real, LOGIN_COOKIE);
    const callbackPath = await throughIdp(real.headers.get('Location') ?? '');
    // Past the memory store's 10,000 transactions: without the limit, the real one would be pushed out.
    const statuses = new Map<number, number>();
    for (let i = 0; i < 10_050; i += 1) {
      const status = (await flooded.request('/gateway/login')).status;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 302: SIGN_IN_BURST - 1, 429: 10_050 - SIGN_IN_BURST + 1 });
    const busy = await flooded.request('/gateway/login');
    expect(busy.headers.get('Retry-After')).toBe('5');
    expect(await busy.text()).toContain('Too many sign-ins just now');
    // A second later, SIGN_IN_STARTS_PER_SECOND more are let in, and no more.
    clock.t += 1000;
    const next = await Promise.all(Array.from({ length: SIGN_IN_STARTS_PER_SECOND + 1 }, () => flooded.request('/gateway/login')));
    expect(next.map((r) => r.status)).toEqual([...Array<number>(SIGN_IN_STARTS_PER_SECOND).fill(302), 429]);
    const done = await flooded.request(callbackPath, { headers: { Cookie: `${LOGIN_COOKIE}=${login?.value}` } });
    expect(done.status).toBe(303);
    expect(done.headers.get('Location')).toBe('/tickets');
  }, 60_000);

});
