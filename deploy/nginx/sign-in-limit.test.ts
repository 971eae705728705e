/**
 * The shipped gateway-mode nginx files limit sign-in starts per client address (issue 38): the first 21 GET
 * /gateway/login of a burst reach a gateway, the rest are answered 429 by nginx; other gateway paths are not limited.
 */
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspDirectives, serializeCsp } from '../../scripts/csp';
import { ask, startRepositoryNginx, type RepositoryNginx } from './repository-nginx';

let site: RepositoryNginx;
let upstream: ServerType;
const reached: string[] = [];

beforeAll(async () => {
  const app = new Hono();
  app.all('*', (c) => {
    reached.push(c.req.path);
    return c.body(null, 204);
  });
  upstream = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => upstream.once('listening', resolve));
  const port = (upstream.address() as AddressInfo).port;
  const policy = serializeCsp(cspDirectives({ VITE_API_BASE_URL: '/tmf-api/troubleTicket/v5', VITE_EVENTS_URL: '/relay' }));
  site = await startRepositoryNginx('gateway-site.conf', 'gateway-locations.conf', policy, () => port);
}, 60_000);

afterAll(async () => {
  await site?.stop();
  await new Promise((resolve) => (upstream ? upstream.close(resolve) : resolve(undefined)));
});

describe('sign-in starts through the shipped nginx files', () => {
  it('a burst of 30 from one address: the first 21 reach a gateway, then nginx answers 429; /gateway/session is not limited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await ask(site.ports.https, site.ca, '/gateway/login?returnTo=%2F')).status);
    // rate 20r/m with a burst of 20: 21 at once, then one more every 3 s (so a slow machine may pass a few more).
    expect(statuses.slice(0, 21)).toEqual(Array(21).fill(204));
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 204 && s !== 429)).toEqual([]);
    expect(reached.filter((path) => path === '/gateway/login')).toHaveLength(statuses.filter((s) => s === 204).length);
    for (let i = 0; i < 30; i += 1) expect((await ask(site.ports.https, site.ca, '/gateway/session')).status).toBe(204);
  });
});
