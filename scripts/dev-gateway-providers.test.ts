// @vitest-environment node
/**
 * The gateway stack's real parts (issue 27), driven as the gateway will drive them, with openid-client: the agents'
 * provider signs a viewer in for the gateway's confidential client (code + PKCE, client_secret_basic) with `groups`
 * in the ID token and rotating refresh tokens; the token provider, a second issuer, hands the desk's company a
 * client-credentials JWT for the API; the mocked service over HTTP accepts that token only.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT, type JWK } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SCOPE, GATEWAY_CLIENT_ID, GATEWAY_CLIENT_SECRET, PROVIDER_CLIENT_ID, PROVIDER_CLIENT_SECRET } from '../dev/oidc/client';
import { freePort, startDevProvider, type RunningProvider } from '../dev/oidc/provider';
import { startTokenProvider } from '../dev/oidc/token-provider';
import { authFromEnvironment, startHttpServer, type RunningServer } from '../mocks/server/http';

// The gateway is never started here: its callback is only the address the agents' provider sends the browser back to.
const GATEWAY = 'http://127.0.0.1:49997';
const CALLBACK = `${GATEWAY}/gateway/callback`;

let agents: RunningProvider;
let tokens: RunningProvider;
let service: RunningServer;
let apiBase: string;
let keysDir: string;

beforeAll(async () => {
  keysDir = mkdtempSync(join(tmpdir(), 'ttd-gateway-providers-'));
  const apiPort = await freePort();
  apiBase = `http://127.0.0.1:${apiPort}/tmf-api/troubleTicket/v5`;
  agents = await startDevProvider({ port: 0, appOrigins: ['http://127.0.0.1:49996'], gatewayOrigins: [GATEWAY], resource: apiBase });
  tokens = await startTokenProvider({ port: 0, resources: [apiBase], keysFile: join(keysDir, 'token-provider.json') });
  // Configured as the stack configures it: through the environment's names.
  const auth = authFromEnvironment({ MOCK_OIDC_ISSUER: tokens.issuer, MOCK_OIDC_AUDIENCE: apiBase, MOCK_OIDC_CLIENT_ID: PROVIDER_CLIENT_ID });
  service = await startHttpServer({ port: apiPort, host: '127.0.0.1', auth });
});
afterAll(async () => {
  await Promise.all([agents.close(), tokens.close(), service.close()]);
  rmSync(keysDir, { recursive: true, force: true });
});

/** A browser's cookies for the provider, enough for its interaction and session cookies. */
function browser() {
  const jar = new Map<string, string>();
  return async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const cookie of response.headers.getSetCookie()) {
      const [name = '', value = ''] = (cookie.split(';')[0] ?? '').split('=');
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    return response;
  };
}

