// @vitest-environment node
// The start's Redis check against a real redis-server with a password: each way in is let in or named in one
// sentence that never prints the password.
import { createClient } from '@redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startRedis, type RedisServer } from '../testing/processes';
import { checkRedis } from '../redis-check';

const PASSWORD = 'desk-redis-secret-9';
let redis: RedisServer;

beforeAll(async () => {
  redis = await startRedis();
  const admin = createClient({ url: redis.url });
  await admin.connect();
  await admin.sendCommand(['CONFIG', 'SET', 'requirepass', PASSWORD]);
  admin.destroy();
});
afterAll(async () => {
  await redis.stop();
});

describe('checkRedis', () => {
  it('lets in the right password', async () => {
    expect(await checkRedis(`redis://:${PASSWORD}@127.0.0.1:${redis.port}`)).toBeNull();
  });

  it.each([
    ['a wrong password', () => `redis://:wrong-secret@127.0.0.1:${redis.port}`, /^REDIS_URL: Redis at 127\.0\.0\.1:\d+ refused the user name or password/],
    ['a wrong user', () => `redis://someone:${PASSWORD}@127.0.0.1:${redis.port}`, /^REDIS_URL: Redis at 127\.0\.0\.1:\d+ refused the user name or password/],
    ['no password', () => `redis://127.0.0.1:${redis.port}`, /^REDIS_URL: Redis at 127\.0\.0\.1:\d+ needs a password and REDIS_URL has none/],
  ])('names %s in one sentence without the password', async (_name, url, sentence) => {
    const said = await checkRedis(url());
    expect(said).toMatch(sentence);
    expect(said).not.toContain('secret');
    expect(said?.split('. ').length).toBe(1);
  });

  it('names a port where nothing answers', async () => {
    const port = await freePort();
    expect(await checkRedis(`redis://:${PASSWORD}@127.0.0.1:${port}`, 1000)).toBe(`REDIS_URL: nothing answers at 127.0.0.1:${port}; start Redis or correct REDIS_URL.`);
  });
});
