// @vitest-environment node
/**
 * The gateway stack's settings fit together: each process's environment passes that process's own checks, and what
 * one names (issuer, audience, client, origin) is what the other serves.
 */
import { describe, expect, it } from 'vitest';
import { settingsFromEnvironment } from '../server/listener/settings';
import { authFromEnvironment } from '../mocks/server/http';
import { GATEWAY_CLIENT_ID } from '../dev/oidc/client';
import { gatewayInstanceEnv, gatewayStack } from './gateway-stack';

describe('gatewayStack', () => {
  const stack = gatewayStack(4180);
  const { agentsProvider, tokenProvider, api, gateway } = stack.processes;

  it('puts the gateway on the base port and the other three on the next ports, 127.0.0.1 only', () => {
    expect(stack.ports).toEqual({ gateway: 4180, agentsProvider: 4181, tokenProvider: 4182, api: 4183 });
    expect(gatewayStack(5180).ports.api).toBe(5183);
    expect(stack.origins.gateway).toBe('http://127.0.0.1:4180');
    for (const origin of Object.values(stack.origins)) expect(new URL(origin).hostname).toBe('127.0.0.1');
  });

  it('sends the gateway to the agents’ provider with its confidential client, and back to its own callback', () => {
    expect(gateway.env.GATEWAY_OIDC_ISSUER).toBe(stack.origins.agentsIssuer);
    expect(gateway.env.GATEWAY_OIDC_CLIENT_ID).toBe(GATEWAY_CLIENT_ID);
    expect(agentsProvider.env.DEV_OIDC_GATEWAY_ORIGINS).toBe(gateway.env.GATEWAY_PUBLIC_ORIGIN);
    expect(agentsProvider.readyUrl.startsWith(stack.origins.agentsIssuer)).toBe(true);
    expect(gateway.env.GATEWAY_SESSION_SECRET!.length).toBeGreaterThanOrEqual(32);
  });

  it('has the mocked service accept exactly what the gateway fetches: the token provider’s tokens for the desk’s client', () => {
    expect(authFromEnvironment(api.env)).toEqual({ issuer: stack.origins.tokenIssuer, audience: stack.apiBase, clientId: gateway.env.GATEWAY_PROVIDER_CLIENT_ID });
    expect(gateway.env.GATEWAY_PROVIDER_TOKEN_URL).toBe(`${stack.origins.tokenIssuer}/token`);
    expect(gateway.env.GATEWAY_API_BASE_URL).toBe(stack.apiBase);
    expect(tokenProvider.env.DEV_TOKEN_PROVIDER_RESOURCES!.split(',')).toEqual([stack.apiBase, stack.listenerAudience]);
    // Two issuers: nothing can take an agent's token for the desk's.
    expect(stack.origins.tokenIssuer).not.toBe(stack.origins.agentsIssuer);
  });

  it('gives the receiver settings its own checks accept, for tokens the token provider issues', () => {
    const listener = settingsFromEnvironment(gateway.env);
    expect(listener.listenerAuth).toEqual({ issuer: stack.origins.tokenIssuer, audience: `${stack.origins.gateway}/listener` });
    expect(listener.redis).toBeUndefined();
  });

  it('passes REDIS_URL on, and a second instance differs only in its port', () => {
    const shared = gatewayStack(5180, { redisUrl: 'redis://127.0.0.1:6379/3', publicOrigin: 'http://127.0.0.1:5189' });
    expect(settingsFromEnvironment(shared.processes.gateway.env).redis?.url).toBe('redis://127.0.0.1:6379/3');
    expect(shared.processes.agentsProvider.env.DEV_OIDC_GATEWAY_ORIGINS).toBe('http://127.0.0.1:5189');
    const second = gatewayInstanceEnv(shared, 5184);
    expect(second).toEqual({ ...shared.processes.gateway.env, GATEWAY_PORT: '5184' });
  });

  it('builds the app for gateway mode into the folder the gateway serves', () => {
    expect(stack.build.env).toEqual({ VITE_DEMO: 'false', VITE_AUTH_MODE: 'gateway' });
    expect(stack.build.command).toBe(`npx vite build --outDir "${stack.staticDir}"`);
    expect(gateway.env.GATEWAY_STATIC_DIR).toBe(stack.staticDir);
    expect(stack.staticDir.endsWith('/dist-gateway-app')).toBe(true);
  });
});
