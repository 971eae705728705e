// @vitest-environment node
/**
 * The dev OpenID provider driven over HTTP as a browser would: PKCE is required (S256 only), the sign-in form checks
 * the test agents, the code becomes a JWT access token for the API resource that the mocked service accepts, and the
 * refresh token renews it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SCOPE, DEV_CLIENT_ID, startDevProvider, type RunningProvider } from '../dev/oidc/provider';
import { createAuthorizer } from '../server/auth';

const APP = 'http://127.0.0.1:49999';
const RESOURCE = 'http://127.0.0.1:49998/tmf-api/troubleTicket/v5';
const REDIRECT_URI = `${APP}/auth/callback`;

let provider: RunningProvider;
beforeAll(async () => {
  provider = await startDevProvider({ port: 0, appOrigins: [APP], resource: RESOURCE, accessTokenTtlSeconds: 120 });
});
afterAll(() => provider.close());

/** A browser's cookies for the provider, enough for its interaction and session cookies. */
function browser() {
  const jar = new Map<string, string>();
  return async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    return response;
  };
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

function pkce() {
  const verifier = base64url(randomBytes(32));
  return { verifier, challenge: base64url(createHash('sha256').update(verifier).digest()) };
}

function authorizeUrl(params: Record<string, string>): string {
  const url = new URL(`${provider.issuer}/auth`);
  const defaults = { client_id: DEV_CLIENT_ID, redirect_uri: REDIRECT_URI, response_type: 'code', scope: `openid profile ${API_SCOPE}`, state: 'st-1', resource: RESOURCE };
  for (const [key, value] of Object.entries({ ...defaults, ...params })) if (value !== '') url.searchParams.set(key, value);
  return url.href;
}

const location = (response: Response) => new URL(response.headers.get('location') ?? '', provider.issuer);

/** Follows redirects on the provider until it sends the browser back to the app. */
async function followToApp(get: ReturnType<typeof browser>, response: Response): Promise<URL> {
  let current = response;
  for (let hops = 0; hops < 10; hops++) {
    const next = location(current);
    if (next.origin === APP) return next;
    current = await get(next.href);
  }
  throw new Error('too many redirects');
}

async function signIn(username: string, password: string, challenge: string) {
  const get = browser();
  const toInteraction = await get(authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256' }));
  const interaction = location(toInteraction);
  expect(interaction.pathname).toMatch(/^\/interaction\//);
  const form = await get(interaction.href);
  const posted = await get(`${interaction.href}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }).toString(),
  });
  return { get, form, posted };
}

async function token(body: Record<string, string>) {
  const response = await fetch(`${provider.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: APP },
    body: new URLSearchParams({ client_id: DEV_CLIENT_ID, ...body }).toString(),
  });
  return { status: response.status, cors: response.headers.get('access-control-allow-origin'), json: (await response.json()) as Record<string, string> };
}

describe('the dev OpenID provider', () => {
  it('signs a test agent in with code + PKCE and issues a JWT access token for the API that the mocked service accepts', async () => {
    const { verifier, challenge } = pkce();
    const { get, form, posted } = await signIn('agent.one', 'agent-one-test', challenge);
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toContain('<label for="username">Username</label>');
    expect(html).toContain('<label for="password">Password</label>');

    const back = await followToApp(get, posted);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('st-1');
    const code = back.searchParams.get('code') ?? '';

    const tokens = await token({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT_URI });
    expect(tokens.status).toBe(200);
    expect(tokens.cors).toBe(APP);
    expect(tokens.json).toMatchObject({ token_type: 'Bearer', expires_in: 120, scope: API_SCOPE });
    expect(tokens.json.refresh_token).toBeTruthy();

    expect(decodeProtectedHeader(tokens.json.access_token!)).toMatchObject({ typ: 'at+jwt', alg: 'RS256' });
    const { payload } = await jwtVerify(tokens.json.access_token!, createRemoteJWKSet(new URL(`${provider.issuer}/jwks`)), {
      issuer: provider.issuer,
      audience: RESOURCE,
    });
    expect(payload).toMatchObject({ sub: 'agent.one', client_id: DEV_CLIENT_ID, scope: API_SCOPE });
    expect(decodeJwt(tokens.json.id_token!)).toMatchObject({ sub: 'agent.one', name: 'Jana Schmidt', preferred_username: 'agent.one' });

    const service = createAuthorizer({ issuer: provider.issuer, audience: RESOURCE });
    const request = (t: string) => new Request(`${RESOURCE}/troubleTicket`, { headers: { Authorization: `Bearer ${t}` } });
    expect(await service.authorize(request(tokens.json.access_token!))).toBeUndefined();
    // The ID token is for the app, not the API: the service refuses it (audience).
    expect((await service.authorize(request(tokens.json.id_token!)))?.status).toBe(401);

    const renewed = await token({ grant_type: 'refresh_token', refresh_token: tokens.json.refresh_token! });
    expect(renewed.status).toBe(200);
    expect(renewed.json.access_token).not.toBe(tokens.json.access_token);
    expect(await service.authorize(request(renewed.json.access_token!))).toBeUndefined();
  });

  it('refuses a wrong password with words on the form, and a code without its verifier', async () => {
    const { challenge } = pkce();
    const { posted } = await signIn('agent.two', 'wrong', challenge);
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain('The username or password is not right.');

    const { verifier: _unused, challenge: other } = pkce();
    const ok = await signIn('agent.two', 'agent-two-test', other);
    const code = (await followToApp(ok.get, ok.posted)).searchParams.get('code') ?? '';
    const refused = await token({ grant_type: 'authorization_code', code, code_verifier: pkce().verifier, redirect_uri: REDIRECT_URI });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe('invalid_grant');
  });

  it.each([
    ['no code_challenge', { code_challenge: '', code_challenge_method: '' }],
    ['the plain method', { code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' }],
  ])('refuses an authorization request with %s', async (_what, params) => {
    const response = await browser()(authorizeUrl(params));
    const back = location(response);
    expect(back.origin).toBe(APP);
    expect(back.searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses a redirect URI that is not the app’s', async () => {
    const response = await browser()(authorizeUrl({ redirect_uri: 'https://evil.example/auth/callback', code_challenge: pkce().challenge, code_challenge_method: 'S256' }));
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });
});
