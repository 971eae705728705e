/**
 * Gateway mode for the browser benchmarks (issue 27): the app built with VITE_AUTH_MODE=gateway, the gateway in front of
 * the mocked service, with the agents' provider and the token provider, and a web server in front of the gateway as
 * nginx stands in a deployment (scripts/bench/gateway-front.ts: the app from disk, compressed, the gateway's paths
 * passed on). The gateway's own static serving (GATEWAY_STATIC_DIR, development and tests only) sends the files
 * uncompressed, which on Lighthouse's simulated mobile network costs the first paint over a second that no deployment
 * pays. All real processes under `nice` (as real mode's servers: in a deployment they run on other machines).
 *
 * `signIn(page)` signs the first test agent in through the gateway and the provider's pages in a Puppeteer tab; the
 * session is the gateway's cookie, which Lighthouse's navigation keeps (it clears caches and service workers only).
 */
import type { Page } from 'puppeteer-core';
import { testAgents } from '../../dev/oidc/accounts';
import { buildGatewayApp, ready, startGatewayProcesses, startProcess, stopGroup } from './gateway-processes';
import type { RealMode } from './real-mode';

/** As real mode's servers (scripts/bench/real-mode.ts): about a tenth of the browser's weight when both want a core. */
const SERVERS_NICENESS = 10;

/** Builds the gateway-mode app into `outDir` (relative to the repository) and starts the stack serving it. */
export async function startGatewayMode({ outDir, log }: { outDir: string; log: (message: string) => void }): Promise<RealMode> {
  const agent = testAgents[0];
  if (!agent) throw new Error('dev/oidc/accounts.ts has no test agent');
  await buildGatewayApp(outDir, log);
  const running = await startGatewayProcesses({ front: true, niceness: SERVERS_NICENESS, log });
  const { origin } = running;
  const gateway = `http://127.0.0.1:${running.stack.ports.gateway}`;
  const front = startProcess('front', { command: `npx tsx scripts/bench/gateway-front.ts "${outDir}" ${new URL(origin).port} ${gateway}`, env: {} }, SERVERS_NICENESS);
  const close = async () => {
    await stopGroup(front.child);
    await running.stop();
  };
  try {
    await ready(front, `${origin}/`);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    origin,
    close,
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
