// @vitest-environment node
// The deployment of docs/deploy.md (direct mode) with real parts, and `npm run smoke` against it (issue 30): the
// repository's site.conf and locations.conf under nginx with a certificate made at run time, two receivers on one
// redis-server, and the dev provider's token endpoint issuing the service token. The smoke passes; with a wrong client
// secret, or an instance down, it fails and says which check.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_CLIENT_ID, PROVIDER_CLIENT_SECRET, startTokenProvider } from '../dev/oidc/token-provider';
import type { RunningProvider } from '../dev/oidc/provider';
import { startReceiver, startRedis, type Receiver, type RedisServer } from '../server/testing/processes';
import { cspDirectives, serializeCsp } from '../scripts/csp';
import { startRepositoryNginx, type RepositoryNginx } from './nginx/repository-nginx';

const AUDIENCE = 'https://desk.example.com/listener';
let redis: RedisServer;
let provider: RunningProvider;
let site: RepositoryNginx;
const receivers: Receiver[] = [];

beforeAll(async () => {
  redis = await startRedis();
  provider = await startTokenProvider({ port: 0, resources: [AUDIENCE] });
  // The provider's events are checked against its issuer; the agents' side is off (loopback, development switch).
  const env = { REDIS_URL: redis.url, LISTENER_ISSUER: provider.issuer, LISTENER_AUDIENCE: AUDIENCE, DEV_AUTH_OFF: '1' };
  receivers.push(await startReceiver({ env }), await startReceiver({ env }));
  const [a, b] = receivers as [Receiver, Receiver];
  const policy = serializeCsp(cspDirectives({ VITE_API_BASE_URL: '/tmf-api/troubleTicket/v5', VITE_EVENTS_URL: '/relay' }));
  site = await startRepositoryNginx('site.conf', 'locations.conf', policy, (port) => (port === 4177 ? a.port : b.port));
}, 120_000);

afterAll(async () => {
  await site?.stop();
  await Promise.all(receivers.map((receiver) => receiver.stop()));
  await provider?.close();
  await redis?.stop();
});

function smoke(...extra: string[]): Promise<{ code: number | null; lines: string[] }> {
  const args = [
    '--import', 'tsx', 'scripts/smoke.ts', `https://127.0.0.1:${site.ports.https}`,
    '--instances', receivers.map((receiver) => receiver.base).join(','),
    '--token-url', `${provider.issuer}/token`, '--client-id', PROVIDER_CLIENT_ID, '--resource', AUDIENCE,
    '--agent-token', 'agent-on-this-desk',
    ...extra,
  ];
  if (!extra.includes('--client-secret')) args.push('--client-secret', PROVIDER_CLIENT_SECRET);
  const child = spawn(process.execPath, args, { env: { ...process.env, NODE_EXTRA_CA_CERTS: site.caFile }, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => out.push(chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, lines: out.join('').trim().split('\n') })));
}

describe('npm run smoke against the deployment', () => {
  it('passes: headers, both instances ready with metrics, a service token, the sample event accepted and relayed', async () => {
    const { code, lines } = await smoke();
    expect(lines.filter((line) => !line.startsWith('ok'))).toEqual([]);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ok {4}the app's headers/),
        expect.stringMatching(/^ok {4}http:\/\/127\.0\.0\.1:\d+\/readyz/),
        expect.stringMatching(/^ok {4}http:\/\/127\.0\.0\.1:\d+\/metrics/),
        expect.stringMatching(/^ok {4}a service token: from http/),
        expect.stringMatching(/^ok {4}the sample event accepted: smoke-/),
        expect.stringMatching(/^ok {4}the sample event relayed: reached the agent's stream/),
      ]),
    );
    expect(code).toBe(0);
  }, 60_000);

  it('fails, naming the check, with a wrong client secret', async () => {
    const { code, lines } = await smoke('--client-secret', 'not-the-secret');
    expect(lines).toContainEqual(expect.stringMatching(/^FAIL {2}a service token: The token endpoint answered 401/));
    expect(code).toBe(1);
  }, 60_000);
});
