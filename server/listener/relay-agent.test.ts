/**
 * What the relay gives one agent (decision 0053): at most RELAY_MAX_STREAMS_PER_AGENT open streams (direct mode: per
 * token subject; behind the gateway: per session subject), and on a reconnect only what arrived after the agent's
 * relay session began, never the buffer from lastEventId=1.
 */
import { describe, expect, it } from 'vitest';
import { ErrorMessage } from '../../src/domain/error';
import { listeners, type Listener } from '../../src/domain/event';
import { errorResponse } from '../errors';
import type { ListenerAppOptions } from './app';
import type { Subscriber } from './relay';
import { envelopeFor, relayHarness, sseReader, T0 } from '../testing/listener-helpers';

const status = listeners.find((l) => l.eventType === 'TroubleTicketStatusChangeEvent') as Listener;

/** A receiver whose clock the test moves; tickets bought with `Bearer <agent>` (no issuer: the token is the agent). */
function direct(options: ListenerAppOptions = {}) {
  const clock = { now: T0 };
  const harness = relayHarness({ now: () => clock.now, ...options });
  const buy = async (agent: string) => {
    const res = await harness.app.request('/relay/stream-tickets', { method: 'POST', headers: { Authorization: `Bearer ${agent}` } });
    expect(res.status).toBe(201);
    return ((await res.json()) as { ticket: string }).ticket;
  };
  const connect = async (agent: string, query = '') => harness.app.request(`/relay/events?ticket=${await buy(agent)}${query}`);
  /** An open stream past its hello. */
  const stream = async (agent: string, query = '') => {
    const res = await connect(agent, query);
    expect(res.status).toBe(200);
    const reader = sseReader(res);
    expect((await reader.events(1))[0]?.event).toBe('hello');
    return reader;
  };
  return { ...harness, clock, buy, connect, stream };
}

async function expectTooManyStreams(res: Response) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
  const body = ErrorMessage.parse(await res.json());
  expect(body).toMatchObject({ code: 'tooManyStreams', status: '429' });
  expect(body.message).toContain('close a desk tab');
}

describe('open streams per agent (in this process)', () => {
  it.each([
    ['the default', {}, 5],
    ['RELAY_MAX_STREAMS_PER_AGENT=1', { maxStreamsPerAgent: 1 }, 1],
    ['RELAY_MAX_STREAMS_PER_AGENT=3', { maxStreamsPerAgent: 3 }, 3],
  ])('%s: the agent’s streams up to the limit open, the next is refused 429 tooManyStreams', async (_case, options, limit) => {
    const { stream, connect, lines } = direct(options);
    const open = [];
    for (let i = 0; i < limit; i += 1) open.push(await stream('anna'));
    await expectTooManyStreams(await connect('anna'));
    expect(lines).toContainEqual(expect.objectContaining({ kind: 'refused', path: '/relay/events', status: 429, code: 'tooManyStreams' }));
    // Another agent is not counted with her.
    const other = await stream('ben');
    for (const s of [...open, other]) await s.close();
  });

  it('gives the place back when a stream ends', async () => {
    const { stream, connect, stats } = direct({ maxStreamsPerAgent: 2 });
    const first = await stream('anna');
    const second = await stream('anna');
    await expectTooManyStreams(await connect('anna'));
    await first.close();
    await expect.poll(() => stats().subscribers).toBe(1);
    const third = await stream('anna');
    await second.close();
    await third.close();
  });

  it('counts an agent’s streams on all her sessions behind the gateway together (the session’s subject)', async () => {
    const subscriberAuth = async (request: Request): Promise<Subscriber | Response> => {
      const sid = /sid=([^;]+)/.exec(request.headers.get('Cookie') ?? '')?.[1];
      if (!sid) return errorResponse(401, 'unauthorized', 'No session');
      // Sessions a1, a2, … are Anna's; b1 is Ben's.
      return { subject: sid.startsWith('a') ? 'anna' : 'ben', sessionId: sid, until: T0 + 3_600_000, since: T0, stillValid: async () => true };
    };
    const { app } = relayHarness({ subscriberAuth, maxStreamsPerAgent: 2 });
    const on = (sid: string) => app.request('/relay/events', { headers: { Cookie: `sid=${sid}` } });
    const first = await on('a1');
    const second = await on('a2');
    expect([first.status, second.status]).toEqual([200, 200]);
    await expectTooManyStreams(await on('a3'));
    const ben = await on('b1');
    expect(ben.status).toBe(200);
    for (const res of [first, second, ben]) await sseReader(res).close();
  });
});

