// Where the gateway e2e run (playwright.gateway.config.ts) puts its processes and what it configures them with: the
// dev stack of tools/gateway-stack.ts on E2E_PORT+7 … +10 (gateway A, agents' provider, token provider, service),
// then gateway B (+11), nginx (+12, the app's origin) and Redis (+13); +14 … +16 stay free. Read by the config, the
// desk's runner (gateway-run.ts) and the specs (workers see the same environment, so they compute the same values).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gatewayInstanceEnv, gatewayStack } from '../../tools/gateway-stack';

export const LOOPBACK = '127.0.0.1';

export function gatewayE2e(env: NodeJS.ProcessEnv) {
  const base = Number(env.E2E_PORT ?? 4173);
  const at = (port: number) => `http://${LOOPBACK}:${port}`;
  const nginxPort = base + 12;
  const redisPort = base + 13;
  const appOrigin = at(nginxPort);
  const outDir = `${env.E2E_OUT_DIR ?? 'dist'}-gateway-e2e`;
  const redisUrl = `redis://${LOOPBACK}:${redisPort}`;
  const stack = gatewayStack(base + 7, { publicOrigin: appOrigin, redisUrl, staticDir: outDir });
  const gatewayPorts = [stack.ports.gateway, base + 11] as const;
  const apiPath = new URL(stack.apiBase).pathname;
  return {
    stack,
    ports: { app: nginxPort, gateways: gatewayPorts, redis: redisPort },
    allPorts: [...Object.values(stack.ports), base + 11, nginxPort, redisPort],
    /** Each instance's environment: the same public origin, session secret and Redis. */
    gatewayEnv: (port: number) => gatewayInstanceEnv(stack, port),
    appOrigin,
    issuer: stack.origins.agentsIssuer,
    tokenIssuer: stack.origins.tokenIssuer,
    apiOrigin: stack.origins.api,
    apiPath,
    /** The provider's `{base_url}`: also the resource (audience) of the desk's client-credentials tokens. */
    apiBase: stack.apiBase,
    /** The API as the page calls it: the same path on the app's origin, through nginx and a gateway. */
    publicApi: `${appOrigin}${apiPath}`,
    /** The audience of the provider's client-credentials tokens for the receiver's listener paths. */
    listenerAudience: stack.listenerAudience,
    redisUrl,
    /** The production build of the app in gateway mode, served by the gateways (GATEWAY_STATIC_DIR). */
    outDir,
    /** Signed-in browser states, one per account (Playwright storageState). */
    stateDir: `${outDir}-state`,
    /** What the desk's runner writes once every process is up: the gateways' process ids, so a test can kill one. */
    runFile: join(tmpdir(), `trouble-ticket-desk-e2e-gateway-${nginxPort}.json`),
  };
}

export type GatewayE2eSettings = ReturnType<typeof gatewayE2e>;
export const settings: GatewayE2eSettings = gatewayE2e(process.env);

/** What the runner writes to `runFile`. */
export type RunState = { gateways: { port: number; pid: number }[]; nginxPid: number; redisPid: number };
