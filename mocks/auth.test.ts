// @vitest-environment node
/** Credentials at the mocked service: any bearer token without an issuer; with one, only its valid JWTs for our API. */
import { createHash } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload, type CryptoKey } from 'jose';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorMessage } from '../src/domain/error';
import { createMockServer } from './node';
import { authFromEnvironment, startHttpServer, SEEN_TOKENS_PATH } from './server/http';

const ISSUER = 'https://login.example.test';
const AUDIENCE = 'https://api.example.test/tmf-api/troubleTicket/v5';
const LIST = 'http://localhost/tmf-api/troubleTicket/v5/troubleTicket?limit=1';

let signingKey: CryptoKey;
let publicJwk: JWK;
let otherKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  signingKey = pair.privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' };
  otherKey = (await generateKeyPair('RS256')).privateKey;
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** An access token as the provider issues it; `overrides` bend one claim, `key`/`kid` the signature. */
async function accessToken({ claims = {}, key = signingKey, kid = 'key-1' }: { claims?: JWTPayload; key?: CryptoKey; kid?: string } = {}) {
  return new SignJWT({ client_id: 'trouble-ticket-desk', scope: 'tickets', ...claims })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid })
    .setIssuer((claims.iss as string | undefined) ?? ISSUER)
    .setAudience((claims.aud as string | undefined) ?? AUDIENCE)
    .setSubject('agent.one')
    .setIssuedAt(nowSeconds() - 60)
    .setExpirationTime((claims.exp as number | undefined) ?? nowSeconds() + 300)
    .sign(key);
}

const fingerprint = (token: string) => createHash('sha256').update(token).digest('base64url');

function unsigned(payload: JWTPayload): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;
}

describe('with an issuer configured', () => {
  // No key set given: the service fetches <issuer>/jwks, answered here as the provider would.
  const remote = createMockServer({ auth: { issuer: ISSUER, audience: AUDIENCE } });

  beforeAll(() => {
    remote.server.listen({ onUnhandledRequest: 'error' });
    remote.server.use(http.get(`${ISSUER}/jwks`, () => HttpResponse.json({ keys: [publicJwk] })));
  });
  afterEach(() => remote.authorizer.clearSeen());
  afterAll(() => remote.server.close());

  const get = (token?: string) => fetch(LIST, { headers: token ? { Authorization: `Bearer ${token}` } : {} });

  it('accepts a valid JWT (keys from <issuer>/jwks) and records its claims, not the token', async () => {
    const token = await accessToken();
    const response = await get(token);
    expect(response.status).toBe(200);
    expect(remote.authorizer.seen()).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/tmf-api/troubleTicket/v5/troubleTicket',
        accepted: true,
        verified: true,
        subject: 'agent.one',
        issuer: ISSUER,
        audience: AUDIENCE,
        clientId: 'trouble-ticket-desk',
        scope: 'tickets',
        fingerprint: fingerprint(token),
      }),
    ]);
    expect(JSON.stringify(remote.authorizer.seen())).not.toContain(token);
  });

  it.each([
    ['a forged signature (another key, same kid)', () => accessToken({ key: otherKey }), 'signature', /signature of the access token does not verify/],
    ['a key the issuer does not publish', () => accessToken({ kid: 'key-9' }), 'unknownKey', /key the issuer does not publish/],
    ['another issuer', () => accessToken({ claims: { iss: 'https://evil.example.test' } }), 'issuer', /issued by someone else/],
    ['another audience', () => accessToken({ claims: { aud: 'https://other-api.example.test' } }), 'audience', /not meant for this service/],
    ['an expired token', () => accessToken({ claims: { exp: nowSeconds() - 1 } }), 'expired', /has expired/],
    ['an unsigned token (alg none)', async () => unsigned({ iss: ISSUER, aud: AUDIENCE, sub: 'agent.one', exp: nowSeconds() + 300 }), 'malformed', /not a signed JWT/],
    ['something that is not a JWT', async () => 'demo-token', 'malformed', /not a signed JWT/],
  ])('refuses %s: 401 ErrorMessage saying why, invalid_token challenge', async (_what, make, reason, words) => {
    const token = await make();
    const response = await get(token);
    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toMatch(/^Bearer error="invalid_token"/);
    const body = (await response.json()) as ErrorMessage;
    expect(body).toMatchObject({ '@type': 'Error', code: 'unauthorized', reason: 'Unauthorized', status: '401' });
    expect(body.message).toMatch(words);
    expect(remote.authorizer.seen()).toEqual([expect.objectContaining({ accepted: false, verified: true, reason })]);
  });

  it('refuses a request without a token before looking at anything else', async () => {
    const response = await fetch('http://localhost/tmf-api/troubleTicket/v5/troubleTicket/TT-000001', { method: 'DELETE' });
    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toBe('Bearer');
    expect(remote.authorizer.seen()).toEqual([expect.objectContaining({ accepted: false, reason: 'missing' })]);
  });
});

