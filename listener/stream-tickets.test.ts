/** Stream tickets per token are limited (429 with Retry-After) and one agent buying many never costs another theirs. */
import { describe, expect, it } from 'vitest';
import { ErrorMessage } from '../src/domain/error';
import { createListenerApp, type ListenerAppOptions } from './app';
import { silentLogger } from './log';
import { sseReader } from './test-helpers';

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
