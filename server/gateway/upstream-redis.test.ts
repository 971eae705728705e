/** Several gateway instances on one real redis-server: one token for all, fetched once; the audit seen by every instance. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../listener/log';
import { connectRedis, type RedisConnection } from '../listener/redis-connection';
import { freePort, startRedis, type RedisServer } from '../testing/processes';
import { createAuditLog } from './audit';
import { createServiceTokens } from './service-token';
import { agentSession, CLIENT_ID, CLIENT_SECRET, closeAll, startTokenEndpoint } from '../testing/upstream';

let redis: RedisServer;
const connections: RedisConnection[] = [];

beforeAll(async () => {
  redis = await startRedis();
}, 30_000);
afterEach(closeAll);
afterAll(async () => {
  await Promise.all(connections.map((c) => c.close()));
  await redis?.stop();
});

let deployments = 0;
/** A new key prefix: one deployment's keys, apart from the other tests'. */
const deployment = () => `{gw-test-${process.pid}-${(deployments += 1)}}`;

async function connected(url = redis.url, ready = true): Promise<RedisConnection> {
  const connection = connectRedis(url, silentLogger);
  connections.push(connection);
  for (let i = 0; ready && !connection.isReady(); i += 1) {
    if (i > 200) throw new Error('Redis did not connect within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return connection;
}

const basic = { method: 'client_secret_basic', clientSecret: CLIENT_SECRET } as const;
const SECRET = 'Zr4pQ8vK2mX7bN1tW6yH3cJ9sD5fL0gA';

async function instances(tokenUrl: string, count = 2, prefix = deployment(), secret = SECRET) {
  return Promise.all(
    Array.from({ length: count }, async () =>
      createServiceTokens({ tokenUrl, clientId: CLIENT_ID, auth: basic, redis: { connection: await connected(), prefix, secret }, pollMs: 20 }),
    ),
  );
}

describe('the desk’s token shared through Redis', () => {
  it('two instances, 50 concurrent calls spread over both: one token request, one token', async () => {
    const endpoint = await startTokenEndpoint();
    const [a, b] = await instances(endpoint.tokenUrl);
    const got = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b)!.get()));
    expect(new Set(got)).toEqual(new Set(['tok-1']));
    expect(endpoint.seen).toHaveLength(1);
    expect(a!.stats().fetches + b!.stats().fetches).toBe(1);
  });

  it('an instance that starts later takes the stored token instead of asking for one', async () => {
    const endpoint = await startTokenEndpoint();
    const [a, b] = await instances(endpoint.tokenUrl);
    expect(await a!.get()).toBe('tok-1');
    expect(await b!.get()).toBe('tok-1');
    expect(endpoint.seen).toHaveLength(1);
  });

  it('a refused token is dropped for every instance, and a newer one is not dropped by a late report', async () => {
    const endpoint = await startTokenEndpoint();
    const [a, b] = await instances(endpoint.tokenUrl);
    await Promise.all([a!.get(), b!.get()]);
    await a!.invalidate('tok-1');
    expect(await a!.get()).toBe('tok-2');
    // b still held tok-1 in memory; its own 401 drops that copy, not the shared tok-2.
    await b!.invalidate('tok-1');
    expect(await b!.get()).toBe('tok-2');
    expect(endpoint.seen).toHaveLength(2);
  });

  it('is stored sealed: Redis holds no token that works at the provider, and another secret cannot open it (issue 38)', async () => {
    const endpoint = await startTokenEndpoint();
    const prefix = deployment();
    const [a] = await instances(endpoint.tokenUrl, 1, prefix);
    expect(await a!.get()).toBe('tok-1');
    const stored = await (await connected()).command<string>(['GET', `${prefix}:gateway:service-token`]);
    expect(stored).toMatch(/^[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain('tok-1');
    expect(Buffer.from(stored.split('.')[3] ?? '', 'base64url').toString('latin1')).not.toContain('tok-1');
    // An instance with another secret finds nothing it can use, and fetches its own.
    const [stranger] = await instances(endpoint.tokenUrl, 1, prefix, 'another secret 0123456789abcdefghij');
    expect(await stranger!.get()).toBe('tok-2');
  });

  it('with Redis unreachable, each instance still gets a token of its own', async () => {
    const endpoint = await startTokenEndpoint();
    const down = await connected(`redis://127.0.0.1:${await freePort()}`, false);
    const tokens = createServiceTokens({ tokenUrl: endpoint.tokenUrl, clientId: CLIENT_ID, auth: basic, redis: { connection: down, prefix: deployment(), secret: SECRET } });
    expect(await tokens.get()).toBe('tok-1');
  });
});

describe('the audit on Redis', () => {
  const agent = { subject: agentSession.subject, name: agentSession.name };

  it('a ticket entered through one instance is found through another; every record is in the stream, kept 90 days', async () => {
    const prefix = deployment();
    const connection = await connected();
    const one = createAuditLog({ log: silentLogger, now: () => Date.parse('2026-11-26T10:42:00Z'), redis: { connection, prefix } });
    const two = createAuditLog({ log: silentLogger, redis: { connection: await connected(), prefix } });
    await one.record({ requestId: 'r1', agent, action: 'createTroubleTicket', externalIdentifier: 'EXT-1', outcome: { status: 201, resourceId: 'TT-1' } });
    await one.record({ requestId: 'r2', agent, action: 'createTroubleTicket', externalIdentifier: 'EXT-1', outcome: { status: 409 } });
    expect(await two.find('troubleTicket', 'TT-1')).toEqual({ action: 'createTroubleTicket', agent, at: '2026-11-26T10:42:00.000Z', externalIdentifier: 'EXT-1' });
    expect(await two.find('cancelProductOrder', 'TT-1')).toBeUndefined();
    expect(await connection.command(['XLEN', `${prefix}:gateway:audit`])).toBe(2);
    const keys = await connection.command<string[]>(['KEYS', `${prefix}:gateway:audit:troubleTicket:*`]);
    expect(keys).toHaveLength(1);
    const ttl = await connection.command<number>(['TTL', keys[0] as string]);
    expect(ttl).toBeGreaterThan(90 * 24 * 3600 - 60);
    expect(ttl).toBeLessThanOrEqual(90 * 24 * 3600);
  });

  it('with Redis unreachable, a record stays in the log line and the look-up fails (the route says 503)', async () => {
    const lines: string[] = [];
    const down = await connected(`redis://127.0.0.1:${await freePort()}`, false);
    const audit = createAuditLog({ log: (line) => lines.push(line.kind), redis: { connection: down, prefix: deployment() } });
    await audit.record({ requestId: 'r1', agent, action: 'createTroubleTicket', externalIdentifier: null, outcome: { status: 201, resourceId: 'TT-1' } });
    expect(lines).toEqual(['audit', 'info']);
    await expect(audit.find('troubleTicket', 'TT-1')).rejects.toThrow();
  });
});
