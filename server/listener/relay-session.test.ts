/** The relay on a session (behind the desk gateway): no tickets, no CORS, and a stream ends with its session. */
import { describe, expect, it } from 'vitest';
import { listeners, type Listener } from '../../src/domain/event';
import { errorResponse } from '../errors';
import type { Subscriber } from './relay';
import { envelopeFor, relayHarness, sseReader, T0 } from '../testing/listener-helpers';

const status = listeners.find((l) => l.eventType === 'TroubleTicketStatusChangeEvent') as Listener;

/** Sessions by cookie: `valid` is what stillValid() answers at the next heartbeat. */
function sessionHarness(heartbeatMs = 15_000) {
  const sessions = new Map<string, { subject: string; until: number; valid: boolean }>();
  const harness = relayHarness({
    heartbeatMs,
    subscriberAuth: async (request): Promise<Subscriber | Response> => {
      const id = /sid=([^;]+)/.exec(request.headers.get('Cookie') ?? '')?.[1] ?? '';
      const session = sessions.get(id);
      if (!session) return errorResponse(401, 'unauthorized', 'No session');
      return { subject: session.subject, sessionId: id, until: session.until, stillValid: async () => sessions.get(id)?.valid ?? false };
    },
  });
  const openOn = async (id: string, headers: Record<string, string> = {}) => {
    const res = await harness.app.request('/relay/events', { headers: { Cookie: `sid=${id}`, ...headers } });
    expect(res.status).toBe(200);
    const stream = sseReader(res);
    expect((await stream.events(1))[0]?.event).toBe('hello');
    return { res, ...stream };
  };
  /** Reads until the stream ends; the messages it still sent. */
  const rest = async (stream: { next: () => Promise<{ event?: string } | undefined> }) => {
    const seen = [];
    for (let m = await stream.next(); m; m = await stream.next()) seen.push(m);
    return seen;
  };
  return { ...harness, sessions, openOn, rest };
}

describe('the relay on a session', () => {
  it('opens a stream on the session with no ticket and relays events; without a session it is refused', async () => {
    const { sessions, openOn, post, app } = sessionHarness();
    sessions.set('s1', { subject: 'agent.one', until: T0 + 3_600_000, valid: true });
    expect((await app.request('/relay/events')).status).toBe(401);
    expect((await app.request('/relay/events', { headers: { Cookie: 'sid=unknown' } })).status).toBe(401);
    const stream = await openOn('s1');
    expect((await post(status, envelopeFor(status))).status).toBe(204);
    expect((await stream.events(1))[0]?.event).toBe('notification');
    await stream.close();
  });

  it.each(['POST', 'GET'])('answers %s relay/stream-tickets with 404, even with a token', async (method) => {
    const { app } = sessionHarness();
    const res = await app.request('/relay/stream-tickets', { method, headers: { Authorization: 'Bearer agent' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'notFound' });
  });

  it('sends no CORS header, not even to a preflight', async () => {
    const { sessions, openOn, app } = sessionHarness();
    sessions.set('s1', { subject: 'agent.one', until: T0 + 3_600_000, valid: true });
    const preflight = await app.request('/relay/events', { method: 'OPTIONS', headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' } });
    expect([...preflight.headers.keys()].filter((h) => h.startsWith('access-control-'))).toEqual([]);
    const stream = await openOn('s1', { Origin: 'https://evil.example' });
    expect([...stream.res.headers.keys()].filter((h) => h.startsWith('access-control-'))).toEqual([]);
    await stream.close();
  });

  it('ends the stream when the session reaches its end', async () => {
    const { sessions, openOn, rest, lines } = sessionHarness();
    sessions.set('s1', { subject: 'agent.one', until: T0 + 20, valid: true });
    const stream = await openOn('s1');
    expect(await rest(stream)).toEqual([]);
    expect(lines).toContainEqual(expect.objectContaining({ kind: 'stream', action: 'closed', reason: 'session expired' }));
  });

  it('ends the stream at the heartbeat after the session stopped being valid, not before', async () => {
    const { sessions, openOn, rest, lines } = sessionHarness(10);
    sessions.set('s1', { subject: 'agent.one', until: T0 + 3_600_000, valid: true });
    const stream = await openOn('s1');
    // Heartbeats pass while the session holds.
    expect((await stream.next())?.event).toBeUndefined();
    expect((await stream.next())?.event).toBeUndefined();
    (sessions.get('s1') as { valid: boolean }).valid = false;
    await rest(stream);
    expect(lines).toContainEqual(expect.objectContaining({ kind: 'stream', action: 'closed', reason: 'session ended' }));
  });

  it.each([
    ['the session id', 's1'],
    ['the subject', 'agent.one'],
  ])('dropStreamsOf(%s) ends exactly those streams at once', async (_by, owner) => {
    const { sessions, openOn, rest, post, dropStreamsOf, stats } = sessionHarness();
    sessions.set('s1', { subject: 'agent.one', until: T0 + 3_600_000, valid: true });
    sessions.set('s2', { subject: 'agent.two', until: T0 + 3_600_000, valid: true });
    const mine = await openOn('s1');
    const theirs = await openOn('s2');
    expect(dropStreamsOf(owner, 'session signed out')).toBe(1);
    expect(await rest(mine)).toEqual([]);
    expect(stats().subscribers).toBe(1);
    expect((await post(status, envelopeFor(status))).status).toBe(204);
    expect((await theirs.events(1))[0]?.event).toBe('notification');
    expect(dropStreamsOf('nobody', 'session signed out')).toBe(0);
    await theirs.close();
  });
});
