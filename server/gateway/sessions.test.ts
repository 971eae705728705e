/** The session store, in memory and on a real redis-server: lifetimes, the idle slide, sign-out, one-use sign-ins, encryption. */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../listener/log';
import { connectRedis, type RedisConnection } from '../listener/redis-connection';
import { until } from '../testing/listener-helpers';
import { startRedis, type RedisServer } from '../testing/processes';
import { createSessionStore, LOGIN_TRANSACTION_MS, REFRESH_LOCK_MS, SLIDE_WRITE_MS, type SessionStoreOptions } from './sessions';

const SECRET = 'a session secret of at least 32 characters';
const IDLE_S = 1800;
const ABSOLUTE_S = 36000;
const newSession = { subject: 'agent.one', name: 'Jana Schmidt', roles: ['agent' as const], refreshToken: 'refresh-1', idToken: 'id-1' };
const login = { state: 'state-1', nonce: 'nonce-1', codeVerifier: 'verifier-1', returnTo: '/tickets/TT-1' };

let redis: RedisServer;
let connection: RedisConnection;
let prefixes = 0;

beforeAll(async () => {
  redis = await startRedis();
  connection = connectRedis(redis.url, silentLogger);
  const end = Date.now() + 10_000;
  while (!connection.isReady() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
}, 30_000);

afterAll(async () => {
  await connection?.close();
  await redis?.stop();
});

type Backend = 'memory' | 'redis';
/** A store on a clock the test moves; with Redis, a key prefix of its own. */
function storeOn(backend: Backend, extra: Partial<SessionStoreOptions> = {}) {
  const clock = { t: Date.UTC(2026, 10, 26, 10, 0) };
  const keyPrefix = `{gw-test-${process.pid}-${(prefixes += 1)}}`;
  const store = createSessionStore({
    secret: SECRET,
    idleSeconds: IDLE_S,
    absoluteSeconds: ABSOLUTE_S,
    now: () => clock.t,
    ...(backend === 'redis' ? { redis: { connection, keyPrefix } } : {}),
    ...extra,
  });
  return { store, clock, keyPrefix };
}

describe.each(['memory', 'redis'] as const)('the session store (%s)', (backend) => {
  it('counts the sessions it holds (the gauge of /metrics), not the sign-ins under way', async () => {
    const { store } = storeOn(backend);
    expect(await store.count()).toBe(0);
    const first = await store.create(newSession);
    await store.create(newSession);
    await store.saveLogin(login);
    expect(await store.count()).toBe(2);
    await store.remove(first.id);
    expect(await store.count()).toBe(1);
  });

  it('creates a session under a random cookie id and reads it back with both ends', async () => {
    const { store, clock } = storeOn(backend);
    const { id, key, record } = await store.create(newSession);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(key).toBe(createHash('sha256').update(id).digest('base64url'));
    expect(record).toEqual({ ...newSession, createdAt: clock.t, lastSeenAt: clock.t, idleExpiresAt: clock.t + IDLE_S * 1000, absoluteExpiresAt: clock.t + ABSOLUTE_S * 1000 });
    expect(await store.read(id)).toEqual(record);
    expect((await store.create(newSession)).id).not.toBe(id);
  });

  it.each([
    ['an unknown id', 'A'.repeat(43)],
    ['a short id', 'abc'],
    ['an id with other characters', `${'A'.repeat(42)}/`],
  ])('knows no session for %s', async (_what, id) => {
    const { store } = storeOn(backend);
    await store.create(newSession);
    expect(await store.read(id)).toBeUndefined();
    expect(await store.touch(id)).toBeUndefined();
  });

  it('ends a session at its idle end, not a millisecond before, and reading does not slide it', async () => {
    const { store, clock } = storeOn(backend);
    const { id, record } = await store.create(newSession);
    clock.t = record.idleExpiresAt - 1;
    expect(await store.read(id)).toEqual(record);
    clock.t = record.idleExpiresAt;
    expect(await store.read(id)).toBeUndefined();
  });

  it.each([
    [SLIDE_WRITE_MS - 1, false],
    [SLIDE_WRITE_MS, true],
  ])('an API call %i ms after the last write slides the idle end: %s', async (after, slides) => {
    const { store, clock } = storeOn(backend);
    const { id, record } = await store.create(newSession);
    clock.t += after;
    await store.touch(id);
    const stored = await store.read(id);
    expect(stored?.idleExpiresAt).toBe(slides ? clock.t + IDLE_S * 1000 : record.idleExpiresAt);
    expect(stored?.lastSeenAt).toBe(slides ? clock.t : record.createdAt);
  });

  it('ends at the absolute end however busy the agent is, and the idle end never passes it', async () => {
    const { store, clock } = storeOn(backend);
    const { id, record } = await store.create(newSession);
    while (clock.t + 20 * 60_000 < record.absoluteExpiresAt) {
      clock.t += 20 * 60_000;
      expect(await store.touch(id)).toBeDefined();
    }
    clock.t = record.absoluteExpiresAt - 1;
    expect((await store.touch(id))?.idleExpiresAt).toBe(record.absoluteExpiresAt);
    clock.t = record.absoluteExpiresAt;
    expect(await store.touch(id)).toBeUndefined();
  });

  it('renews with the rotated tokens and slides the idle end at once', async () => {
    const { store, clock } = storeOn(backend);
    const { id } = await store.create(newSession);
    clock.t += 1000;
    const renewed = await store.renew(id, { refreshToken: 'refresh-2', idToken: 'id-2' });
    expect(renewed).toMatchObject({ refreshToken: 'refresh-2', idToken: 'id-2', lastSeenAt: clock.t, idleExpiresAt: clock.t + IDLE_S * 1000 });
    expect(await store.read(id)).toEqual(renewed);
  });

  it('deletes a session: gone for read, touch and renew, and a late slide does not bring it back', async () => {
    const { store, clock } = storeOn(backend);
    const { id } = await store.create(newSession);
    const other = await store.create(newSession);
    expect(await store.remove(id)).toMatchObject({ subject: 'agent.one' });
    clock.t += SLIDE_WRITE_MS;
    expect(await store.touch(id)).toBeUndefined();
    expect(await store.renew(id, { refreshToken: 'r', idToken: 'i' })).toBeUndefined();
    expect(await store.read(id)).toBeUndefined();
    expect(await store.remove(id)).toBeUndefined();
    expect(await store.read(other.id)).toBeDefined();
  });

  it("ends the sessions a back-channel logout names: by sid only that IdP session's, by sub every one of the account", async () => {
    const { store } = storeOn(backend);
    const a1 = await store.create({ ...newSession, sid: 'sid-a1' });
    const a2 = await store.create({ ...newSession, sid: 'sid-a2' });
    const viewer = await store.create({ ...newSession, subject: 'viewer.one', sid: 'sid-v' });
    // A sid with the wrong sub ends nothing; an unknown sid ends nothing.
    expect(await store.removeMatching({ sid: 'sid-a1', subject: 'viewer.one' })).toEqual([]);
    expect(await store.removeMatching({ sid: 'sid-unknown' })).toEqual([]);
    expect(await store.removeMatching({ sid: 'sid-a1', subject: 'agent.one' })).toEqual([a1.key]);
    expect(await store.read(a1.id)).toBeUndefined();
    expect(await store.read(a2.id)).toBeDefined();
    const a3 = await store.create(newSession);
    expect((await store.removeMatching({ subject: 'agent.one' })).sort()).toEqual([a2.key, a3.key].sort());
    expect(await store.read(a2.id)).toBeUndefined();
    expect(await store.read(a3.id)).toBeUndefined();
    expect(await store.read(viewer.id)).toBeDefined();
    // Already ended: nothing left to end, and a session removed by sign-out is not counted either.
    await store.remove(viewer.id);
    expect(await store.removeMatching({ subject: 'viewer.one' })).toEqual([]);
  });

  it('says whether an id (a logout token jti) is used the first time', async () => {
    const { store } = storeOn(backend);
    expect(await store.firstUse('jti-1', 60_000)).toBe(true);
    expect(await store.firstUse('jti-1', 60_000)).toBe(false);
    expect(await store.firstUse('jti-2', 60_000)).toBe(true);
  });

  it('hands a sign-in transaction over once, and not after ten minutes', async () => {
    const { store, clock } = storeOn(backend);
    const first = await store.saveLogin(login);
    expect(await store.takeLogin(first)).toEqual(login);
    expect(await store.takeLogin(first)).toBeUndefined();
    const late = await store.saveLogin(login);
    clock.t += LOGIN_TRANSACTION_MS - 1;
    const inTime = await store.saveLogin(login);
    clock.t += 1;
    expect(await store.takeLogin(late)).toBeUndefined();
    expect(await store.takeLogin(inTime)).toEqual(login);
  });

  it("holds one session's refresh for one caller at a time, until released or REFRESH_LOCK_MS", async () => {
    const { store, clock } = storeOn(backend);
    const { id } = await store.create(newSession);
    const other = await store.create(newSession);
    const release = await store.lockRefresh(id);
    expect(release).toBeDefined();
    expect(await store.lockRefresh(id)).toBeUndefined();
    expect(await store.lockRefresh(other.id)).toBeDefined();
    await release?.();
    const again = await store.lockRefresh(id);
    expect(again).toBeDefined();
    if (backend === 'memory') {
      clock.t += REFRESH_LOCK_MS - 1;
      expect(await store.lockRefresh(id)).toBeUndefined();
      clock.t += 1;
      expect(await store.lockRefresh(id)).toBeDefined();
    }
  });

  it('reads nothing written with another secret', async () => {
    const { store, keyPrefix } = storeOn(backend);
    const { id } = await store.create(newSession);
    const other = createSessionStore({
      secret: `${SECRET} rotated`,
      idleSeconds: IDLE_S,
      absoluteSeconds: ABSOLUTE_S,
      ...(backend === 'redis' ? { redis: { connection, keyPrefix } } : {}),
    });
    expect(await other.read(id)).toBeUndefined();
  });
});

describe('the sessions counted in Redis', () => {
  it('without SCAN, right after create, sign-out, back-channel logout and expiry, the same on two instances', async () => {
    const prefix = `{gw-count-${process.pid}}`;
    const instance = (idleSeconds = IDLE_S) =>
      createSessionStore({ secret: SECRET, idleSeconds, absoluteSeconds: ABSOLUTE_S, redis: { connection, keyPrefix: prefix } });
    const [a, b] = [instance(), instance()];
    const counts = async () => [await a.count(), await b.count()];
    await connection.command(['CONFIG', 'RESETSTAT']);
    expect(await counts()).toEqual([0, 0]);
    const first = await a.create(newSession);
    expect(await counts()).toEqual([1, 1]);
    await b.create({ ...newSession, subject: 'agent.two', sid: 'idp-session-2' });
    await b.touch(first.id);
    expect(await counts()).toEqual([2, 2]);
    await b.remove(first.id);
    expect(await counts()).toEqual([1, 1]);
    await a.removeMatching({ sid: 'idp-session-2' });
    expect(await counts()).toEqual([0, 0]);
    // A session whose idle end passes is not counted once Redis has let it go, with no sign-out.
    await instance(1).create(newSession);
    expect(await counts()).toEqual([1, 1]);
    await until(async () => (await a.count()) === 0, 'the idle session no longer counted');
    expect(await b.count()).toBe(0);
    const stats = await connection.command<string>(['INFO', 'commandstats']);
    expect(stats).not.toMatch(/cmdstat_(scan|keys):/);
  });
});

describe('at rest in Redis', () => {
  it('holds neither the cookie id nor any token or name in the clear, under a key that expires with the session', async () => {
    const { store, keyPrefix } = storeOn('redis');
    const { id, key } = await store.create(newSession);
    const loginId = await store.saveLogin(login);
    const keys = await connection.command<string[]>(['KEYS', `${keyPrefix}*`]);
    // The back-channel logout's index of the account's sessions: a hash of the subject, holding store keys only.
    const bySubject = `${keyPrefix}:gateway:by-sub:${createHash('sha256').update('agent.one').digest('base64url')}`;
    // The sessions' count: a sorted set of the same hashes, by expiry.
    const counted = `${keyPrefix}:gateway:sessions`;
    expect(keys.sort()).toEqual([`${keyPrefix}:gateway:login:${store.keyOf(loginId)}`, `${keyPrefix}:gateway:session:${key}`, bySubject, counted].sort());
    expect(await connection.command<string[]>(['SMEMBERS', bySubject])).toEqual([key]);
    expect(await connection.command<string[]>(['ZRANGE', counted, '0', '-1'])).toEqual([key]);
    const indexTtl = await connection.command<number>(['PTTL', bySubject]);
    expect(indexTtl).toBeGreaterThan(ABSOLUTE_S * 1000 - 5000);
    expect(indexTtl).toBeLessThanOrEqual(ABSOLUTE_S * 1000);
    const dump = (await Promise.all(keys.filter((k) => k !== bySubject && k !== counted).map((k) => connection.command<string>(['GET', k])))).join('\n');
    for (const clear of [id, loginId, 'agent.one', 'Jana Schmidt', 'refresh-1', 'id-1', 'verifier-1', 'nonce-1', '/tickets/TT-1']) expect(dump).not.toContain(clear);
    const ttl = await connection.command<number>(['PTTL', `${keyPrefix}:gateway:session:${key}`]);
    expect(ttl).toBeGreaterThan(IDLE_S * 1000 - 5000);
    expect(ttl).toBeLessThanOrEqual(IDLE_S * 1000);
  });

  it('does not accept a record copied under another session key', async () => {
    const { store, keyPrefix } = storeOn('redis');
    const victim = await store.create(newSession);
    const attacker = await store.create({ ...newSession, subject: 'viewer.one' });
    const sealed = await connection.command<string>(['GET', `${keyPrefix}:gateway:session:${victim.key}`]);
    await connection.command(['SET', `${keyPrefix}:gateway:session:${attacker.key}`, sealed]);
    expect(await store.read(attacker.id)).toBeUndefined();
  });
});

describe('the refresh lock in Redis', () => {
  it('is one for every instance, and a late release does not free a lock another holds now', async () => {
    const { store: a, keyPrefix } = storeOn('redis');
    const b = createSessionStore({ secret: SECRET, idleSeconds: IDLE_S, absoluteSeconds: ABSOLUTE_S, redis: { connection, keyPrefix } });
    const { id } = await a.create(newSession);
    const releaseA = await a.lockRefresh(id);
    expect(await b.lockRefresh(id)).toBeUndefined();
    await releaseA?.();
    const releaseB = await b.lockRefresh(id);
    expect(releaseB).toBeDefined();
    await releaseA?.();
    expect(await a.lockRefresh(id)).toBeUndefined();
    await releaseB?.();
  });
});

describe('in memory', () => {
  it('holds at most maxEntries sessions: the oldest goes first', async () => {
    const { store } = storeOn('memory', { maxEntries: 2 });
    const first = await store.create(newSession);
    const second = await store.create(newSession);
    const third = await store.create(newSession);
    expect(await store.read(first.id)).toBeUndefined();
    expect(await store.read(second.id)).toBeDefined();
    expect(await store.read(third.id)).toBeDefined();
  });
});
