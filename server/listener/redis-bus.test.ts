/**
 * The receiver on Redis Streams with a real redis-server: ids and the duplicate memory outlive a restart, tickets and
 * events are shared by every receiver, a lost Redis gives 503 and readiness says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeners, type Listener } from '../../src/domain/event';
import { createListenerApp, type ListenerApp } from './app';
import { silentLogger } from './log';
import { dedupeKeyOf } from './in-process-bus';
import { createRedisBus } from './redis-bus';
import { connectRedis, redisKeys } from './redis-connection';
import { createRedisTickets } from './redis-tickets';
import { envelopeFor, sseReader, until } from '../testing/listener-helpers';
import { freePort, startRedis, type RedisServer } from '../testing/processes';

const status = listeners.find((l) => l.eventType === 'TroubleTicketStatusChangeEvent') as Listener;
let redis: RedisServer;
const open: ListenerApp[] = [];

beforeAll(async () => {
  redis = await startRedis();
}, 30_000);

afterAll(async () => {
  await Promise.all(open.map((l) => l.bus.close()));
  await redis.stop();
});

let deployments = 0;
/** A new key prefix: one deployment's keys, apart from the other tests'. */
const deployment = () => `{test-${process.pid}-${(deployments += 1)}}`;

/** A receiver of the deployment `prefix` on the Redis at `url`, ready. */
async function receiver(prefix: string, { url = redis.url, capacity = 1000, ready = true } = {}) {
  const connection = connectRedis(url, silentLogger);
  const keys = redisKeys(prefix);
  const listener = createListenerApp({
    log: silentLogger,
    bus: createRedisBus({ redis: connection, keys, capacity, dedupeSeconds: 3600 }),
    tickets: createRedisTickets({ redis: connection, keys, now: Date.now }),
  });
  open.push(listener);
  if (ready) await until(() => listener.bus.ready(), 'ready');
  const post = (body: object, l: Listener = status) =>
    listener.app.request(l.path, { method: 'POST', headers: { Authorization: 'Bearer service', 'Content-Type': l.contentType }, body: JSON.stringify(body) });
  const buy = (token = 'agent') => listener.app.request('/relay/stream-tickets', { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
  const ticket = async (token = 'agent') => ((await (await buy(token)).json()) as { ticket: string }).ticket;
  const stream = async (query = '', t?: string) => {
    const res = await listener.app.request(`/relay/events?ticket=${t ?? (await ticket())}${query}`);
    expect(res.status).toBe(200);
    const reader = sseReader(res);
    const [hello] = await reader.events(1);
    return { ...reader, hello };
  };
  return { ...listener, post, buy, ticket, stream };
}

const eventIdOf = (data: string | undefined) => (JSON.parse(data ?? '{}') as { envelope: { eventId: string } }).envelope.eventId;

describe('a restart with Redis', () => {
  it('keeps the duplicate memory: a provider’s retry after the restart is relayed once', async () => {
    const prefix = deployment();
    const before = await receiver(prefix);
    const body = envelopeFor(status);
    expect((await before.post(body)).status).toBe(204);
    await before.bus.close();
    const after = await receiver(prefix);
    expect((await after.post(body)).status).toBe(204);
    expect(after.stats()).toMatchObject({ accepted: 1, duplicates: 1, buffered: 1 });
  });

  it('keeps the ids: a browser resumes from its last id with what came after, no reset', async () => {
    const prefix = deployment();
    const before = await receiver(prefix);
    const browser = await before.stream();
    await before.post(envelopeFor(status));
    const [seen] = await browser.events(1);
    await browser.close();
    await before.bus.close();
    const after = await receiver(prefix);
    const missed = [envelopeFor(status), envelopeFor(status)];
    for (const body of missed) await after.post(body);
    const resumed = await after.stream(`&lastEventId=${seen?.id}`);
    const replayed = await resumed.events(2);
    expect(replayed.map((m) => m.event)).toEqual(['notification', 'notification']);
    expect(replayed.map((m) => eventIdOf(m.data))).toEqual(missed.map((b) => b.eventId));
    expect(Number(replayed[0]?.id)).toBeGreaterThan(Number(seen?.id));
    await resumed.close();
  });
});

describe('several receivers on one Redis', () => {
  it('deliver an event POSTed to receiver A to a browser on receiver B, once', async () => {
    const prefix = deployment();
    const [a, b] = [await receiver(prefix), await receiver(prefix)];
    const browser = await b.stream();
    const body = envelopeFor(status);
    expect((await a.post(body)).status).toBe(204);
    expect((await b.post(body)).status).toBe(204);
    const next = envelopeFor(status);
    await a.post(next);
    expect((await browser.events(2)).map((m) => eventIdOf(m.data))).toEqual([body.eventId, next.eventId]);
    await browser.close();
  });

  it('share stream tickets: bought at A, redeemed at B, once', async () => {
    const prefix = deployment();
    const [a, b] = [await receiver(prefix), await receiver(prefix)];
    const t = await a.ticket();
    const stream = await b.stream('', t);
    await stream.close();
    expect((await a.app.request(`/relay/events?ticket=${t}`)).status).toBe(401);
  });

  it('limit tickets per token across receivers (429, Retry-After), and never evict another agent’s', async () => {
    const prefix = deployment();
    const [a, b] = [await receiver(prefix), await receiver(prefix)];
    const first = await a.ticket('first-agent');
    for (let i = 0; i < 10; i += 1) expect((await (i % 2 ? a : b).buy('greedy')).status).toBe(201);
    const refused = await a.buy('greedy');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    const stream = await b.stream('', first);
    await stream.close();
  });

  it('resets a browser whose next event the stream has trimmed away (gap), not one that saw it', async () => {
    const prefix = deployment();
    const a = await receiver(prefix, { capacity: 3 });
    const browser = await a.stream();
    const before = browser.hello?.id;
    await a.post(envelopeFor(status));
    const [first] = await browser.events(1);
    await browser.close();
    // The stream keeps 3: the 4th event pushes out the first.
    for (let i = 0; i < 3; i += 1) await a.post(envelopeFor(status));
    const b = await receiver(prefix, { capacity: 3 });
    const lost = await b.stream(`&lastEventId=${before}`);
    expect((await lost.events(4)).map((m) => m.event)).toEqual(['reset', 'notification', 'notification', 'notification']);
    await lost.close();
    const kept = await b.stream(`&lastEventId=${first?.id}`);
    expect((await kept.events(3)).map((m) => m.event)).toEqual(['notification', 'notification', 'notification']);
    await kept.close();
  });
});

describe('a Redis that restarts empty', () => {
  it('starts a new epoch: a browser from before gets reset "restart", then the new events', async () => {
    const own = await startRedis();
    try {
      const a = await receiver(deployment(), { url: own.url });
      await a.post(envelopeFor(status));
      const browser = await a.stream();
      const position = browser.hello?.id;
      await browser.close();
      await own.stop();
      const again = await startRedis(own.port);
      try {
        await until(() => a.bus.ready(), 'ready again');
        // Redis forgot when the agent's relay session began too: it begins again with this ticket (decision 0053).
        const resumed = await a.stream(`&lastEventId=${position}`);
        const fresh = envelopeFor(status);
        expect((await a.post(fresh)).status).toBe(204);
        const [reset, event] = await resumed.events(2);
        expect(reset).toMatchObject({ event: 'reset', data: '{"reason":"restart"}' });
        expect(eventIdOf(event?.data)).toBe(fresh.eventId);
        await resumed.close();
      } finally {
        await a.bus.close();
        await again.stop();
      }
    } finally {
      await own.stop();
    }
  }, 60_000);
});

describe('without Redis', () => {
  it('answers 503 with Retry-After to an event, and /readyz 503, while Redis cannot be reached', async () => {
    const nowhere = `redis://127.0.0.1:${await freePort()}`;
    const lost = await receiver(deployment(), { url: nowhere, ready: false });
    const res = await lost.post(envelopeFor(status));
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('5');
    expect((await res.json()) as object).toMatchObject({ code: 'notReady' });
    expect((await lost.app.request('/readyz')).status).toBe(503);
    expect((await lost.app.request('/healthz')).status).toBe(200);
  });
});

describe('what the log in Redis holds (issue 38)', () => {
  it('an event as the streams send it, thin: no contact media, names or free text, and the stream still relays it', async () => {
    const prefix = deployment();
    const one = await receiver(prefix);
    const reader = await one.stream();
    const personal = {
      eventId: 'evt-personal-1',
      eventTime: '2026-11-22T10:00:00+01:00',
      eventType: status.eventType,
      title: 'Call Erika Mustermann back',
      description: 'Customer said: ring after 6pm',
      event: {
        [status.resourceName]: {
          id: 'TT-77',
          status: 'inProgress',
          description: 'Router at Hauptstraße 5 dead',
          relatedParty: [
            {
              role: 'locationAContact',
              partyOrPartyRole: {
                '@type': 'Individual',
                familyName: 'Mustermann',
                contactMedium: [{ '@type': 'EmailContactMedium', contactType: 'email', emailAddress: 'erika@example.com' }],
              },
            },
          ],
        },
      },
    };
    expect((await one.post(personal)).status).toBe(204);
    const [event] = await reader.events(1);
    expect(JSON.parse(event?.data ?? '{}')).toMatchObject({ envelope: { eventId: 'evt-personal-1', event: { [status.resourceName]: { id: 'TT-77', status: 'inProgress' } } } });
    await reader.close();
    const connection = connectRedis(redis.url, silentLogger);
    await until(() => connection.isReady(), 'connected');
    const stored = JSON.stringify(await connection.command(['XRANGE', redisKeys(prefix).stream, '-', '+']));
    await connection.close();
    expect(stored).toContain('evt-personal-1');
    expect(stored).toContain('TT-77');
    for (const secret of ['Mustermann', 'erika@example.com', 'Hauptstra', 'ring after 6pm', 'Erika']) expect(stored).not.toContain(secret);
  });
});

describe('the duplicate window in Redis', () => {
  it('refuses an event again within the window, accepts it after, and holds one set, not a key per event', async () => {
    const prefix = deployment();
    const connection = connectRedis(redis.url, silentLogger);
    const keys = redisKeys(prefix);
    const listener = createListenerApp({ log: silentLogger, bus: createRedisBus({ redis: connection, keys, capacity: 1000, dedupeSeconds: 3 }) });
    open.push(listener);
    await until(() => listener.bus.ready(), 'ready');
    const post = async (body: Record<string, unknown>) => {
      const res = await listener.app.request(status.path, { method: 'POST', headers: { Authorization: 'Bearer service', 'Content-Type': status.contentType }, body: JSON.stringify(body) });
      expect(res.status).toBe(204);
    };
    const keysHeld = async () => {
      let cursor = '0';
      let count = 0;
      do {
        const [next, found] = await connection.command<[string, string[]]>(['SCAN', cursor, 'MATCH', `${prefix}*`, 'COUNT', '1000']);
        cursor = next;
        count += found.length;
      } while (cursor !== '0');
      return count;
    };
    const window = () => connection.command<number>(['ZCARD', keys.seen]);
    const first = envelopeFor(status);
    await post(first);
    await post(first);
    expect(listener.stats()).toMatchObject({ accepted: 2, duplicates: 1 });
    const held = await keysHeld();
    for (let i = 0; i < 20; i += 1) await post(envelopeFor(status));
    // 21 events: the same keys as after one, and 21 entries in the window's set.
    expect(await keysHeld()).toBe(held);
    expect(await window()).toBe(21);
    // Events keep coming; once the first has left the window, the set has let go of it, and still no key was added.
    let posted = 21;
    const member = keys.seenMember(dedupeKeyOf(status.eventType, first.eventId as string));
    await until(async () => {
      await post(envelopeFor(status));
      posted += 1;
      return (await connection.command<string | null>(['ZSCORE', keys.seen, member])) === null;
    }, 'the first event left the window');
    expect(await window()).toBeLessThan(posted);
    expect(await keysHeld()).toBe(held);
    await post(first);
    expect(listener.stats()).toMatchObject({ accepted: posted + 2, duplicates: 1 });
  });
});
