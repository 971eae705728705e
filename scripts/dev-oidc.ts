/**
 * `npm run dev:oidc`: the app in real mode with a real sign-in, all on 127.0.0.1: the dev OpenID provider, the mocked
 * service checking its tokens, and the app (vite dev) configured for both. Prints where to go and who can sign in;
 * Ctrl+C stops all three. Development only (docs/sign-in.md).
 */
import { createServer } from 'vite';
import { testAgents } from '../dev/oidc/accounts';
import { API_SCOPE, DEV_CLIENT_ID, startDevProvider } from '../dev/oidc/provider';
import { DEMO_ADVANCE_EVERY_MS } from '../mocks/store';
import { startHttpServer } from '../mocks/server/http';

const HOST = '127.0.0.1';
const appPort = Number(process.env.APP_PORT ?? 5173);
const apiPort = Number(process.env.MOCK_API_PORT ?? 8787);
const providerPort = Number(process.env.DEV_OIDC_PORT ?? 8788);
const appOrigin = `http://${HOST}:${appPort}`;
const apiBase = `http://${HOST}:${apiPort}/tmf-api/troubleTicket/v5`;
const ttl = process.env.DEV_OIDC_ACCESS_TOKEN_TTL;

const provider = await startDevProvider({
  port: providerPort,
  appOrigins: [appOrigin],
  resource: apiBase,
  ...(ttl ? { accessTokenTtlSeconds: Number(ttl) } : {}),
});
const api = await startHttpServer({
  port: apiPort,
  host: HOST,
  storeOptions: { seedReference: new Date() },
  auth: { issuer: provider.issuer, audience: apiBase },
});
const advance = setInterval(() => api.store.advance(), DEMO_ADVANCE_EVERY_MS);

// Vite reads VITE_* from the environment before any .env file: real mode, pointed at the two servers above.
Object.assign(process.env, {
  VITE_DEMO: 'false',
  VITE_API_BASE_URL: apiBase,
  VITE_OIDC_AUTHORITY: provider.issuer,
  VITE_OIDC_CLIENT_ID: DEV_CLIENT_ID,
  VITE_OIDC_SCOPE: `openid profile ${API_SCOPE}`,
  VITE_OIDC_RESOURCE: apiBase,
});
// Its own dependency cache: other settings than `npm run dev`, which must not re-optimise under a running dev server.
const app = await createServer({
  mode: 'development',
  cacheDir: 'node_modules/.vite-dev-oidc',
  server: {
    host: HOST,
    port: appPort,
    strictPort: true,
    // Builds and test reports written beside the sources (dist-*, e2e runs) are not the app: no reload for them.
    watch: { ignored: ['**/dist/**', '**/dist-*/**', '**/playwright-report/**', '**/test-results/**'] },
  },
});
await app.listen();

console.log(`
  App (real mode):       ${appOrigin}/
  OpenID provider:       ${provider.issuer}  (dev/test only)
  Mocked service:        ${apiBase}  (checks the provider's JWTs)
  Test agents (test-only passwords):
${testAgents.map((agent) => `    ${agent.username.padEnd(10)} ${agent.password.padEnd(16)} ${agent.name}`).join('\n')}
  Ctrl+C stops all three.
`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  clearInterval(advance);
  await Promise.allSettled([app.close(), api.close(), provider.close()]);
  process.exit(0);
}
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
