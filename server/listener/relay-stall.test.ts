/**
 * Streams that nobody reads (issue 38): HEAD is refused, a pump whose writes stall ends and frees its slot, and a session
 * that ended elsewhere ends its streams at the next heartbeat even while a write waits.
 */
import { describe, expect, it } from 'vitest';
import { listeners, type Listener } from '../../src/domain/event';
import { errorResponse } from '../errors';
import { createMetrics, type Metrics } from '../metrics';
import type { Subscriber } from './relay';
import { envelopeFor, relayHarness, sseReader, T0, until } from '../testing/listener-helpers';

const status = listeners.find((l) => l.eventType === 'TroubleTicketStatusChangeEvent') as Listener;

/** Sessions by cookie; `valid` is what stillValid() answers (the store every instance reads). */
function sessionHarness(options: { heartbeatMs?: number; writeStallMs?: number; maxStreamsPerAgent?: number; metrics?: Metrics } = {}) {
  // 'unreachable': the store does not answer (a Redis blip), as a rejected promise.
  const sessions = new Map<string, { valid: boolean | 'unreachable' }>();
  const harness = relayHarness({
    ...(options.metrics ? { metrics: options.metrics } : {}),
    heartbeatMs: options.heartbeatMs ?? 15_000,
    ...(options.writeStallMs ? { writeStallMs: options.writeStallMs } : {}),
    maxStreamsPerAgent: options.maxStreamsPerAgent ?? 5,
    subscriberAuth: async (request): Promise<Subscriber | Response> => {
      const id = /sid=([^;]+)/.exec(request.headers.get('Cookie') ?? '')?.[1] ?? '';
      if (!sessions.has(id)) return errorResponse(401, 'unauthorized', 'No session');
      return {
        subject: 'agent.one',
        sessionId: id,
        until: T0 + 3_600_000,
        stillValid: async () => {
          const valid = sessions.get(id)?.valid ?? false;
          if (valid === 'unreachable') throw new Error('Redis is not reachable');
          return valid;
        },
      };
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

describe('a session check the store cannot answer', () => {
  it('keeps its stream when the session store does not answer at a heartbeat, counts it, and asks again at the next', async () => {
    const metrics = createMetrics();
    const { sessions, request, stats, lines, post } = sessionHarness({ heartbeatMs: 20, writeStallMs: 600_000, metrics });
    const failed = async () => (await metrics.sessionChecksFailed.get()).values[0]?.value ?? 0;
    sessions.set('s1', { valid: 'unreachable' });
    const stream = sseReader(await request());
    expect((await stream.events(1))[0]?.event).toBe('hello');
    await until(async () => (await failed()) >= 3, 'three heartbeats found the store unreachable');
    expect(stats().subscribers).toBe(1);
    expect(lines).not.toContainEqual(expect.objectContaining({ kind: 'stream', action: 'closed' }));
    // Still delivering, and once the store answers "gone", the stream ends.
    expect((await post(status, envelopeFor(status))).status).toBe(204);
    expect((await stream.events(1))[0]?.event).toBe('notification');
    sessions.set('s1', { valid: false });
    await until(() => stats().subscribers === 0, 'the stream ended with its session');
    expect(lines).toContainEqual(expect.objectContaining({ kind: 'stream', action: 'closed', reason: 'session ended' }));
  });
});
