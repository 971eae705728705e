/**
 * Gateway mode for the browser benchmarks (issue 27): the app built with VITE_AUTH_MODE=gateway, served by the gateway
 * itself (GATEWAY_STATIC_DIR) in front of the mocked service, with the agents' provider and the token provider, all
 * real processes under `nice` (as real mode's servers: in a deployment they run on other machines).
 *
 * `signIn(page)` signs the first test agent in through the gateway and the provider's pages in a Puppeteer tab; the
 * session is the gateway's cookie, which Lighthouse's navigation keeps (it clears caches and service workers only).
 */
import type { Page } from 'puppeteer-core';
import { testAgents } from '../../dev/oidc/accounts';
import { buildGatewayApp, startGatewayProcesses } from './gateway-processes';
import type { RealMode } from './real-mode';

/** As real mode's servers (scripts/bench/real-mode.ts): about a tenth of the browser's weight when both want a core. */
const SERVERS_NICENESS = 10;

/** Builds the gateway-mode app into `outDir` (relative to the repository) and starts the stack serving it. */
export async function startGatewayMode({ outDir, log }: { outDir: string; log: (message: string) => void }): Promise<RealMode> {
  const agent = testAgents[0];
  if (!agent) throw new Error('dev/oidc/accounts.ts has no test agent');
  await buildGatewayApp(outDir, log);
  const running = await startGatewayProcesses({ staticDir: outDir, niceness: SERVERS_NICENESS, log });
  const { origin } = running;
  return {
    origin,
    close: () => running.stop(),
    async signIn(page: Page) {
      await page.goto(`${origin}/gateway/login?returnTo=%2F`);
      await page.locator('#username').fill(agent.username);
      await page.locator('#password').fill(agent.password);
      await Promise.all([page.waitForNavigation(), page.locator('button[type="submit"]').click()]);
      // Back at the app through the gateway's callback: the header names the agent once /gateway/session has answered.
      await page.waitForFunction((name) => document.querySelector('header')?.textContent?.includes(name) ?? false, { timeout: 30_000 }, agent.name);
    },
  };
}
