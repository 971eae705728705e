// Playwright, the app against a service it does not control: a production build whose API base is an origin's root
// (`http://127.0.0.1:<E2E_PORT+5>`, no path) talks over HTTP to the mocked service, which a spec switches between its
// v5 and v4 dialects and its ways of counting. Ports E2E_PORT+5 (service) and +6 (app), beside the other two configs.
// Run: npx playwright test -c playwright.service.config.ts
import { defineConfig } from '@playwright/test';
import { HOST, assertPortsFreeOnce, oneWorkerAgainstServers } from './e2e/support/playwright-shared';
import { serviceE2e } from './e2e/support/service-settings';

const settings = serviceE2e(process.env);
const { ports } = settings;

assertPortsFreeOnce([ports.api, ports.app], 'E2E_SERVICE_PORTS_CHECKED');

export default defineConfig({
  // One worker: the specs switch the one service's dialect and counting (POST /__mock/settings) test by test.
  ...oneWorkerAgainstServers('./e2e/service', settings.outDir, settings.appOrigin),
  webServer: [
    {
      command: 'npx tsx mocks/server/http.ts',
      // 401 without a token: listening (Playwright takes any answer below 404 as ready).
      url: `${settings.apiOrigin}/troubleTicket`,
      env: { PORT: String(ports.api), HOST, MOCK_BASE_PATH: '/', MOCK_TEST_HOOKS: '1' },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // Real mode (no mocks in the build), the API at the service's origin root; the provider is never asked.
      command: `npx vite build --outDir ${settings.outDir} && npx vite preview --outDir ${settings.outDir} --port ${ports.app}`,
      url: settings.appOrigin,
      env: {
        VITE_DEMO: 'false',
        VITE_API_BASE_URL: settings.apiOrigin,
        VITE_OIDC_AUTHORITY: settings.authority,
        VITE_OIDC_CLIENT_ID: settings.clientId,
      },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
