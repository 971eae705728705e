// Where the gateway e2e run (playwright.gateway.config.ts) puts its processes and what it configures them with: ports
// E2E_PORT+7 … +16, read by the config, the desk's runner (gateway-run.ts) and the specs (workers see the same
// environment, so they compute the same values).
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const LOOPBACK = '127.0.0.1';

export function gatewayE2e(env: NodeJS.ProcessEnv) {
  const base = Number(env.E2E_PORT ?? 4173);
  const ports = {
    /** nginx: the app's origin, in front of both gateway instances. */
    app: base + 7,
    gateways: [base + 8, base + 9] as const,
    /** The agents' OpenID provider (the gateway's confidential client). */
    idp: base + 10,
    /** The trouble ticket provider's token endpoint: client credentials only. */
    tokenProvider: base + 11,
    /** The mocked service, which takes only the token provider's tokens for the desk's client. */
    api: base + 12,
    redis: base + 13,
  };
  const at = (port: number) => `http://${LOOPBACK}:${port}`;
  const appOrigin = at(ports.app);
  const apiOrigin = at(ports.api);
  const apiPath = '/tmf-api/troubleTicket/v5';
  const outDir = `${env.E2E_OUT_DIR ?? 'dist'}-gateway-e2e`;
  return {
    ports,
    allPorts: [ports.app, ...ports.gateways, ports.idp, ports.tokenProvider, ports.api, ports.redis],
    appOrigin,
    issuer: at(ports.idp),
    tokenIssuer: at(ports.tokenProvider),
    apiOrigin,
    apiPath,
    /** The provider's `{base_url}`: also the resource (audience) of the desk's client-credentials tokens. */
    apiBase: `${apiOrigin}${apiPath}`,
    /** The API as the page calls it: the same path on the app's origin, through nginx and a gateway. */
    publicApi: `${appOrigin}${apiPath}`,
    /** The audience of the provider's client-credentials tokens for the receiver's listener paths. */
    listenerAudience: `${appOrigin}/listener`,
    redisUrl: `redis://${LOOPBACK}:${ports.redis}`,
    gatewayOrigins: ports.gateways.map(at),
    /** The production build of the app in gateway mode, served by the gateways (GATEWAY_STATIC_DIR). */
    outDir,
    /** Signed-in browser states, one per account (Playwright storageState). */
    stateDir: `${outDir}-state`,
    /** What the desk's runner writes once every process is up: the gateways' process ids, so a test can kill one. */
    runFile: join(tmpdir(), `trouble-ticket-desk-e2e-gateway-${ports.app}.json`),
    /** TEST-ONLY secrets, as the dev stack publishes them (dev/oidc/client.ts). */
    sessionSecret: 'gateway-e2e-session-secret-of-at-least-32-characters',
  };
}

export type GatewayE2eSettings = ReturnType<typeof gatewayE2e>;
export const settings: GatewayE2eSettings = gatewayE2e(process.env);

/** What the runner writes to `runFile`. */
export type RunState = { gateways: { port: number; pid: number }[]; nginxPid: number; redisPid: number };