/** Signs in at the authorization URL with the form, as an agent would; answers where the provider sends the browser. */
async function signIn(authorizationUrl: URL, username: string, password: string): Promise<URL> {
  const get = browser();
  let at = new URL((await get(authorizationUrl.href)).headers.get('location') ?? '', agents.issuer);
  expect(at.pathname).toMatch(/^\/interaction\//);
  let response = await get(`${at.href}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }).toString(),
  });
  for (let hops = 0; hops < 10; hops++) {
    at = new URL(response.headers.get('location') ?? '', agents.issuer);
    if (at.origin === GATEWAY) return at;
    response = await get(at.href);
  }
  throw new Error('too many redirects');
}

const gatewayConfig = (secret = GATEWAY_CLIENT_SECRET) =>
  oidc.discovery(new URL(agents.issuer), GATEWAY_CLIENT_ID, {}, oidc.ClientSecretBasic(secret), { execute: [oidc.allowInsecureRequests] });

/** The desk's client at the token provider, set up as the contract's server/gateway/service-token.ts does. */
function deskConfig(secret = PROVIDER_CLIENT_SECRET) {
  const config = new oidc.Configuration({ issuer: tokens.issuer, token_endpoint: `${tokens.issuer}/token` }, PROVIDER_CLIENT_ID, {}, oidc.ClientSecretBasic(secret));
  oidc.allowInsecureRequests(config);
  return config;
}

async function gatewaySignIn(username: string, password: string, extra: Record<string, string> = {}) {
  const config = await gatewayConfig();
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: CALLBACK,
    scope: 'openid profile offline_access',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  const back = await signIn(url, username, password);
  const answer = await oidc.authorizationCodeGrant(config, back, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
  return { config, answer };
}

/** A failed client authentication comes back as a 401 with a Basic challenge naming the error. */
const invalidClient = { status: 401, cause: [{ scheme: 'basic', parameters: { error: 'invalid_client' } }] };

const list = (token: string) => fetch(`${apiBase}/troubleTicket?limit=1&fields=status`, { headers: { Authorization: `Bearer ${token}` } });

describe('the agents’ provider and the gateway’s confidential client', () => {
  it('signs a viewer in with code + PKCE and client_secret_basic: groups in the ID token and userinfo, a refresh token that rotates', async () => {
    const { config, answer } = await gatewaySignIn('viewer.one', 'viewer-one-test');
    expect(answer.claims()).toMatchObject({ sub: 'viewer.one', name: 'Petra Vogel', groups: ['desk-viewer'] });
    const refreshToken = answer.refresh_token ?? '';
    expect(refreshToken).not.toBe('');
    const userinfo = await oidc.fetchUserInfo(config, answer.access_token, 'viewer.one');
    expect(userinfo).toMatchObject({ sub: 'viewer.one', groups: ['desk-viewer'] });

    const renewed = await oidc.refreshTokenGrant(config, refreshToken);
    expect(renewed.refresh_token).toBeTruthy();
    expect(renewed.refresh_token).not.toBe(refreshToken);
    // The old one is spent: a stolen copy of a rotated token is refused.
    await expect(oidc.refreshTokenGrant(config, refreshToken)).rejects.toMatchObject({ error: 'invalid_grant' });

    const logout = oidc.buildEndSessionUrl(config, { id_token_hint: answer.id_token ?? '', post_logout_redirect_uri: `${GATEWAY}/` });
    expect((await fetch(logout)).status).toBe(200);
  });

  it.each([
    ['agent.one', 'agent-one-test', ['desk-agent']],
    ['agent.two', 'agent-two-test', ['desk-agent']],
  ])('gives %s (password %s) the groups %j', async (username, password, groups) => {
    const { answer } = await gatewaySignIn(username, password);
    expect(answer.claims()?.groups).toEqual(groups);
  });

  it('refuses the code exchange with a wrong secret, and an authorization request without PKCE', async () => {
    const wrong = await gatewayConfig('not-the-secret');
    const verifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(wrong, { redirect_uri: CALLBACK, scope: 'openid', code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', state: 's' });
    const back = await signIn(url, 'agent.one', 'agent-one-test');
    await expect(oidc.authorizationCodeGrant(wrong, back, { pkceCodeVerifier: verifier, expectedState: 's' })).rejects.toMatchObject(invalidClient);

    const withoutPkce = oidc.buildAuthorizationUrl(wrong, { redirect_uri: CALLBACK, scope: 'openid', state: 's' });
    const refused = new URL((await fetch(withoutPkce, { redirect: 'manual' })).headers.get('location') ?? '');
    expect(refused.origin).toBe(GATEWAY);
    expect(refused.searchParams.get('error')).toBe('invalid_request');
  });
});

describe('the token provider and the mocked service', () => {
  it('issues the desk a client-credentials JWT for the API that the service accepts', async () => {
    const answer = await oidc.clientCredentialsGrant(deskConfig(), { resource: apiBase, scope: API_SCOPE });
    expect(answer).toMatchObject({ token_type: 'bearer', expires_in: 300, scope: API_SCOPE });
    expect(decodeProtectedHeader(answer.access_token)).toMatchObject({ typ: 'at+jwt', alg: 'RS256' });
    expect(decodeJwt(answer.access_token)).toMatchObject({ iss: tokens.issuer, aud: apiBase, sub: PROVIDER_CLIENT_ID, client_id: PROVIDER_CLIENT_ID });
    expect((await list(answer.access_token)).status).toBe(200);
    // Without `resource` the API is the default.
    expect(decodeJwt((await oidc.clientCredentialsGrant(deskConfig())).access_token).aud).toBe(apiBase);
  });

  it('refuses a wrong secret and a resource it does not know', async () => {
    await expect(oidc.clientCredentialsGrant(deskConfig('not-the-secret'))).rejects.toMatchObject(invalidClient);
    await expect(oidc.clientCredentialsGrant(deskConfig(), { resource: 'http://127.0.0.1:1/elsewhere' })).rejects.toMatchObject({ error: 'invalid_target' });
  });

  it('refuses an agent’s token for the API from the agents’ provider with 401 (another issuer)', async () => {
    // The gateway's client may still ask for the API as its resource: the nearest an agent's token gets to passing.
    const { answer: forApi } = await gatewaySignIn('agent.one', 'agent-one-test', { resource: apiBase });
    expect(decodeJwt(forApi.access_token)).toMatchObject({ iss: agents.issuer, aud: apiBase, sub: 'agent.one' });
    const refused = await list(forApi.access_token);
    expect(refused.status).toBe(401);
    // Its key is the agents' provider's, which the token provider does not publish: refused before the issuer is read.
    expect(((await refused.json()) as { message: string }).message).toBe('The access token is signed with a key the issuer does not publish');
  });

  it('refuses a token of the same issuer for another client with 401', async () => {
    const [key] = (JSON.parse(readFileSync(join(keysDir, 'token-provider.json'), 'utf8')) as { keys: JWK[] }).keys;
    const other = await new SignJWT({ client_id: 'another-company' })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: key!.kid! })
      .setIssuer(tokens.issuer)
      .setAudience(apiBase)
      .setSubject('another-company')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(await importJWK(key!, 'RS256'));
    const refused = await list(other);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^The access token was issued to another client/);
  });
});
