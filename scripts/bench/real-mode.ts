/**
 * The real-mode production build for the browser benchmarks, set up as deploy/nginx serves it: one origin with the app,
 * the service under /tmf-api and the event receiver under /relay (Vite's preview proxies both), the sign-in at the dev
 * OpenID provider (dev/oidc), the service being the mocked one over HTTP checking the provider's JWTs
 * (mocks/server/http.ts), the receiver the real one (listener/) selling stream tickets for the same tokens.
 * `signIn(page)` signs the first test agent in through the provider's pages in a Puppeteer tab (of a fresh browser
 * context: no provider session yet); the app's session then lives in that tab's sessionStorage, where Lighthouse's
 * navigation (which clears caches and service workers, not sessionStorage) finds it.
 */
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { Page } from 'puppeteer-core';
import { build, preview } from 'vite';
import { API_SCOPE, DEV_CLIENT_ID, freePort, startDevProvider, testAgents } from '../../dev/oidc/provider';
import { createListenerApp } from '../../listener/app';
import { silentLogger } from '../../listener/log';
import { startHttpServer } from '../../mocks/server/http';

const HOST = '127.0.0.1';
const API_PATH = '/tmf-api/troubleTicket/v5';

export type RealMode = {
  origin: string;
  /** Signs the first test agent in at `origin` in this tab and waits until the overview names them. */
  signIn(page: Page): Promise<void>;
  close(): Promise<void>;
};

/** The build's settings, as `npm run build` reads them (decision 0020; docs/sign-in.md). */
function realModeEnv(issuer: string, resource: string): Record<string, string> {
  return {
    VITE_DEMO: 'false',
    VITE_API_BASE_URL: API_PATH,
    VITE_OIDC_AUTHORITY: issuer,
    VITE_OIDC_CLIENT_ID: DEV_CLIENT_ID,
    VITE_OIDC_SCOPE: `openid profile ${API_SCOPE}`,
    VITE_OIDC_RESOURCE: resource,
    VITE_EVENTS_URL: '/relay',
  };
}

async function buildWith(env: Record<string, string>, outDir: string, root: string | undefined): Promise<void> {
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  try {
    await build({ ...(root ? { root, configFile: join(root, 'vite.config.ts') } : {}), mode: 'production', logLevel: 'warn', build: { outDir: resolve(outDir), emptyOutDir: true } });
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/**
 * Starts the provider, the service and the receiver, builds the app for them into `outDir` (`root`: another checkout,
 * for a before/after comparison) and serves it. Everything listens on 127.0.0.1 on free ports and stops with close().
 */
export async function startRealMode({ outDir, root, log }: { outDir: string; root?: string; log: (message: string) => void }): Promise<RealMode> {
  const stops: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    // Before the app is built: the provider must know the app's address (its redirect URI).
    const appPort = await freePort();
    const origin = `http://${HOST}:${appPort}`;
    const resource = `${origin}${API_PATH}`;
    const provider = await startDevProvider({ port: 0, appOrigins: [origin], resource });
    stops.push(() => provider.close());
    const service = await startHttpServer({ port: 0, auth: { issuer: provider.issuer, audience: resource } });
    stops.push(() => service.close());
    const receiver = createListenerApp({ relayAuth: { issuer: provider.issuer, audience: resource }, allowedOrigins: [origin], log: silentLogger });
    const receiverServer = serve({ fetch: receiver.app.fetch, port: 0, hostname: HOST }) as Server;
    await new Promise<void>((resolve) => (receiverServer.listening ? resolve() : receiverServer.once('listening', () => resolve())));
    stops.push(async () => {
      receiver.dropStreams('shutdown');
      receiverServer.closeAllConnections();
      await new Promise((resolve) => receiverServer.close(resolve));
    });
    const receiverOrigin = `http://${HOST}:${(receiverServer.address() as AddressInfo).port}`;

    log(`Building the real-mode app into ${outDir} (provider ${provider.issuer}) …`);
    await buildWith(realModeEnv(provider.issuer, resource), outDir, root);
    const server = await preview({
      ...(root ? { root, configFile: join(root, 'vite.config.ts') } : {}),
      logLevel: 'silent',
      build: { outDir: resolve(outDir) },
      preview: {
        host: HOST,
        port: appPort,
        strictPort: true,
        proxy: { '/tmf-api': { target: service.url }, '/relay': { target: receiverOrigin } },
      },
    });
    stops.push(() => server.close());

    const agent = testAgents[0];
    if (!agent) throw new Error('dev/oidc/accounts.ts has no test agent');
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
  } catch (error) {
    await close();
    throw error;
  }
}
