/**
 * Back-channel logout (OpenID Connect Back-Channel Logout 1.0) at the gateway, against a real IdP's keys: the forged
 * logout tokens of the OpenID Foundation's back-channel RP tests are each refused, and a good one ends the session by
 * `sid`, or every session of the account by `sub`, with its streams.
 */
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogLine } from '../listener/log';
import { BACK_CHANNEL_LOGOUT_PATH, LOGOUT_EVENT, LOGOUT_TOKEN_MAX_AGE_SECONDS } from './back-channel-logout';
import { createSessionStore, type SessionStore } from './sessions';
import { addSignInRoutes, SESSION_COOKIE } from './sign-in';
import { claimsOf, signAs, signInThrough, startTestIdp, TEST_CLIENT_ID, TEST_CLIENT_SECRET, type TestIdp } from '../testing/idp';

const ORIGIN = 'http://127.0.0.1:5224';
let idp: TestIdp;
let app: Hono;
let store: SessionStore;
const signedOut: string[] = [];
const lines: LogLine[] = [];

beforeAll(async () => {
  idp = await startTestIdp(ORIGIN);
  store = createSessionStore({ secret: 'a session secret of at least 32 characters', idleSeconds: 1800, absoluteSeconds: 36000 });
  app = new Hono();
  addSignInRoutes(app, {
    publicOrigin: ORIGIN,
    oidc: { issuer: idp.issuer, clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET, scope: 'openid profile offline_access' },
    roles: { claim: 'groups', agent: ['desk-agent'], viewer: ['desk-viewer'] },
    store,
    log: (line) => lines.push(line),
    onSignedOut: (key) => signedOut.push(key),
  });
}, 30_000);

afterAll(async () => {
  await idp?.close();
});

async function signIn(username = 'agent.one') {
  const { session } = await signInThrough((path, init) => app.request(path, init), idp, ORIGIN, username);
  if (!session) throw new Error('no session');
  const record = await store.read(session);
  return { session, sid: record?.sid ?? '', sub: record?.subject ?? '' };
}

const now = () => Math.floor(Date.now() / 1000);
const goodClaims = (at: { sid?: string; sub?: string }): JWTPayload => ({
  iss: idp.issuer,
  aud: TEST_CLIENT_ID,
  iat: now(),
  exp: now() + 120,
  jti: randomBytes(12).toString('base64url'),
  events: { [LOGOUT_EVENT]: {} },
  ...at,
});
const post = (body: BodyInit, contentType = 'application/x-www-form-urlencoded') =>
  app.request(BACK_CHANNEL_LOGOUT_PATH, { method: 'POST', headers: { 'Content-Type': contentType }, body });
const logOut = (token: string) => post(new URLSearchParams({ logout_token: token }).toString());
const alive = async (session: string) => (await app.request('/gateway/session', { headers: { Cookie: `${SESSION_COOKIE}=${session}` } })).status === 200;
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('a session signed in through the IdP', () => {
  it("carries the IdP's sid from the ID token (oidc-provider sends it to a client with backchannel_logout_session_required)", async () => {
    const { sid } = await signIn();
    expect(sid).toMatch(/^[A-Za-z0-9_-]{10,}$/);
  });
});

