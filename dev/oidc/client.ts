/**
 * The dev providers' clients and the API's scope, apart from the providers so tests and the stack's settings can
 * import them cheaply. The secrets are TEST-ONLY, published in docs/sign-in.md like the test accounts.
 */

/** The app's public client at the agents' provider (direct mode); also the desk's client at the token provider. */
export const DEV_CLIENT_ID = 'trouble-ticket-desk';
/** The API's own scope; the app asks for it (VITE_OIDC_SCOPE) so its access token carries it. */
export const API_SCOPE = 'tickets';
/** The relay's scope (RELAY_SCOPE's default): only the app's own client is granted it, so only its tokens buy stream tickets. */
export { DEFAULT_RELAY_SCOPE as RELAY_SCOPE } from '../../src/domain/relay';

/** The gateway's confidential client at the agents' provider (gateway mode). */
export const GATEWAY_CLIENT_ID = 'trouble-ticket-desk-gateway';
/** TEST-ONLY. */
export const GATEWAY_CLIENT_SECRET = 'gateway-dev-secret';

/** The desk's company at the token provider: client credentials only (the interface's own scheme). */
export const PROVIDER_CLIENT_ID = DEV_CLIENT_ID;
/** TEST-ONLY. */
export const PROVIDER_CLIENT_SECRET = 'provider-dev-secret';

/** The mocked provider's own client at the token provider: its tokens for the receiver's listener paths (issue 39). */
export const PROVIDER_EVENTS_CLIENT_ID = 'trouble-ticket-provider-events';
/** TEST-ONLY. */
export const PROVIDER_EVENTS_CLIENT_SECRET = 'provider-events-dev-secret';
