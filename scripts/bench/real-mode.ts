/**
 * The real-mode production build for the browser benchmarks, set up as deploy/nginx serves it: one origin with the app,
 * the service under /tmf-api and the event receiver under /relay (Vite's preview proxies both), the sign-in at the dev
 * OpenID provider (dev/oidc), the service being the mocked one over HTTP checking the provider's JWTs
 * (mocks/server/http.ts), the receiver the real one (server/listener/) selling stream tickets for the same tokens.
 *
 * The servers run in a process of their own (./real-mode-servers.ts) under `nice -n 10`: in a deployment they run on
 * other machines, and on the bench's two cores, in Lighthouse's own process, their work for the page's requests ran
 * beside the page's main thread and stretched the very tasks total blocking time is made of (decision 0040).
 *
 * `signIn(page)` signs the first test agent in through the provider's pages in a Puppeteer tab (of a fresh browser
 * context: no provider session yet); the app's session then lives in that tab's sessionStorage, where Lighthouse's
 * navigation (which clears caches and service workers, not sessionStorage) finds it.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Page } from 'puppeteer-core';
import { testAgents } from '../../dev/oidc/accounts';

export type RealMode = {
  origin: string;
  /** Signs the first test agent in at `origin` in this tab and waits until the overview names them. */
  signIn(page: Page): Promise<void>;
  close(): Promise<void>;
};

/** How much lower than the browser the servers run: nice 10 weighs about a tenth of nice 0 when both want a core. */
const SERVERS_NICENESS = 10;

/**
 * Starts the servers' process, which builds the app for them into `outDir` (`root`: another checkout, for a
 * before/after comparison) and serves it. Everything listens on 127.0.0.1 on free ports and stops with close().
 */
export async function startRealMode({ outDir, root, log }: { outDir: string; root?: string; log: (message: string) => void }): Promise<RealMode> {
  const agent = testAgents[0];
  if (!agent) throw new Error('dev/oidc/accounts.ts has no test agent');
  const script = fileURLToPath(new URL('./real-mode-servers.ts', import.meta.url));
  const node = [process.execPath, '--import', 'tsx', script, outDir, ...(root ? [root] : [])];
  const command = existsSync('/usr/bin/nice') ? ['/usr/bin/nice', '-n', String(SERVERS_NICENESS), ...node] : node;
  const child = spawn(command[0] as string, command.slice(1), { stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  createInterface({ input: child.stderr }).on('line', (line) => {
    if (!/^oidc-provider WARNING/.test(line)) log(line);
  });
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const origin = await new Promise<string>((done, fail) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      try {
        done((JSON.parse(line) as { origin: string }).origin);
      } catch {
        fail(new Error(`The real-mode servers said: ${line}`));
      }
    });
    child.once('exit', (code) => fail(new Error(`The real-mode servers stopped (exit code ${code}) before they listened`)));
  }).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  return {
    origin,
    close,
    async signIn(page) {
      await page.goto(`${origin}/`);
      await page.locator('main button.button').click();
      await page.locator('#username').fill(agent.username);
      await page.locator('#password').fill(agent.password);
      await Promise.all([page.waitForNavigation(), page.locator('button[type="submit"]').click()]);
      // Back at the app, signed in: the header names the agent once the callback has stored the session.
      await page.waitForFunction((name) => document.querySelector('header')?.textContent?.includes(name) ?? false, { timeout: 30_000 }, agent.name);
    },
  };
}
