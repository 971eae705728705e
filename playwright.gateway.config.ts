// Playwright, gateway mode: the production build of the app (VITE_AUTH_MODE=gateway) served by two gateway instances
// on one Redis behind nginx; agents sign in at the dev OpenID provider through the gateway, which calls the mocked
// service with the desk's client-credentials tokens from a second provider. Ports E2E_PORT+7 … +16 (nginx +7, the
// gateways +8 and +9, agents' provider +10, token provider +11, service +12, Redis +13), so this runs beside the
// other configs. Run: npx playwright test -c playwright.gateway.config.ts
import { defineConfig } from '@playwright/test';
import { PROVIDER_CLIENT_ID } from './dev/oidc/client';
import { HOST, assertPortsFreeOnce, chromiumExecutable, chromiumProjects, oneWorkerAgainstServers } from './e2e/support/playwright-shared';
import { settings } from './e2e/support/gateway-settings';
import { idpEnv, tokenProviderEnv } from './e2e/support/gateway-env';

const { ports } = settings;
assertPortsFreeOnce(settings.allPorts, 'E2E_GATEWAY_PORTS_CHECKED');

const server = (command: string, url: string, env: Record<string, string>, timeout = 60_000) => ({
  command,
  url,
  env,
  reuseExistingServer: false,
  timeout,
  stdout: 'pipe' as const,
  stderr: 'pipe' as const,
});

const [chromium] = chromiumProjects(chromiumExecutable());

export default defineConfig({
  // One worker: the tests share one stack and read the service's records; the two cores are busy with seven processes.
  ...oneWorkerAgainstServers('./e2e/gateway', settings.outDir, settings.appOrigin),
  projects: [
    // Signs each account in once through the provider's page and keeps the browser's state for the specs.
    { ...chromium, name: 'sign-in', testMatch: /.*\.setup\.ts/ },
    { ...chromium, name: 'chromium', dependencies: ['sign-in'] },
  ],
  webServer: [
    server('npx tsx dev/oidc/main.ts', `${settings.issuer}/.well-known/openid-configuration`, idpEnv(settings)),
    server('npx tsx dev/oidc/token-provider-main.ts', `${settings.tokenIssuer}/.well-known/openid-configuration`, tokenProviderEnv(settings)),
    server('npx tsx mocks/server/http.ts', `${settings.apiBase}/troubleTicket` /* 401 without a token: up */, {
      PORT: String(ports.api),
      HOST,
      MOCK_OIDC_ISSUER: settings.tokenIssuer,
      MOCK_OIDC_AUDIENCE: settings.apiBase,
      MOCK_OIDC_CLIENT_ID: PROVIDER_CLIENT_ID,
      // Only the tests move tickets on (POST /__mock/advance): a timer would change a ticket between two reads.
      MOCK_ADVANCE_EVERY_MS: '0',
      MOCK_TEST_HOOKS: '1',
    }),
    {
      // The build, Redis, both gateways and nginx: one process that knows their ids (a test kills a gateway).
      ...server('npx tsx e2e/support/gateway-run.ts', `${settings.appOrigin}/healthz`, {}, 240_000),
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
  ],
});
