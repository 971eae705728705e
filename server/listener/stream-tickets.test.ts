/** Stream tickets: single-use, 30 s, and limited per token (429 with Retry-After) without ever evicting another agent's. */
import { describe, expect, it } from 'vitest';
import { ErrorMessage } from '../../src/domain/error';
import { createListenerApp, type ListenerAppOptions } from './app';
import { silentLogger } from './log';
import { relayHarness, sseReader } from '../testing/listener-helpers';

function setup(options: ListenerAppOptions = {}) {
  const { app } = createListenerApp({ log: silentLogger, ...options });
  const buy = (token: string) => app.request('/relay/stream-tickets', { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
  const ticketOf = async (res: Response) => ((await res.json()) as { ticket: string }).ticket;
  const open = (ticket: string) => app.request(`/relay/events?ticket=${ticket}`);
  return { buy, ticketOf, open };
}

describe('stream tickets per token', () => {
  it('answer 429 with Retry-After once a token holds 10 unused ones, and never evict the first agent’s ticket', async () => {
    const { buy, ticketOf, open } = setup();
    const first = await ticketOf(await buy('first-agent'));
    // Another token buys as fast as it can: the probe bought 10,000 in 2.4 s and evicted the first agent's.
    let refused: Response | undefined;
    for (let i = 0; i < 10_000 && !refused; i += 1) {
      const res = await buy('greedy-agent');
      if (res.status !== 201) refused = res;
    }
    expect(refused?.status).toBe(429);
    const body = ErrorMessage.parse(await refused?.json());
    expect(body.code).toBe('tooManyStreamTickets');
    expect(Number(refused?.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused?.headers.get('Retry-After'))).toBeLessThanOrEqual(30);
    // The first agent still opens its stream.
    const stream = await open(first);
    expect(stream.status).toBe(200);
    await sseReader(stream).close();
  });

  it.each([
    [10, 201],
    [11, 429],
  ])('the %i-th unused ticket of one token gets %i', async (nth, expected) => {
    const { buy } = setup();
    for (let i = 1; i < nth; i += 1) expect((await buy('agent')).status).toBe(201);
    expect((await buy('agent')).status).toBe(expected);
  });

  it('free a place when one is used: a browser reconnecting 50 times is never refused', async () => {
    const { buy, ticketOf, open } = setup();
    for (let i = 0; i < 50; i += 1) {
      const res = await buy('agent');
      expect(res.status).toBe(201);
      await sseReader(await open(await ticketOf(res))).close();
    }
  });

  it('free a place when one expires (30 s)', async () => {
    let t = Date.parse('2026-11-22T10:00:00Z');
    const { buy } = setup({ now: () => t, ticketsPerToken: 1 });
    expect((await buy('agent')).status).toBe(201);
    const refused = await buy('agent');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('30');
    t += 30_000;
    expect((await buy('agent')).status).toBe(201);
  });

  it('refuse newcomers, not holders, when everyone together holds the most allowed', async () => {
    const { buy, ticketOf, open } = setup({ maxOutstandingTickets: 3 });
    const held = [await ticketOf(await buy('a')), await ticketOf(await buy('b')), await ticketOf(await buy('c'))];
    const refused = await buy('d');
    expect(refused.status).toBe(429);
    expect((ErrorMessage.parse(await refused.json())).message).toContain('The relay holds the most unused stream tickets allowed');
    for (const ticket of held) {
      const stream = await open(ticket);
      expect(stream.status).toBe(200);
      await sseReader(stream).close();
    }
  });
});

describe('stream tickets', () => {
  const setup = relayHarness;
  it('sells an unguessable 30-second ticket for a bearer token, never cached', async () => {
    const { app } = setup();
    const res = await app.request('/relay/stream-tickets', { method: 'POST', headers: { Authorization: 'Bearer agent' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const body = (await res.json()) as { ticket: string; expiresInSeconds: number };
    expect(body.expiresInSeconds).toBe(30);
    // 32 random bytes, base64url.
    expect(body.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers 401 ErrorMessage without a bearer token', async () => {
    const res = await setup().app.request('/relay/stream-tickets', { method: 'POST' });
    expect(res.status).toBe(401);
    expect(ErrorMessage.parse(await res.json()).code).toBe('unauthorized');
  });

  it('is single-use', async () => {
    const { app, ticket } = setup();
    const t = await ticket();
    const first = await app.request(`/relay/events?ticket=${t}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('Content-Type')).toBe('text/event-stream');
    await sseReader(first).close();
    const again = await app.request(`/relay/events?ticket=${t}`);
    expect(again.status).toBe(401);
    expect(again.headers.get('Content-Type')).toBe('application/json');
    expect(ErrorMessage.parse(await again.json()).code).toBe('invalidStreamTicket');
  });

  it.each([
    [29_999, 200],
    [30_000, 401],
  ])('is valid 30 s after issue: %i ms later gives %i', async (later, expected) => {
    let t = Date.parse('2026-11-22T10:00:00Z');
    const { app, ticket } = setup({ now: () => t });
    const bought = await ticket();
    t += later;
    const res = await app.request(`/relay/events?ticket=${bought}`);
    expect(res.status).toBe(expected);
    if (res.body) await res.body.cancel();
  });

  it.each(['', '?ticket=', '?ticket=made-up'])('refuses %j with 401', async (query) => {
    const res = await setup().app.request(`/relay/events${query}`);
    expect(res.status).toBe(401);
  });

  it('refuses a lastEventId that is not a decimal id with 400, without spending the ticket', async () => {
    const { app, ticket } = setup();
    const t = await ticket();
    const bad = await app.request(`/relay/events?ticket=${t}&lastEventId=abc`);
    expect(bad.status).toBe(400);
    expect(ErrorMessage.parse(await bad.json()).code).toBe('invalidQuery');
    const good = await app.request(`/relay/events?ticket=${t}`);
    expect(good.status).toBe(200);
    await sseReader(good).close();
  });

  it('answers 405 with Allow to other methods', async () => {
    const { app } = setup();
    const res = await app.request('/relay/stream-tickets');
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('POST');
    const events = await app.request('/relay/events', { method: 'POST' });
    expect(events.status).toBe(405);
    expect(events.headers.get('Allow')).toBe('GET');
  });
});
