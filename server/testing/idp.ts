// oidc-provider ships no types; the dev provider's ambient declaration covers what this file uses.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../dev/oidc/oidc-provider.d.ts" />
/**
 * For the gateway's tests only: panva's oidc-provider with one confidential client of the gateway's (code + PKCE,
 * client_secret_basic, rotated refresh tokens, groups in the ID token), and an interaction that signs in whichever
 * account the test names next, so plain fetch can walk the redirects. TEST-ONLY secret.
 */
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload, type JWK } from 'jose';
import type { Server } from 'node:http';
import Provider, { type KoaContext, type Next, type OidcContext } from 'oidc-provider';
import type { GatewayAppOptions } from '../gateway/app';
import { freePort } from './processes';

export const TEST_CLIENT_ID = 'desk-gateway-test';
export const TEST_CLIENT_SECRET = 'gateway-test-secret-not-for-anything-real';

/**
 * An in-process gateway's settings for tests: signs in at the test IdP at `issuer`, the desk's two roles, and an API
 * base nothing answers at (the tests that need the provider pass their own `fetch`).
 */
export function testGatewaySettings(origin: string, issuer: string, api: { baseUrl?: string; path?: string } = {}, staticDir?: string): GatewayAppOptions['settings'] {
  const path = api.path ?? '/tmf-api/troubleTicket/v5';
  return {
    publicOrigin: origin,
    oidc: { issuer, clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET, scope: 'openid profile offline_access' },
    roles: { claim: 'groups', agent: ['desk-agent'], viewer: ['desk-viewer'] },
    api: { baseUrl: api.baseUrl ?? `http://127.0.0.1:9${path}`, path, timeoutMs: 5000, maxResponseBytes: 1024 * 1024 },
    staticDir,
    listener: { listenerAuth: undefined, bufferSize: 100, testHooks: false, subscriberMaxBytes: 1024 * 1024 },
  };
}

export const testAccounts: Record<string, { name: string; groups: string[] }> = {
  'agent.one': { name: 'Jana Schmidt', groups: ['desk-agent'] },
  'viewer.one': { name: 'Petra Vogel', groups: ['desk-viewer', 'staff'] },
  'nobody.one': { name: 'Max Muster', groups: ['staff'] },
};

export type TestIdp = {
  issuer: string;
  /** The account the next sign-in interaction completes as. */
  signInAs(username: string): void;
  /** Token grants the IdP has answered, by grant type (to see a refresh reach it). */
  grants: string[];
  /** The IdP's signing key (RS256, published at its jwks_uri): tests sign logout tokens and forged ID tokens with it. */
  privateKey: CryptoKey;
  kid: string;
  /** The next token response's ID token is replaced by what this makes of it (the OpenID RP test plan's forgeries). */
  forgeNextIdToken(forge: (idToken: string) => Promise<string>): void;

  close(): Promise<void>;
};