describe('forged logout tokens (the OpenID back-channel RP tests)', () => {
  type Forge = (at: { sid: string; sub: string }) => Promise<string>;
  const withClaims = (change: (claims: JWTPayload) => JWTPayload): Forge => async (at) => signAs(idp, change(goodClaims(at)));
  const cases: [string, Forge][] = [
    ['alg none (unsigned)', async (at) => `${b64({ alg: 'none', typ: 'logout+jwt' })}.${b64(goodClaims(at))}.`],
    [
      'HS256 keyed with the published public key',
      async (at) => {
        const publicJwk = await exportJWK(idp.privateKey).then(({ n, e, kty }) => ({ n, e, kty }));
        return new SignJWT(goodClaims(at)).setProtectedHeader({ alg: 'HS256', kid: idp.kid }).sign(new TextEncoder().encode(JSON.stringify(publicJwk)));
      },
    ],
    [
      'a bad signature (another key under the same kid)',
      async (at) => {
        const { privateKey } = await generateKeyPair('RS256');
        return signAs({ privateKey, kid: idp.kid }, goodClaims(at));
      },
    ],
    ['a wrong aud', withClaims((c) => ({ ...c, aud: 'another-client' }))],
    ['a wrong iss', withClaims((c) => ({ ...c, iss: 'http://127.0.0.1:9/' }))],
    ['no events', withClaims(({ events: _events, ...c }) => c)],
    ['events without the back-channel logout event', withClaims((c) => ({ ...c, events: { 'http://schemas.openid.net/event/other': {} } }))],
    ['the logout event not an object', withClaims((c) => ({ ...c, events: { [LOGOUT_EVENT]: 'yes' } }))],
    ['a nonce (an ID token is no logout token)', withClaims((c) => ({ ...c, nonce: 'n-0S6_WzA2Mj' }))],
    ['neither sub nor sid', withClaims(({ sub: _sub, sid: _sid, ...c }) => c)],
    ['no jti', withClaims(({ jti: _jti, ...c }) => c)],
    ['no iat', withClaims(({ iat: _iat, ...c }) => c)],
    ['an iat older than the bound (by one second)', withClaims((c) => ({ ...c, iat: now() - LOGOUT_TOKEN_MAX_AGE_SECONDS - 31, exp: now() + 60 }))],
    ['an iat in the future beyond the clock tolerance', withClaims((c) => ({ ...c, iat: now() + 60 }))],
    ['an exp in the past', withClaims((c) => ({ ...c, iat: now() - 100, exp: now() - 40 }))],
  ];
  it.each(cases)('refuses %s: 400 invalid_request, no-store, and the session lives on', async (_what, forge) => {
    const { session, sid, sub } = await signIn();
    const res = await logOut(await forge({ sid, sub }));
    expect(res.status).toBe(400);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ error: 'invalid_request' });
    expect(await alive(session)).toBe(true);
  });

  it('refuses a replayed jti: the first use ends the session, the second is refused', async () => {
    const { session, sid, sub } = await signIn();
    const token = await signAs(idp, goodClaims({ sid, sub }));
    expect((await logOut(token)).status).toBe(200);
    expect(await alive(session)).toBe(false);
    const second = await signIn();
    // The same token again (a replay), aimed at nothing new, is refused before anything is looked up.
    expect((await logOut(token)).status).toBe(400);
    expect(await alive(second.session)).toBe(true);
  });

  it.each([
    ['no body', ''],
    ['two logout_token fields', 'logout_token=a&logout_token=b'],
    ['a JSON body', JSON.stringify({ logout_token: 'x' }), 'application/json'],
    ['a body over 16 KiB', `logout_token=${'a'.repeat(16 * 1024)}`],
  ])('refuses %s with 400', async (_what, body, type = 'application/x-www-form-urlencoded') => {
    const res = await post(body, type);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe('a good logout token', () => {
  it('ends the session its sid names (and no other of the account), with its streams: 200, no-store', async () => {
    const named = await signIn('agent.one');
    const other = await signIn('agent.one');
    expect(named.sid).not.toBe(other.sid);
    const res = await logOut(await signAs(idp, goodClaims({ sid: named.sid, sub: named.sub }), { typ: 'logout+jwt' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await alive(named.session)).toBe(false);
    expect(await alive(other.session)).toBe(true);
    expect(signedOut).toContain(store.keyOf(named.session));
  });

  it('with sub only, ends every session of that account and none of another', async () => {
    const first = await signIn('viewer.one');
    const second = await signIn('viewer.one');
    const bystander = await signIn('agent.one');
    const res = await logOut(await signAs(idp, goodClaims({ sub: 'viewer.one' })));
    expect(res.status).toBe(200);
    expect(await alive(first.session)).toBe(false);
    expect(await alive(second.session)).toBe(false);
    expect(await alive(bystander.session)).toBe(true);
  });

  it('with a sid and a sub that do not belong together, ends nothing', async () => {
    const agent = await signIn('agent.one');
    expect((await logOut(await signAs(idp, goodClaims({ sid: agent.sid, sub: 'viewer.one' })))).status).toBe(200);
    expect(await alive(agent.session)).toBe(true);
  });

  it('is accepted up to the age bound (the other side of the iat case)', async () => {
    const { session, sid } = await signIn();
    const res = await logOut(await signAs(idp, { ...goodClaims({ sid }), iat: now() - LOGOUT_TOKEN_MAX_AGE_SECONDS - 25 }));
    expect(res.status).toBe(200);
    expect(await alive(session)).toBe(false);
  });

  it("is what the IdP itself sends: its claims as the provider's own ID tokens carry them", async () => {
    const { session } = await signIn();
    const record = await store.read(session);
    const idToken = claimsOf(record?.idToken ?? '');
    expect(idToken).toMatchObject({ iss: idp.issuer, aud: TEST_CLIENT_ID, sid: record?.sid });
  });
});
