/**
 * Streams across two gateway instances on one Redis (issue 38): HEAD opens none, and a stream whose client reads
 * nothing still ends at the next heartbeat after a sign-out on the other instance, its count given back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger, type LogLine } from '../listener/log';
import { connectRedis, type RedisConnection } from '../listener/redis-connection';
import { until } from '../testing/listener-helpers';
import { startRedis, type RedisServer } from '../testing/processes';
import { createAuditLog } from './audit';
import { createGatewayApp, type GatewayApp } from './app';
import { createSessionStore } from './sessions';
import { signInThrough, startTestIdp, TEST_CLIENT_ID, TEST_CLIENT_SECRET, type TestIdp } from '../testing/idp';

const ORIGIN = 'http://127.0.0.1:5224';
let redis: RedisServer;
let idp: TestIdp;
const connections: RedisConnection[] = [];
const lines: LogLine[] = [];

async function instance(): Promise<GatewayApp> {
  const connection = connectRedis(redis.url, silentLogger);
  connections.push(connection);
  await until(() => connection.isReady(), 'connected to Redis');
  return createGatewayApp({
    settings: {
      publicOrigin: ORIGIN,
      oidc: { issuer: idp.issuer, clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET, scope: 'openid profile offline_access' },
      roles: { claim: 'groups', agent: ['desk-agent'], viewer: ['desk-viewer'] },
      api: { baseUrl: 'http://127.0.0.1:9/tmf-api/troubleTicket/v5', path: '/tmf-api/troubleTicket/v5', timeoutMs: 5000, maxResponseBytes: 1024 * 1024 },
      staticDir: undefined,
      listener: { listenerAuth: undefined, bufferSize: 100, testHooks: false, subscriberMaxBytes: 1024 * 1024, maxStreamsPerAgent: 5 },
    },
    store: createSessionStore({
      secret: 'one deployment, one session secret, 32+ characters',
      idleSeconds: 1800,
      absoluteSeconds: 36000,
      redis: { connection, keyPrefix: '{two-instances-streams}' },
    }),
    tokens: { get: async () => 'service-token', invalidate: async () => {} },
    audit: createAuditLog({ log: silentLogger, redis: { connection, prefix: '{two-instances-streams}' } }),
    log: (line) => lines.push(line),
    heartbeatMs: 50,
    // Far beyond the test: the stream below ends with its session, not as a stalled one.
    writeStallMs: 600_000,
  });
}

beforeAll(async () => {
  redis = await startRedis();
  idp = await startTestIdp(ORIGIN);
}, 30_000);

afterAll(async () => {
  await Promise.all(connections.map((c) => c.close()));
  await idp?.close();
  await redis?.stop();
});

describe('streams on two gateway instances', () => {
  it('HEAD opens none; an unread stream on B ends at sign-out on A, and B counts no stream after', async () => {
    const [a, b] = [await instance(), await instance()];
    const { session } = await signInThrough((path, init) => a.app.request(path, init), idp, ORIGIN, 'agent.one');
    const cookie = { Cookie: `__Host-ttd-session=${session}` };

    for (let i = 0; i < 6; i += 1) {
      const head = await b.app.request('/relay/events', { method: 'HEAD', headers: cookie });
      expect(head.status).toBe(405);
      expect(head.headers.get('Allow')).toBe('GET');
    }
    expect(b.listener.stats().subscribers).toBe(0);

    // Opened and never read: its writes wait for a client that takes nothing.
    expect((await b.app.request('/relay/events', { headers: cookie })).status).toBe(200);
    await until(() => b.listener.stats().subscribers === 1, 'the stream counted on B');
    expect((await a.app.request('/gateway/logout', { method: 'POST', headers: { ...cookie, Origin: ORIGIN } })).status).toBe(200);
    await until(() => b.listener.stats().subscribers === 0, 'the stream on B ended with the session');
    expect(lines.filter((line) => line.kind === 'stream' && line.action !== 'opened')).toEqual([expect.objectContaining({ action: 'closed', reason: 'session ended' })]);
  });
});
