/**
 * Streams that nobody reads (issue 38): HEAD is refused, a pump whose writes stall ends and frees its slot, and a session
 * that ended elsewhere ends its streams at the next heartbeat even while a write waits.
 */
import { describe, expect, it } from 'vitest';
import { errorResponse } from '../errors';
import type { Subscriber } from './relay';
import { relayHarness, sseReader, T0, until } from '../testing/listener-helpers';

/** Sessions by cookie; `valid` is what stillValid() answers (the store every instance reads). */
function sessionHarness(options: { heartbeatMs?: number; writeStallMs?: number; maxStreamsPerAgent?: number } = {}) {
  const sessions = new Map<string, { valid: boolean }>();
  const harness = relayHarness({
    heartbeatMs: options.heartbeatMs ?? 15_000,
    ...(options.writeStallMs ? { writeStallMs: options.writeStallMs } : {}),
    maxStreamsPerAgent: options.maxStreamsPerAgent ?? 5,
    subscriberAuth: async (request): Promise<Subscriber | Response> => {
      const id = /sid=([^;]+)/.exec(request.headers.get('Cookie') ?? '')?.[1] ?? '';
      if (!sessions.has(id)) return errorResponse(401, 'unauthorized', 'No session');
      return { subject: 'agent.one', sessionId: id, until: T0 + 3_600_000, stillValid: async () => sessions.get(id)?.valid ?? false };
    },
  });
  const request = (method = 'GET', id = 's1') => harness.app.request('/relay/events', { method, headers: { Cookie: `sid=${id}` } });
  return { ...harness, sessions, request };
}

describe('the relay answers only GET', () => {
  it.each(['HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PROPFIND'])('%s relay/events: 405 with Allow GET, and no stream counted', async (method) => {
    const { sessions, request, stats } = sessionHarness({ maxStreamsPerAgent: 1 });
    sessions.set('s1', { valid: true });
    for (let i = 0; i < 5; i += 1) {
      const res = await request(method);
      expect(res.status).toBe(405);
      expect(res.headers.get('Allow')).toBe('GET');
    }
    expect(stats().subscribers).toBe(0);
    // The agent's one slot is still free for the real stream.
    const res = await request('GET');
    expect(res.status).toBe(200);
    await res.body?.cancel();
  });
});

describe('a stream whose client does not read', () => {
  it('ends once a write has waited past the bound, and frees its slot for the next stream', async () => {
    const { sessions, request, stats, lines } = sessionHarness({ heartbeatMs: 60_000, writeStallMs: 50, maxStreamsPerAgent: 1 });
    sessions.set('s1', { valid: true });
    // Opened and never read: the first write waits for ever.
    expect((await request()).status).toBe(200);
    await until(() => stats().subscribers === 0, 'the unread stream ended');
    expect(lines).toContainEqual(expect.objectContaining({ kind: 'stream', action: 'dropped', reason: 'slow: a write waited more than 50 ms' }));
    const next = await request();
    expect(next.status).toBe(200);
    const stream = sseReader(next);
    expect((await stream.events(1))[0]?.event).toBe('hello');
    await stream.close();
  });

  it('ends at the next heartbeat once its session has ended (signed out on another instance), though a write waits', async () => {
    const { sessions, request, stats, lines } = sessionHarness({ heartbeatMs: 20, writeStallMs: 600_000 });
    sessions.set('s1', { valid: true });
    expect((await request()).status).toBe(200);
    await until(() => stats().subscribers === 1, 'the stream counted');
    sessions.set('s1', { valid: false });
    await until(() => stats().subscribers === 0, 'the stream ended with its session');
    expect(lines).toContainEqual(expect.objectContaining({ kind: 'stream', action: 'closed', reason: 'session ended' }));
  });
});