describe('replay on a reconnect', () => {
  it('from lastEventId=1 gets nothing from before the agent’s session, only what came after', async () => {
    const { post, clock, stream } = direct();
    // Events of the morning, before Anna signed in.
    for (let i = 0; i < 3; i += 1) await post(status, envelopeFor(status));
    clock.now += 60_000;
    const first = await stream('anna', '&lastEventId=1');
    // 1 is no position of this log: the reset says so, and none of the morning's events follow it.
    expect((await first.events(1))[0]).toMatchObject({ event: 'reset', data: '{"reason":"restart"}' });
    clock.now += 1000;
    const mine = envelopeFor(status);
    await post(status, mine);
    const [next] = await first.events(1);
    expect(next?.event).toBe('notification');
    expect(JSON.parse(next?.data ?? '{}').envelope.eventId).toBe(mine.eventId);
    await first.close();
  });

  it('from a position of this log before the session: reset "gap" (the app refetches), none of the earlier events', async () => {
    const { post, clock, stream, bus } = direct();
    for (let i = 0; i < 3; i += 1) await post(status, envelopeFor(status));
    clock.now += 60_000;
    const reader = await stream('anna', `&lastEventId=${bus.head() - 2}`);
    expect((await reader.events(1))[0]).toMatchObject({ event: 'reset', data: '{"reason":"gap"}' });
    clock.now += 1000;
    const mine = envelopeFor(status);
    await post(status, mine);
    expect(JSON.parse((await reader.events(1))[0]?.data ?? '{}').envelope.eventId).toBe(mine.eventId);
    await reader.close();
  });

  it('within the session still replays what arrived while the agent was away (the session began with her first ticket)', async () => {
    const { post, clock, stream } = direct();
    await post(status, envelopeFor(status));
    clock.now += 60_000;
    const first = await stream('anna');
    clock.now += 1000;
    await post(status, envelopeFor(status));
    const [seen] = await first.events(1);
    await first.close();
    clock.now += 60_000;
    const missed = envelopeFor(status);
    await post(status, missed);
    const again = await stream('anna', `&lastEventId=${seen?.id}`);
    const [replayed] = await again.events(1);
    expect(replayed?.event).toBe('notification');
    expect(JSON.parse(replayed?.data ?? '{}').envelope.eventId).toBe(missed.eventId);
    // From lastEventId=1 she gets her session's events, not the one before it.
    const fromOne = await stream('anna', '&lastEventId=1');
    const [reset, ...events] = await fromOne.events(3);
    expect(reset?.event).toBe('reset');
    expect(events.map((m) => m.id)).toEqual([seen?.id, replayed?.id]);
    await again.close();
    await fromOne.close();
  });

  it('behind the gateway, replays nothing from before the session began', async () => {
    const clock = { now: T0 };
    const subscriberAuth = async (): Promise<Subscriber> => ({ subject: 'anna', sessionId: 's1', until: T0 + 3_600_000, since: T0 + 60_000, stillValid: async () => true });
    const { app, post } = relayHarness({ subscriberAuth, now: () => clock.now });
    await post(status, envelopeFor(status));
    clock.now += 120_000;
    const after = envelopeFor(status);
    await post(status, after);
    const reader = sseReader(await app.request('/relay/events?lastEventId=1'));
    const [hello, reset, event] = await reader.events(3);
    expect([hello?.event, reset?.event]).toEqual(['hello', 'reset']);
    expect(JSON.parse(event?.data ?? '{}').envelope.eventId).toBe(after.eventId);
    await reader.close();
  });
});
