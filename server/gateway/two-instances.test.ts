/** Two gateway instances on one real redis-server: a session made on one is live on the other, and signed out on both. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger, type LogLine } from '../listener/log';
import { connectRedis, type RedisConnection } from '../listener/redis-connection';
import { sseReader } from '../testing/listener-helpers';
import { startRedis, type RedisServer } from '../testing/processes';
import { createAuditLog } from './audit';
import { createGatewayApp, type GatewayApp } from './app';
import { createSessionStore } from './sessions';
import { BACK_CHANNEL_LOGOUT_PATH, LOGOUT_EVENT } from './back-channel-logout';
import { signAs, signInThrough, startTestIdp, TEST_CLIENT_ID, testGatewaySettings, type TestIdp } from '../testing/idp';

const ORIGIN = 'http://127.0.0.1:5223';
let redis: RedisServer;
let idp: TestIdp;
const connections: RedisConnection[] = [];
const lines: LogLine[] = [];

/** One instance: its own Redis connection, the deployment's key prefix and session secret. */
async function instance(): Promise<GatewayApp> {
  const connection = connectRedis(redis.url, silentLogger);
  connections.push(connection);
  const end = Date.now() + 10_000;
  while (!connection.isReady() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
  return createGatewayApp({
    settings: testGatewaySettings(ORIGIN, idp.issuer, { baseUrl: 'http://127.0.0.1:9/tmf-api/troubleTicket/v5' }),
    store: createSessionStore({
      secret: 'one deployment, one session secret, 32+ characters',
      idleSeconds: 1800,
      absoluteSeconds: 36000,
      redis: { connection, keyPrefix: '{two-instances}' },
    }),
    tokens: { get: async () => 'service-token', invalidate: async () => {} },
    audit: createAuditLog({ log: silentLogger, redis: { connection, prefix: '{two-instances}' } }),
    log: (line) => lines.push(line),
    // Short heartbeats: a stream on the other instance learns of the sign-out at the next one.
    heartbeatMs: 50,
    // The tests read a stream's pings only at their end: a busy machine's pause between two steps (twice a heartbeat
    // by default) must not end it as slow before the sign-out does.
    writeStallMs: 60_000,
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

describe('two gateway instances on one Redis', () => {
  it('share the session: made on one, read on the other; signed out on one, refused on the other, its stream ended', async () => {
    const [a, b] = [await instance(), await instance()];
    const { session } = await signInThrough((path, init) => a.app.request(path, init), idp, ORIGIN, 'agent.one');
    const cookie = { Cookie: `__Host-ttd-session=${session}` };

    const onB = await b.app.request('/gateway/session', { headers: cookie });
    expect(onB.status).toBe(200);
    expect(await onB.json()).toMatchObject({ subject: 'agent.one', name: 'Jana Schmidt', roles: ['agent'] });
    expect((await b.app.request('/gateway/audit/troubleTicket/TT-404', { headers: cookie })).status).toBe(404);

    // "Stay signed in" from two tabs served by two instances at once: the refresh token goes to the IdP once.
    const refreshes = idp.grants.filter((g) => g === 'refresh_token').length;
    const both = await Promise.all(
      [a, b].map((instance) => instance.app.request('/gateway/session/refresh', { method: 'POST', headers: { ...cookie, Origin: ORIGIN } })),
    );
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(idp.grants.filter((g) => g === 'refresh_token').length).toBe(refreshes + 1);

    const stream = await b.app.request('/relay/events', { headers: cookie });
    expect(stream.status).toBe(200);
    const reader = sseReader(stream);
    expect((await reader.events(1))[0]?.event).toBe('hello');

    expect((await a.app.request('/gateway/logout', { method: 'POST', headers: { ...cookie, Origin: ORIGIN } })).status).toBe(200);
    expect((await b.app.request('/gateway/session', { headers: cookie })).status).toBe(401);
    expect((await b.app.request('/tmf-api/troubleTicket/v5/troubleTicket', { headers: cookie })).status).toBe(401);
    expect((await b.app.request('/gateway/session/refresh', { method: 'POST', headers: { ...cookie, Origin: ORIGIN } })).status).toBe(401);
    // B's stream was opened on the session A ended: B's next heartbeat asks the store and ends it.
    for (let m = await reader.next(); m; m = await reader.next()) expect(m.event).toBeUndefined();
    expect(lines).toContainEqual(expect.objectContaining({ kind: 'stream', action: 'closed', reason: 'session ended' }));
  });

  it('a back-channel logout posted to one ends the session on the other, and its stream; its jti is refused on the other', async () => {
    const [a, b] = [await instance(), await instance()];
    const { session } = await signInThrough((path, init) => a.app.request(path, init), idp, ORIGIN, 'agent.one');
    const cookie = { Cookie: `__Host-ttd-session=${session}` };
    const stream = await b.app.request('/relay/events', { headers: cookie });
    const reader = sseReader(stream);
    expect((await reader.events(1))[0]?.event).toBe('hello');
    const now = Math.floor(Date.now() / 1000);
    const token = await signAs(idp, { iss: idp.issuer, aud: TEST_CLIENT_ID, iat: now, exp: now + 120, jti: `jti-${now}-two`, sub: 'agent.one', events: { [LOGOUT_EVENT]: {} } });
    // The IdP posts server to server: no Origin, no cookie.
    const post = (instance: GatewayApp) =>
      instance.app.request(BACK_CHANNEL_LOGOUT_PATH, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `logout_token=${token}` });
    expect((await post(a)).status).toBe(200);
    expect((await b.app.request('/gateway/session', { headers: cookie })).status).toBe(401);
    for (let m = await reader.next(); m; m = await reader.next()) expect(m.event).toBeUndefined();
    // The same token replayed at the other instance: the jti is known there too (kept in Redis).
    expect((await post(b)).status).toBe(400);
  });
});
