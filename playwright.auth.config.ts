// Playwright, real mode: the production build of the app signs in at the dev OpenID provider and calls the mocked
// service over HTTP, which checks the provider's JWTs; live updates come from the event receiver (server/listener/). Ports
// E2E_PORT+1 (provider), +2 (service), +3 (app), +4 (receiver), so this runs beside the demo config (E2E_PORT itself). Run: npx playwright test -c playwright.auth.config.ts
import { rmSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { HOST, assertPortsFreeOnce, buildAndServe, oneWorkerAgainstServers } from './e2e/support/playwright-shared';
import { authE2e } from './e2e/support/auth-settings';

const settings = authE2e(process.env);
const { ports } = settings;

if (!process.env.E2E_AUTH_PORTS_CHECKED) {
  // A fresh signing key per run; the tests read it from here to sign tokens of their own (expired ones).
  rmSync(settings.keysFile, { force: true });
}
assertPortsFreeOnce([ports.provider, ports.api, ports.app, ports.listener], 'E2E_AUTH_PORTS_CHECKED');

export default defineConfig({
  // One worker: the tests share one provider and one service; sessions are per browser context, but the records of
  // the service (seen tokens) are read per test and the two cores are busy enough with four servers.
  ...oneWorkerAgainstServers('./e2e/auth', settings.outDir, settings.appOrigin),
  webServer: [
    {
      command: 'npx tsx dev/oidc/main.ts',
      url: `${settings.issuer}/.well-known/openid-configuration`,
      env: {
        DEV_OIDC_PORT: String(ports.provider),
        DEV_OIDC_APP_ORIGINS: settings.appOrigin,
        DEV_OIDC_RESOURCE: settings.apiBase,
        DEV_OIDC_ACCESS_TOKEN_TTL: String(settings.accessTokenTtlSeconds),
        DEV_OIDC_KEYS_FILE: settings.keysFile,
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: 'npx tsx mocks/server/http.ts',
      url: `${settings.apiOrigin}/__mock/seen-tokens`,
      env: {
        PORT: String(ports.api),
        HOST,
        MOCK_OIDC_ISSUER: settings.issuer,
        MOCK_OIDC_AUDIENCE: settings.apiBase,
        // The tests move the service on themselves (POST /__mock/advance): a timer of its own would change a ticket
        // between what the page read and what a test reads.
        MOCK_ADVANCE_EVERY_MS: '0',
        // The test-only /__mock/* routes (seen tokens, advance); they ask for a token like every route.
        MOCK_TEST_HOOKS: '1',
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // The event receiver: the tests POST the service's events to it with tokens they sign with the provider's key
      // (audience: the receiver), and the app buys stream tickets with the agent's access token (audience: the API).
      command: 'npx tsx server/listener/main.ts',
      url: `${settings.listenerOrigin}/health`,
      env: {
        LISTENER_PORT: String(ports.listener),
        LISTENER_HOST: HOST,
        LISTENER_TEST_HOOKS: '1',
        LISTENER_ALLOWED_ORIGINS: settings.appOrigin,
        LISTENER_ISSUER: settings.issuer,
        LISTENER_AUDIENCE: settings.listenerAudience,
        RELAY_ISSUER: settings.issuer,
        RELAY_AUDIENCE: settings.apiBase,
        // Stream tickets only for the app's own client with the relay's scope (decision 0053).
        RELAY_CLIENT_ID: settings.clientId,
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // A production build (no mocks in it), configured for real mode by the VITE_* variables.
      command: buildAndServe(`npx vite build --outDir ${settings.outDir}`, `npx vite preview --outDir ${settings.outDir} --port ${ports.app}`),
      url: settings.appOrigin,
      env: {
        VITE_DEMO: 'false',
        VITE_API_BASE_URL: settings.apiBase,
        VITE_OIDC_AUTHORITY: settings.issuer,
        VITE_OIDC_CLIENT_ID: settings.clientId,
        VITE_OIDC_SCOPE: settings.scope,
        VITE_OIDC_RESOURCE: settings.apiBase,
        VITE_SESSION_WARNING_SECONDS: String(settings.warningSeconds),
        VITE_EVENTS_URL: settings.relayUrl,
      },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
