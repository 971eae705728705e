// @vitest-environment node
// The gateway's failures as an agent and an operator see them (issue 43): a store out of reach is 503 with
// Retry-After and general words, a bug is 500; every answer of 400 or more has exactly one log line, at warn (4xx) or
// error (5xx), with its reason; the exception and any host stay in the log.
import { ClientOfflineError } from '@redis/client';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../listener/log';
import type { RedisConnection } from '../listener/redis-connection';
import { createAuditLog } from './audit';
import { createGatewayApp } from './app';
import { createSessionStore } from './sessions';

const ORIGIN = 'https://desk.example.com';
const SESSION = `__Host-ttd-session=${'a'.repeat(43)}`;

/** A Redis whose every command fails with `error`. */
const failingRedis = (error: () => Error): RedisConnection => ({
  command: async () => Promise.reject(error()),
  evaluate: async () => Promise.reject(error()),
  blocking: async () => Promise.reject(error()),
  isReady: () => false,
  close: async () => {},
});

function gateway(redis?: RedisConnection) {
  const written: Record<string, unknown>[] = [];
  const log = createLogger((text) => written.push(JSON.parse(text) as Record<string, unknown>));
  const { app, drain } = createGatewayApp({
    settings: {
      publicOrigin: ORIGIN,
      oidc: { issuer: 'http://127.0.0.1:9', clientId: 'desk', clientSecret: 'secret', scope: 'openid' },
      roles: { claim: 'groups', agent: ['desk-agent'], viewer: ['desk-viewer'] },
      api: { baseUrl: 'http://10.20.30.40:8443/tmf-api/troubleTicket/v5', path: '/tmf-api/troubleTicket/v5', timeoutMs: 1000, maxResponseBytes: 1024 },
      staticDir: undefined,
      listener: { listenerAuth: undefined, bufferSize: 10, testHooks: false, subscriberMaxBytes: 1024 },
    },
    store: createSessionStore({ secret: 'a session secret of at least 32 characters', idleSeconds: 60, absoluteSeconds: 600, ...(redis ? { redis: { connection: redis, keyPrefix: '{t}' } } : {}) }),
    tokens: { get: async () => 'token', invalidate: async () => {} },
    audit: createAuditLog({ log, ...(redis ? { redis: { connection: redis, prefix: '{t}' } } : {}) }),
    log,
  });
  return { app, drain, written };
}

describe('the gateway while its store is out of reach', () => {
  const offline = failingRedis(() => new ClientOfflineError());

  it.each([
    ['the session', '/gateway/session'],
    ['the API', '/tmf-api/troubleTicket/v5/troubleTicket?limit=5'],
    ['the audit look-up', '/gateway/audit/troubleTicket/TT-1'],
    ['the event stream', '/relay/events'],
  ])('answers %s 503 notReady with Retry-After, logged once at error with the reason', async (_what, path) => {
    const { app, written } = gateway(offline);
    const answer = await app.request(path, { headers: { Cookie: SESSION } });
    expect(answer.status).toBe(503);
    expect(Number(answer.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await answer.json()).toMatchObject({ code: 'notReady', message: expect.stringMatching(/try again in a (moment|few seconds)/) });
    const lines = written.filter((line) => line.kind === 'refused' || line.kind === 'failed');
    expect(lines).toEqual([expect.objectContaining({ level: 'error', status: 503, code: 'notReady', reason: expect.any(String) })]);
  });

  it('answers a browser finishing its sign-in with the sign-in\'s own page: 503, Retry-After, in its language', async () => {
    const { app, written } = gateway(offline);
    const answer = await app.request('/gateway/callback?code=c&state=s', { headers: { Cookie: `__Host-ttd-login=${'b'.repeat(43)}`, 'Accept-Language': 'de' } });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('Retry-After')).toBeTruthy();
    expect(answer.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(await answer.text()).toContain('Die Anmeldung ist gerade nicht verfügbar');
    expect(written.filter((line) => line.kind === 'refused')).toEqual([expect.objectContaining({ level: 'error', status: 503, path: '/gateway/callback' })]);
  });
});

describe('a bug in the gateway', () => {
  it('is 500 internalError in general words, the exception in one line at error', async () => {
    const { app, written } = gateway(failingRedis(() => new TypeError('secret detail at 10.9.8.7')));
    const answer = await app.request('/gateway/session', { headers: { Cookie: SESSION } });
    expect(answer.status).toBe(500);
    const text = await answer.text();
    expect(JSON.parse(text)).toMatchObject({ code: 'internalError' });
    expect(text).not.toContain('10.9.8.7');
    expect(written.filter((line) => line.level !== 'info')).toEqual([
      expect.objectContaining({ level: 'error', kind: 'failed', status: 500, path: '/gateway/session', reason: 'TypeError: secret detail at 10.9.8.7' }),
    ]);
  });
});

describe('refusals', () => {
  it.each([
    ['an unknown path', '/gateway/nothing', {}, 404, 'notFound'],
    ['no session', '/gateway/session', {}, 401, 'sessionEnded'],
    ['the API without a session', '/tmf-api/troubleTicket/v5/troubleTicket', {}, 401, 'sessionEnded'],
    ['a write from another site', '/gateway/logout', { method: 'POST', headers: { Origin: 'https://evil.example' } }, 403, 'forbidden'],
  ])('%s: one line at warn with the code', async (_what, path, init, status, code) => {
    const { app, written } = gateway();
    const answer = await app.request(path, init);
    expect(answer.status).toBe(status);
    expect(written.filter((line) => line.kind === 'refused' || line.level !== 'info')).toEqual([expect.objectContaining({ level: 'warn', kind: 'refused', status, code })]);
  });

  it('a readiness probe answered 503 (a stop under way) is no refusal', async () => {
    const { app, drain, written } = gateway();
    drain();
    expect((await app.request('/readyz')).status).toBe(503);
    expect(written.filter((line) => line.kind === 'refused')).toEqual([]);
  });
});
