// oidc-provider ships no types; its ambient declaration must reach every program that imports this file.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./oidc-provider.d.ts" />
/**
 * The trouble ticket provider's token endpoint for development and tests only: a second issuer, apart from the
 * agents' provider, that knows one client (the desk's company, client_secret_basic) and only the client-credentials
 * grant, issuing JWT access tokens (RFC 9068, with `client_id`) for its resources. Nothing here signs an agent in.
 */
import { randomBytes } from 'node:crypto';
import Provider, { errors, type Configuration, type KoaContext } from 'oidc-provider';
import { API_SCOPE, PROVIDER_CLIENT_ID, PROVIDER_CLIENT_SECRET, PROVIDER_EVENTS_CLIENT_ID, PROVIDER_EVENTS_CLIENT_SECRET } from './client';
import { errorPage } from './pages';
import { listenProvider, signingKeys, type RunningProvider } from './provider';

export { PROVIDER_CLIENT_ID, PROVIDER_CLIENT_SECRET } from './client';

export type TokenProviderOptions = {
  /** 0 = any free port. */
  port: number;
  /** The resources it issues tokens for (RFC 8707); the first is the one a request without `resource` gets. */
  resources: string[];
  /** Access-token lifetime, default 300 s. */
  accessTokenTtlSeconds?: number;
  /** As the agents' provider's: the signing key's file, read when present, written when not. */
  keysFile?: string;
};

function configuration(options: TokenProviderOptions, jwks: Awaited<ReturnType<typeof signingKeys>>): Configuration {
  const accessTokenTTL = options.accessTokenTtlSeconds ?? 300;
  const [defaultResource] = options.resources;
  if (!defaultResource) throw new Error('The token provider needs at least one resource (the API base URL).');
  return {
    clients: [
      {
        client_id: PROVIDER_CLIENT_ID,
        client_secret: PROVIDER_CLIENT_SECRET,
        client_name: 'Trouble Ticket Desk (the buying company)',
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
        scope: API_SCOPE,
      },
      {
        // The mocked provider itself, for the events it POSTs to the desk's listener (mocks/server/event-sender.ts).
        client_id: PROVIDER_EVENTS_CLIENT_ID,
        client_secret: PROVIDER_EVENTS_CLIENT_SECRET,
        client_name: 'Trouble ticket provider (its events)',
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
        scope: API_SCOPE,
      },
    ],
    jwks,
    cookies: { keys: [randomBytes(32).toString('hex')] },
    scopes: [API_SCOPE],
    // No accounts: every token here is the client's own (`sub` = client id).
    findAccount: async () => undefined,
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => defaultResource,
        getResourceServerInfo: async (_ctx: KoaContext, indicator: string) => {
          if (!options.resources.includes(indicator)) throw new errors.InvalidTarget(`unknown resource ${indicator}`);
          return { scope: API_SCOPE, audience: indicator, accessTokenTTL, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } };
        },
      },
    },
    ttl: { ClientCredentials: accessTokenTTL },
    renderError: async (ctx: KoaContext, out: Record<string, unknown>) => {
      ctx.type = 'html';
      ctx.body = errorPage('en', out);
    },
  };
}

/** Starts the token provider on 127.0.0.1; its token endpoint is `<issuer>/token`. */
export async function startTokenProvider(options: TokenProviderOptions): Promise<RunningProvider> {
  const jwks = await signingKeys(options.keysFile);
  return listenProvider(options.port, (issuer) => new Provider(issuer, configuration(options, jwks)));
}
