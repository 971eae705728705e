// oidc-provider ships no types; its ambient declaration must reach every program that imports this file.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./oidc-provider.d.ts" />
/**
 * A real OpenID provider for development and end-to-end tests only (panva's oidc-provider, OpenID certified): a
 * public client for the app and, for gateway origins, the gateway's confidential client, both with PKCE (S256)
 * required, authorization code + refresh tokens, JWT access tokens for the API resource (RFC 8707 / RFC 9068), the
 * accounts' `groups` in the ID token, short access-token lifetime on demand, our own sign-in pages, 127.0.0.1 only.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { errors, type Configuration, type KoaContext, type OidcContext } from 'oidc-provider';
import { findAgent, testAgents } from './accounts';
import { API_SCOPE, DEV_CLIENT_ID, GATEWAY_CLIENT_ID, GATEWAY_CLIENT_SECRET, RELAY_SCOPE } from './client';
import { errorPage, languageOf, loggedOutPage, logoutPage } from './pages';
import { interactionRoutes } from './interactions';

export { API_SCOPE, DEV_CLIENT_ID, GATEWAY_CLIENT_ID, GATEWAY_CLIENT_SECRET } from './client';

export type DevOidcOptions = {
  /** 0 = any free port. */
  port: number;
  /** Where the app runs: its /auth/callback and / are the client's only redirect URIs; its origin may call by CORS. */
  appOrigins: string[];
  /**
   * Where a desk gateway runs (gateway mode): each origin's /gateway/callback and / are the redirect URIs of the
   * confidential client GATEWAY_CLIENT_ID. None: that client does not exist.
   */
  gatewayOrigins?: string[];
  /** The API's resource indicator: the `aud` of every access token. */
  resource: string;
  /** Access-token lifetime (default 300 s); e2e makes it short to see renewal. */
  accessTokenTtlSeconds?: number;
  /** Provider session (and so refresh token) lifetime, default 8 hours: a working day. */
  sessionTtlSeconds?: number;
  /**
   * A file holding the signing key (a private JWK set): read when present, written when not. Tests read it to sign
   * tokens of their own (expired ones). Without it the key lives in memory only.
   */
  keysFile?: string;
};

export type RunningProvider = { issuer: string; server: Server; close(): Promise<void> };

const HOST = '127.0.0.1';

export async function signingKeys(keysFile: string | undefined): Promise<{ keys: JWK[] }> {
  if (keysFile && existsSync(keysFile)) return JSON.parse(readFileSync(keysFile, 'utf8')) as { keys: JWK[] };
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwks = { keys: [{ ...(await exportJWK(privateKey)), kid: `dev-${randomBytes(6).toString('hex')}`, alg: 'RS256', use: 'sig' }] };
  // 0600: a private key, even a throwaway one, is nobody else's business on a shared machine.
  if (keysFile) writeFileSync(keysFile, JSON.stringify(jwks), { mode: 0o600 });
  return jwks;
}

