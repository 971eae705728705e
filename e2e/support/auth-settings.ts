// Where the real-mode e2e run puts its four servers and what it configures them with; read by the auth config and
// by the specs (workers see the same environment, so they compute the same values).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_SCOPE, DEV_CLIENT_ID } from '../../dev/oidc/client';

export function authE2e(env: NodeJS.ProcessEnv) {
  const base = Number(env.E2E_PORT ?? 4173);
  const ports = { provider: base + 1, api: base + 2, app: base + 3, listener: base + 4 };
  const apiOrigin = `http://127.0.0.1:${ports.api}`;
  const listenerOrigin = `http://127.0.0.1:${ports.listener}`;
  return {
    ports,
    issuer: `http://127.0.0.1:${ports.provider}`,
    apiOrigin,
    /** The API's base URL, which is also its resource indicator (the audience of its tokens). */
    apiBase: `${apiOrigin}/tmf-api/troubleTicket/v5`,
    appOrigin: `http://127.0.0.1:${ports.app}`,
    /** The event receiver (server/listener/): the service POSTs events to its listener paths, the app streams from its relay. */
    listenerOrigin,
    /** The app's VITE_EVENTS_URL. */
    relayUrl: `${listenerOrigin}/relay`,
    /** The audience of the service's client-credentials tokens for the receiver (LISTENER_AUDIENCE). */
    listenerAudience: `${listenerOrigin}/listener`,
    outDir: `${env.E2E_OUT_DIR ?? 'dist'}-auth`,
    /** The provider's private signing key: outside the repository, one file per port so parallel runs keep apart. */
    keysFile: join(tmpdir(), `trouble-ticket-desk-e2e-oidc-${ports.provider}.json`),
    clientId: DEV_CLIENT_ID,
    scope: `openid profile ${API_SCOPE}`,
    accessTokenTtlSeconds: 300,
    warningSeconds: 60,
  };
}

export type AuthE2eSettings = ReturnType<typeof authE2e>;
export const settings: AuthE2eSettings = authE2e(process.env);