describe('without an issuer', () => {
  const open = createMockServer();
  beforeAll(() => open.server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => open.server.close());

  it('accepts any bearer token, unverified, and still refuses none', async () => {
    expect((await fetch(LIST, { headers: { Authorization: 'Bearer demo' } })).status).toBe(200);
    expect((await fetch(LIST)).status).toBe(401);
    expect(open.authorizer.seen().map((s) => [s.accepted, s.verified, s.reason])).toEqual([
      [true, false, undefined],
      [false, false, 'missing'],
    ]);
  });
});

describe('the HTTP server', () => {
  it('verifies with a local key set and lists what it saw at the test-only seen-tokens path', async () => {
    const running = await startHttpServer({ port: 0, auth: { issuer: ISSUER, audience: AUDIENCE, jwks: { keys: [publicJwk] } }, testHooks: true });
    try {
      const token = await accessToken();
      const asTest = { headers: { Authorization: `Bearer ${token}` } };
      const base = `${running.url}/tmf-api/troubleTicket/v5`;
      expect((await fetch(`${base}/troubleTicket?limit=1`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
      expect((await fetch(`${base}/cancelProductOrder`, { headers: { Authorization: 'Bearer forged' } })).status).toBe(401);

      // The test route asks for the same credentials, and is not itself listed.
      expect((await fetch(`${running.url}${SEEN_TOKENS_PATH}`)).status).toBe(401);
      const seen = await (await fetch(`${running.url}${SEEN_TOKENS_PATH}`, asTest)).json();
      expect(seen).toEqual([
        expect.objectContaining({ path: '/tmf-api/troubleTicket/v5/troubleTicket', accepted: true, subject: 'agent.one', fingerprint: fingerprint(token) }),
        expect.objectContaining({ path: '/tmf-api/troubleTicket/v5/cancelProductOrder', accepted: false, reason: 'malformed' }),
      ]);
      expect((await fetch(`${running.url}${SEEN_TOKENS_PATH}`, { method: 'DELETE', ...asTest })).status).toBe(200);
      expect(await (await fetch(`${running.url}${SEEN_TOKENS_PATH}`, asTest)).json()).toEqual([]);
    } finally {
      await running.close();
    }
  });

  it('takes the issuer from MOCK_OIDC_* and insists on an audience with it', () => {
    expect(authFromEnvironment({})).toBeUndefined();
    expect(authFromEnvironment({ MOCK_OIDC_ISSUER: ISSUER, MOCK_OIDC_AUDIENCE: AUDIENCE })).toEqual({ issuer: ISSUER, audience: AUDIENCE });
    expect(authFromEnvironment({ MOCK_OIDC_ISSUER: ISSUER, MOCK_OIDC_AUDIENCE: AUDIENCE, MOCK_OIDC_JWKS_URI: `${ISSUER}/keys` })).toMatchObject({
      jwksUri: `${ISSUER}/keys`,
    });
    expect(() => authFromEnvironment({ MOCK_OIDC_ISSUER: ISSUER })).toThrow(/MOCK_OIDC_AUDIENCE/);
  });
});
