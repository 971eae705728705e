// Where the service e2e run (playwright.service.config.ts) puts its two servers: the mocked service over HTTP at an
// origin's root (E2E_PORT+5) and a production build of the app pointed at that root (E2E_PORT+6). Read by the config
// and by the specs (workers see the same environment, so they compute the same values).

/** A provider the app is configured with but never asks: the specs start signed in (a user in sessionStorage). */
const AUTHORITY = 'http://127.0.0.1:9/oidc';
const CLIENT_ID = 'service-e2e';

export function serviceE2e(env: NodeJS.ProcessEnv) {
  const base = Number(env.E2E_PORT ?? 4173);
  const ports = { api: base + 5, app: base + 6 };
  const apiOrigin = `http://127.0.0.1:${ports.api}`;
  return {
    ports,
    /** The service's base URL is its origin's root: `/troubleTicket` hangs right off it (decisions.md "Addresses"). */
    apiOrigin,
    appOrigin: `http://127.0.0.1:${ports.app}`,
    authority: AUTHORITY,
    clientId: CLIENT_ID,
    outDir: `${env.E2E_OUT_DIR ?? 'dist'}-service`,
  };
}

export const serviceSettings = serviceE2e(process.env);

/** The signed-in user as oidc-client-ts keeps it in sessionStorage (User.toStorageString), valid for an hour. */
export function signedInUser(): [key: string, value: string] {
  const user = {
    access_token: 'service-e2e-token',
    token_type: 'Bearer',
    scope: 'openid profile',
    profile: { sub: 'agent.e2e', name: 'Service E2E', iss: AUTHORITY, aud: CLIENT_ID },
    expires_at: Math.floor(Date.now() / 1000) + 3600,
  };
  return [`oidc.user:${AUTHORITY}:${CLIENT_ID}`, JSON.stringify(user)];
}
