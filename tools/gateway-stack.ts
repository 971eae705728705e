/**
 * The gateway stack's one list of ports, origins and settings (issue 27): `npm run dev:gateway` and the gateway's e2e
 * config both start its processes from here, so the two cannot drift apart. Development and tests only: every secret
 * below is TEST-ONLY and published in docs/sign-in.md.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  GATEWAY_CLIENT_ID,
  GATEWAY_CLIENT_SECRET,
  PROVIDER_CLIENT_ID,
  PROVIDER_CLIENT_SECRET,
  PROVIDER_EVENTS_CLIENT_ID,
  PROVIDER_EVENTS_CLIENT_SECRET,
} from '../dev/oidc/client';

const HOST = '127.0.0.1';
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** TEST-ONLY: shared by every gateway instance of one stack (sessions in Redis are encrypted with it). */
export const DEV_SESSION_SECRET = 'dev-gateway-session-secret-TEST-ONLY-never-deploy';
/** Where the app built for gateway mode goes (`vite build --outDir`), beside the repository's other dist-* builds. */
export const GATEWAY_APP_DIR = 'dist-gateway-app';

export type GatewayStackOptions = {
  /** REDIS_URL for the gateway (state shared by instances); without it each instance keeps state in memory. */
  redisUrl?: string;
  redisKeyPrefix?: string;
  /** The built app's folder (GATEWAY_STATIC_DIR), relative to the repository or absolute; default dist-gateway-app. */
  staticDir?: string;
  /** The origin browsers use when it is not the gateway itself (nginx in front of several instances). */
  publicOrigin?: string;
};

/** One process of the stack: its command (run from the repository's root), its environment, and what answers once it is up. */
export type StackProcess = { command: string; env: Record<string, string>; readyUrl: string };

/**
 * The gateway on `basePort` (dev 4180), the agents' provider on +1, the token provider on +2, the mocked service on +3;
 * +4 to +9 stay free for what an e2e config adds (a second gateway instance, nginx).
 */