export async function startTestIdp(gatewayOrigin: string): Promise<TestIdp> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  let next = 'agent.one';
  const grants: string[] = [];
  let forge: ((idToken: string) => Promise<string>) | undefined;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = `test-${randomBytes(4).toString('hex')}`;
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  const provider = new Provider(issuer, {
    jwks: { keys: [jwk] },
    clients: [
      {
        client_id: TEST_CLIENT_ID,
        client_secret: TEST_CLIENT_SECRET,
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${gatewayOrigin}/gateway/callback`],
        post_logout_redirect_uris: [`${gatewayOrigin}/`, `${gatewayOrigin}/gateway/signed-out`],
        // Back-channel logout (sid in the ID token); nothing listens at gatewayOrigin in unit tests, which is fine.
        backchannel_logout_uri: `${gatewayOrigin}/gateway/backchannel-logout`,
        backchannel_logout_session_required: true,
      },
    ],
    cookies: { keys: [randomBytes(32).toString('hex')] },
    findAccount: async (_ctx: KoaContext, id: string) => {
      const account = testAccounts[id];
      return account && { accountId: id, claims: async () => ({ sub: id, name: account.name, groups: account.groups }) };
    },
    claims: { openid: ['sub', 'groups'], profile: ['name'] },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true, allowedPolicy: async (_ctx: KoaContext, c: { clientId: string }, token: { clientId: string }) => token.clientId === c.clientId },
      rpInitiatedLogout: { enabled: true },
      backchannelLogout: { enabled: true },
    },
    ttl: { AccessToken: 300, AuthorizationCode: 60, IdToken: 300, Interaction: 600, Session: 3600, Grant: 3600, RefreshToken: 3600 },
    loadExistingGrant: async (ctx: KoaContext) => {
      const oidc = ctx.oidc as OidcContext;
      const grant = new oidc.provider.Grant({ accountId: oidc.session.accountId, clientId: TEST_CLIENT_ID });
      grant.addOIDCScope('openid profile offline_access');
      grant.addOIDCClaims(['name', 'groups']);
      await grant.save();
      return grant;
    },
    issueRefreshToken: async () => true,
    rotateRefreshToken: () => true,
    interactions: { url: async (_ctx: KoaContext, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
  });
  provider.on('grant.success', (ctx: unknown) => grants.push(String((ctx as { oidc: { params: { grant_type?: string } } }).oidc.params.grant_type)));
  provider.use(async (ctx: KoaContext, nextMiddleware: Next) => {
    if (ctx.path !== '/token' || !forge) return nextMiddleware();
    const forgery = forge;
    forge = undefined;
    await nextMiddleware();
    const body = ctx.body as { id_token?: string } | undefined;
    if (body?.id_token) {
      const { id_token: idToken, ...rest } = body;
      const forged = await forgery(idToken);
      // An empty forgery drops the ID token (an IdP that sends none on refresh).
      ctx.body = forged ? { ...rest, id_token: forged } : rest;
    }
  });
  provider.use(async (ctx: KoaContext, nextMiddleware: Next) => {
    if (!ctx.path.startsWith('/interaction/')) return nextMiddleware();
    const to = await provider.interactionResult(ctx.req, ctx.res, { login: { accountId: next } }, { mergeWithLastSubmission: false });
    ctx.status = 303;
    ctx.redirect(to);
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = provider.listen(port, '127.0.0.1', () => resolve(listening));
  });
  return {
    issuer,
    signInAs: (username) => {
      next = username;
    },
    grants,
    privateKey,
    kid,
    forgeNextIdToken: (f) => {
      forge = f;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** One Set-Cookie of a response, split into its value and its attributes (lower-cased names). */
export function cookieOf(res: Response, name: string) {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!line) return undefined;
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  return {
    value: pair.slice(name.length + 1),
    attributes: Object.fromEntries(attributes.map((a) => [a.split('=')[0]?.toLowerCase() ?? '', a.split('=')[1] ?? true])),
  };
}

/** Follows the IdP's redirects (keeping its cookies) until it sends the browser back to `origin`; that path. */
export async function throughIdp(start: string, origin: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = start;
  for (let hops = 0; !url.startsWith(origin); hops += 1) {
    if (hops > 10) throw new Error('The IdP did not send the browser back');
    const res = await fetch(url, { redirect: 'manual', headers: { Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    const location = res.headers.get('Location');
    if (!location) throw new Error(`The IdP answered ${res.status} without a redirect at ${url}`);
    url = new URL(location, url).href;
  }
  return url.slice(origin.length);
}

type Requester = (path: string, init?: RequestInit) => Response | Promise<Response>;

/** The whole sign-in as a browser walks it: /gateway/login, the IdP, /gateway/callback; the responses and cookies. */
export async function signInThrough(request: Requester, idp: TestIdp, origin: string, username = 'agent.one', returnTo = '/tickets/TT-1') {
  idp.signInAs(username);
  const start = await request(`/gateway/login?returnTo=${encodeURIComponent(returnTo)}`);
  const login = cookieOf(start, '__Host-ttd-login');
  const callbackPath = await throughIdp(start.headers.get('Location') ?? '', origin);
  const callback = await request(callbackPath, { headers: { Cookie: `__Host-ttd-login=${login?.value}` } });
  return { start, login, callbackPath, callback, session: cookieOf(callback, '__Host-ttd-session')?.value };
}

/** The claims of a JWT, unchecked (tests only). */
export const claimsOf = (jwt: string): JWTPayload => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as JWTPayload;

/** Signs claims as the test IdP does (RS256 with its key and kid), or as told. */
export async function signAs(idp: Pick<TestIdp, 'privateKey' | 'kid'>, claims: JWTPayload, header: Record<string, unknown> = {}): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: idp.kid, ...header }).sign(idp.privateKey);
}
