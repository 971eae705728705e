/** For tests and benches: the gateway's settings that start it on this machine alone, and a child's environment. */
/** Settings with which the gateway starts with nothing answering at its provider's URLs. */
export const startableGatewayEnv: Record<string, string | undefined> = {
  GATEWAY_PORT: '0',
  GATEWAY_PUBLIC_ORIGIN: 'http://127.0.0.1:5222',
  // Nothing listens there: discovery happens at the first sign-in, so the gateway starts all the same.
  GATEWAY_OIDC_ISSUER: 'http://127.0.0.1:9',
  GATEWAY_OIDC_CLIENT_ID: 'desk-gateway',
  GATEWAY_OIDC_CLIENT_SECRET: 'test-only-secret',
  GATEWAY_API_BASE_URL: 'http://127.0.0.1:9/tmf-api/troubleTicket/v5',
  GATEWAY_PROVIDER_TOKEN_URL: 'http://127.0.0.1:9/token',
  GATEWAY_PROVIDER_CLIENT_ID: 'trouble-ticket-desk',
  GATEWAY_PROVIDER_CLIENT_SECRET: 'test-only-secret',
  GATEWAY_SESSION_SECRET: 'a test session secret of 32 characters or more',
  // No OpenID provider for the listener paths here: authentication off, as for development on this machine.
  DEV_AUTH_OFF: '1',
  LISTENER_ISSUER: undefined,
  // The explicit development marker DEV_AUTH_OFF=1 needs (issue 38).
  NODE_ENV: 'test',
};

/** A child process's environment: this one's, then each layer in turn; a variable set to undefined is left out. */
export function childEnvironment(...layers: Record<string, string | undefined>[]): Record<string, string> {
  const merged: Record<string, string | undefined> = Object.assign({}, process.env, ...layers);
  return Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
