// Playwright, gateway mode: the production build of the app (VITE_AUTH_MODE=gateway) served by two gateway instances
// on one Redis behind nginx; agents sign in at the dev OpenID provider through the gateway, which calls the mocked
// service with the desk's client-credentials tokens from a second provider (tools/gateway-stack.ts). Ports
// E2E_PORT+7 … +16 (e2e/support/gateway-settings.ts), so this runs beside the other configs.
// Run: npx playwright test -c playwright.gateway.config.ts
import { defineConfig } from '@playwright/test';
import { assertPortsFreeOnce, chromiumExecutable, chromiumProjects, oneWorkerAgainstServers } from './e2e/support/playwright-shared';
import { settings } from './e2e/support/gateway-settings';

const { stack } = settings;
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
    server(stack.processes.agentsProvider.command, stack.processes.agentsProvider.readyUrl, stack.processes.agentsProvider.env),
    server(stack.processes.tokenProvider.command, stack.processes.tokenProvider.readyUrl, stack.processes.tokenProvider.env),
    server(stack.processes.api.command, stack.processes.api.readyUrl, {
      ...stack.processes.api.env,
      // Only the tests move tickets on (POST /__mock/advance): a timer would change a ticket between two reads.
      MOCK_ADVANCE_EVERY_MS: '0',
      MOCK_TEST_HOOKS: '1',
      // The provider's own events wait until a spec asks for them (e2e/gateway/provider-events.spec.ts): the specs that
      // post an event themselves count what arrives.
      MOCK_EVENTS_PAUSED: '1',
    }),
    {
      // The build, Redis, both gateways and nginx: one process that knows their ids (a test kills a gateway).
      ...server('npx tsx e2e/support/gateway-run.ts', `${settings.appOrigin}/healthz`, {}, 240_000),
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
  ],
});