function configuration(options: DevOidcOptions, jwks: { keys: JWK[] }): Configuration {
  const accessTokenTTL = options.accessTokenTtlSeconds ?? 300;
  const sessionTTL = options.sessionTtlSeconds ?? 8 * 60 * 60;
  const origins = new Set(options.appOrigins.map((origin) => new URL(origin).origin));
  const gatewayOrigins = [...new Set((options.gatewayOrigins ?? []).map((origin) => new URL(origin).origin))];
  const appClient = {
    client_id: DEV_CLIENT_ID,
    client_name: 'Trouble Ticket Desk',
    application_type: 'web',
    // A public client: a browser cannot keep a secret (OAuth 2.0 for Browser-Based Apps).
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: [...origins].map((origin) => `${origin}/auth/callback`),
    post_logout_redirect_uris: [...origins].map((origin) => `${origin}/`),
  };
  // A server-side client, so it can keep a secret; its agents' API calls go with the desk's own token, not theirs.
  const gatewayClient = {
    client_id: GATEWAY_CLIENT_ID,
    client_secret: GATEWAY_CLIENT_SECRET,
    client_name: 'Trouble Ticket Desk gateway',
    application_type: 'web',
    token_endpoint_auth_method: 'client_secret_basic',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: gatewayOrigins.map((origin) => `${origin}/gateway/callback`),
    // The gateway's own signed-out page (it says whether this provider's session ended), and / as before.
    post_logout_redirect_uris: gatewayOrigins.flatMap((origin) => [`${origin}/`, `${origin}/gateway/signed-out`]),
    // Back-channel logout (OpenID Connect Back-Channel Logout 1.0): a sign-out here ends the gateway's sessions of it,
    // on every instance. One URI per client: the first gateway origin (the public one, nginx, in the e2e stack).
    ...(gatewayOrigins[0] ? { backchannel_logout_uri: `${gatewayOrigins[0]}/gateway/backchannel-logout`, backchannel_logout_session_required: true } : {}),
  };

  return {
    // Each client only where it has somewhere to send the browser back to (a client without redirect URIs is invalid).
    clients: [...(origins.size ? [appClient] : []), ...(gatewayOrigins.length ? [gatewayClient] : [])],
    jwks,
    cookies: { keys: [randomBytes(32).toString('hex')] },
    findAccount: async (_ctx: KoaContext, id: string) => {
      const agent = findAgent(id);
      if (!agent) return undefined;
      return {
        accountId: agent.username,
        claims: async () => ({ sub: agent.username, name: agent.name, preferred_username: agent.username, email: agent.email, groups: [...agent.groups] }),
      };
    },
    // `groups` comes with `openid` itself: the gateway's roles must not hang on which other scopes it asks for.
    claims: { openid: ['sub', 'groups'], profile: ['name', 'preferred_username'], email: ['email'] },
    // The ID token carries name, preferred_username and groups, so neither client needs a userinfo call.
    conformIdTokenClaims: false,
    // PKCE for every authorization code request; oidc-provider only knows S256 (plain is refused).
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      // Sign-out revokes the refresh token; a client may revoke only its own tokens.
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx: KoaContext, client: { clientId: string }, token: { clientId: string }) => token.clientId === client.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContext, form: string) => {
          ctx.type = 'html';
          ctx.body = logoutPage(languageOf(ctx.oidc?.params?.ui_locales), form);
        },
        postLogoutSuccessSource: async (ctx: KoaContext) => {
          ctx.type = 'html';
          // oidc-provider names the client here only when the agent chose to stay signed in (it left that app alone).
          ctx.body = loggedOutPage('en', ctx.oidc?.params?.client_id ? 'stayed' : 'ended');
        },
      },
      // Tells the gateway's back-channel logout URI when a session here ends; its ID tokens carry `sid` for that.
      backchannelLogout: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // The gateway's own access token is for userinfo (opaque); it may still ask for the API's by `resource`.
        defaultResource: async (_ctx: KoaContext, client: { clientId: string }) =>
          client.clientId === GATEWAY_CLIENT_ID ? undefined : options.resource,
        // The refresh grant and the code exchange need not repeat `resource`: the granted one holds.
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx: KoaContext, indicator: string) => {
          if (indicator !== options.resource) throw new errors.InvalidTarget(`unknown resource ${indicator}`);
          return {
            // The relay's scope is the API resource's too: the app's token carries it for its stream tickets (0053).
            scope: `${API_SCOPE} ${RELAY_SCOPE}`,
            audience: options.resource,
            accessTokenTTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // First-party client: the grant covers what it asks for, so there is no consent page (oidc-provider's recipe).
    loadExistingGrant: async (ctx: KoaContext) => {
      const oidc = ctx.oidc as OidcContext;
      const clientId = oidc.client?.clientId ?? DEV_CLIENT_ID;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(clientId);
      // A grant revoked with its refresh token (the gateway's sign-out elsewhere) is gone: a new one, never a consent
      // prompt, which the sign-in page cannot answer (it would show the form again and again).
      const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      if (existing) return existing;
      const grant = new oidc.provider.Grant({ accountId: oidc.session.accountId, clientId });
      grant.addOIDCScope('openid profile email');
      grant.addOIDCClaims(['name', 'preferred_username', 'email', 'groups']);
      // Only the app's own client may buy stream tickets with its token; the gateway's relay runs on its session.
      grant.addResourceScope(options.resource, clientId === DEV_CLIENT_ID ? `${API_SCOPE} ${RELAY_SCOPE}` : API_SCOPE);
      await grant.save();
      return grant;
    },
    // Refresh tokens without offline_access (oidc-provider drops a requested offline_access without prompt=consent, as
    // the gateway asks): they live as long as the provider session, so the session can end.
    issueRefreshToken: async (_ctx: KoaContext, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    // Every refresh rotates the refresh token (oidc-provider's default does so for public clients only): the gateway
    // must store the new one, and a test sees it does.
    rotateRefreshToken: () => true,
    clientBasedCORS: (_ctx: KoaContext, origin: string) => origins.has(origin),
    ttl: {
      AccessToken: accessTokenTTL,
      AuthorizationCode: 60,
      IdToken: accessTokenTTL,
      Interaction: 60 * 60,
      Session: sessionTTL,
      Grant: sessionTTL,
      RefreshToken: sessionTTL,
    },
    // oidc-provider refuses outgoing calls to special-use addresses (SSRF protection), 127.0.0.1 among them; the dev
    // stack's gateway listens there for back-channel logout, so loopback calls go without that guard, nothing else.
    fetch: (url: string | URL, init: RequestInit & { dispatcher?: unknown }) => {
      const { dispatcher, ...rest } = init;
      return globalThis.fetch(url, new URL(url).hostname === HOST ? rest : { ...rest, dispatcher } as RequestInit);
    },
    renderError: async (ctx: KoaContext, out: Record<string, unknown>) => {
      ctx.type = 'html';
      ctx.body = errorPage('en', out);
    },
    interactions: { url: async (_ctx: KoaContext, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
  };
}

/** Starts the provider on 127.0.0.1; resolves once it listens. */
export async function startDevProvider(options: DevOidcOptions): Promise<RunningProvider> {
  const jwks = await signingKeys(options.keysFile);
  return listenProvider(options.port, (issuer) => {
    const provider = new Provider(issuer, configuration(options, jwks));
    provider.use(interactionRoutes(provider));
    // A back-channel logout the gateway refused is worth a line in the dev stack's output.
    provider.on('backchannel.error', (_ctx, error, client) =>
      console.warn(`Dev OpenID provider: back-channel logout to ${(client as { clientId: string }).clientId} failed: ${(error as Error).message}`),
    );
    return provider;
  });
}

/** Makes a provider for its issuer and listens on 127.0.0.1 (shared with the token provider). */
export async function listenProvider(requestedPort: number, make: (issuer: string) => Provider): Promise<RunningProvider> {
  // The issuer must be known before listening; with port 0 we learn the port first from a throwaway probe.
  const port = requestedPort === 0 ? await freePort() : requestedPort;
  const issuer = `http://${HOST}:${port}`;
  const provider = make(issuer);
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = provider.listen(port, HOST, () => resolve(listening));
    listening.once('error', reject);
  });
  return {
    issuer,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** A free loopback port (also for scripts that must know an address before they start a server on it). */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export { testAgents };
