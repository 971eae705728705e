/**
 * The real-mode servers of the browser benchmarks, run as a process of their own (scripts/bench/real-mode.ts starts it
 * under `nice`): the dev OpenID provider, the mocked service over HTTP checking its JWTs, the event receiver, and Vite's
 * preview of the real-mode production build in front of the service and the receiver, as deploy/nginx serves them.
 *
 * Usage (by real-mode.ts): node --import tsx scripts/bench/real-mode-servers.ts <outDir> [<root>]
 * Prints one line `{"origin": …}` on stdout once everything listens; stops everything on SIGTERM, SIGINT, or when its
 * stdin closes (the parent gone). Progress goes to stderr.
 */
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { build, preview } from 'vite';
import { API_SCOPE, DEV_CLIENT_ID, freePort, startDevProvider } from '../../dev/oidc/provider';
import { createListenerApp } from '../../server/listener/app';
import { silentLogger } from '../../server/listener/log';
import { startHttpServer } from '../../mocks/server/http';

const HOST = '127.0.0.1';
const API_PATH = '/tmf-api/troubleTicket/v5';

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
  Object.assign(process.env, env);
  await build({ ...(root ? { root, configFile: join(root, 'vite.config.ts') } : {}), mode: 'production', logLevel: 'warn', build: { outDir: resolve(outDir), emptyOutDir: true } });
}

const [outDir, root] = process.argv.slice(2);
if (!outDir) throw new Error('usage: real-mode-servers.ts <outDir> [<root>]');

const stops: (() => Promise<unknown>)[] = [];
let stopping: Promise<void> | undefined;
const stopAll = () =>
  (stopping ??= (async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  })());
const exitAfterStop = () => void stopAll().finally(() => process.exit(0));
process.once('SIGTERM', exitAfterStop);
process.once('SIGINT', exitAfterStop);
process.stdin.resume();
process.stdin.once('end', exitAfterStop);

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
  await new Promise<void>((done) => (receiverServer.listening ? done() : receiverServer.once('listening', () => done())));
  stops.push(async () => {
    receiver.dropStreams('shutdown');
    receiverServer.closeAllConnections();
    await new Promise((done) => receiverServer.close(done));
  });
  const receiverOrigin = `http://${HOST}:${(receiverServer.address() as AddressInfo).port}`;

  console.error(`Building the real-mode app into ${outDir} (provider ${provider.issuer}) …`);
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
  console.log(JSON.stringify({ origin }));
} catch (error) {
  console.error(error);
  await stopAll();
  process.exit(1);
}