export function gatewayStack(basePort: number, options: GatewayStackOptions = {}) {
  const ports = { gateway: basePort, agentsProvider: basePort + 1, tokenProvider: basePort + 2, api: basePort + 3 };
  const at = (port: number) => `http://${HOST}:${port}`;
  const gatewayOrigin = options.publicOrigin ?? at(ports.gateway);
  const agentsIssuer = at(ports.agentsProvider);
  const tokenIssuer = at(ports.tokenProvider);
  const apiOrigin = at(ports.api);
  /** The service's `{base_url}`, also its resource indicator (the audience of the desk's tokens). */
  const apiBase = `${apiOrigin}/tmf-api/troubleTicket/v5`;
  /** The audience of tokens for the receiver's listener paths; the token provider issues these too (a stand-in). */
  const listenerAudience = `${gatewayOrigin}/listener`;
  const staticDir = join(ROOT, options.staticDir ?? GATEWAY_APP_DIR);
  // Outside the repository, one file per port so parallel runs keep apart; tests read them to sign tokens of their own.
  const keysFile = (port: number) => join(tmpdir(), `trouble-ticket-desk-gateway-stack-${port}.json`);

  const agentsProvider: StackProcess = {
    command: 'npx tsx dev/oidc/main.ts',
    env: {
      DEV_OIDC_PORT: String(ports.agentsProvider),
      DEV_OIDC_GATEWAY_ORIGINS: gatewayOrigin,
      // The agents' tokens name the API too: only the issuer tells them from the desk's, and the service checks it.
      DEV_OIDC_RESOURCE: apiBase,
      DEV_OIDC_KEYS_FILE: keysFile(ports.agentsProvider),
    },
    readyUrl: `${agentsIssuer}/.well-known/openid-configuration`,
  };
  const tokenProvider: StackProcess = {
    command: 'npx tsx dev/oidc/token-provider-main.ts',
    env: {
      DEV_TOKEN_PROVIDER_PORT: String(ports.tokenProvider),
      DEV_TOKEN_PROVIDER_RESOURCES: `${apiBase},${listenerAudience}`,
      DEV_TOKEN_PROVIDER_KEYS_FILE: keysFile(ports.tokenProvider),
    },
    readyUrl: `${tokenIssuer}/.well-known/openid-configuration`,
  };
  const api: StackProcess = {
    command: 'npx tsx mocks/server/http.ts',
    env: {
      PORT: String(ports.api),
      HOST,
      MOCK_OIDC_ISSUER: tokenIssuer,
      MOCK_OIDC_AUDIENCE: apiBase,
      MOCK_OIDC_CLIENT_ID: PROVIDER_CLIENT_ID,
      // The provider's events go to the receiver in the gateway (on the public origin), with its own client's tokens
      // for the receiver's audience (mocks/server/event-sender.ts); its demo controls answer `npm run provider`.
      MOCK_LISTENER_URL: gatewayOrigin,
      MOCK_EVENTS_TOKEN_URL: `${tokenIssuer}/token`,
      MOCK_EVENTS_CLIENT_ID: PROVIDER_EVENTS_CLIENT_ID,
      MOCK_EVENTS_CLIENT_SECRET: PROVIDER_EVENTS_CLIENT_SECRET,
      MOCK_EVENTS_AUDIENCE: listenerAudience,
      MOCK_PROVIDER_CONTROLS: '1',
    },
    // Every path asks for a token: a 401 here proves it listens (Playwright counts 401 as up).
    readyUrl: `${apiBase}/troubleTicket`,
  };
  const gateway: StackProcess = {
    command: 'npx tsx server/gateway/main.ts',
    env: {
      GATEWAY_PORT: String(ports.gateway),
      GATEWAY_HOST: HOST,
      GATEWAY_PUBLIC_ORIGIN: gatewayOrigin,
      GATEWAY_OIDC_ISSUER: agentsIssuer,
      GATEWAY_OIDC_CLIENT_ID: GATEWAY_CLIENT_ID,
      GATEWAY_OIDC_CLIENT_SECRET: GATEWAY_CLIENT_SECRET,
      GATEWAY_OIDC_SCOPE: 'openid profile offline_access',
      GATEWAY_API_BASE_URL: apiBase,
      GATEWAY_PROVIDER_ISSUER: tokenIssuer,
      GATEWAY_PROVIDER_TOKEN_URL: `${tokenIssuer}/token`,
      GATEWAY_PROVIDER_CLIENT_ID: PROVIDER_CLIENT_ID,
      GATEWAY_PROVIDER_CLIENT_SECRET: PROVIDER_CLIENT_SECRET,
      GATEWAY_PROVIDER_AUTH_METHOD: 'client_secret_basic',
      GATEWAY_PROVIDER_AUDIENCE: apiBase,
      GATEWAY_ROLES_CLAIM: 'groups',
      GATEWAY_AGENT_ROLES: 'desk-agent',
      GATEWAY_VIEWER_ROLES: 'desk-viewer',
      GATEWAY_SESSION_SECRET: DEV_SESSION_SECRET,
      GATEWAY_STATIC_DIR: staticDir,
      // The receiver's listener paths take the token provider's tokens for their own audience.
      LISTENER_ISSUER: tokenIssuer,
      LISTENER_AUDIENCE: listenerAudience,
      ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
      ...(options.redisKeyPrefix ? { REDIS_KEY_PREFIX: options.redisKeyPrefix } : {}),
    },
    readyUrl: `${at(ports.gateway)}/readyz`,
  };
  /** The app for gateway mode: no VITE_OIDC_* (the gateway signs in), the API and the relay on its own origin. */
  const build: Omit<StackProcess, 'readyUrl'> = {
    command: `npx vite build --outDir "${staticDir}"`,
    env: { VITE_DEMO: 'false', VITE_AUTH_MODE: 'gateway' },
  };

  return {
    ports,
    origins: { gateway: gatewayOrigin, agentsIssuer, tokenIssuer, api: apiOrigin },
    apiBase,
    listenerAudience,
    staticDir,
    keysFiles: { agentsProvider: keysFile(ports.agentsProvider), tokenProvider: keysFile(ports.tokenProvider) },
    /** In start order: the gateway needs the other three up (it reads the agents' provider's discovery). */
    processes: { agentsProvider, tokenProvider, api, gateway },
    build,
  };
}

/** Another gateway instance of the same stack on its own port (same public origin, secret and Redis). */
export function gatewayInstanceEnv(stack: GatewayStack, port: number): Record<string, string> {
  return { ...stack.processes.gateway.env, GATEWAY_PORT: String(port) };
}

export type GatewayStack = ReturnType<typeof gatewayStack>;
