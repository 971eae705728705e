/** The relay of the contract: the SSE stream, resume and reset, dedupe, CORS, stream end, test hooks (tickets: stream-tickets.test.ts). */
import { describe, expect, it } from 'vitest';
import { listeners, type Listener } from '../../src/domain/event';
import { createListenerApp } from './app';
import { envelopeFor, idAt, relayHarness as setup, T0 } from '../testing/listener-helpers';

const byType = (eventType: string) => listeners.find((l) => l.eventType === eventType) as Listener;
const status = byType('TroubleTicketStatusChangeEvent');
const cancel = byType('CancelProductOrderStateChangeEvent');
const appointment = byType('AppointmentCreateEvent');

type Notification = { eventType: string; receivedAt: string; envelope: Record<string, unknown> | null };
const dataOf = (data: string | undefined) => JSON.parse(data ?? 'null') as Notification;

describe('the event stream', () => {
  it('relays accepted events in order, with increasing ids, as posted', async () => {
    const { open, post } = setup();
    const stream = await open();
    const posted = [envelopeFor(status), envelopeFor(cancel), envelopeFor(appointment)];
    for (const body of posted) expect((await post(byType(body.eventType as string), body)).status).toBe(204);
    expect((await post(cancel)).status).toBe(204);
    const messages = await stream.events(4);
    expect(messages.map((m) => m.id)).toEqual([idAt(1), idAt(2), idAt(3), idAt(4)]);
    expect(messages.every((m) => m.event === 'notification')).toBe(true);
    const data = messages.map((m) => dataOf(m.data));
    expect(data.slice(0, 3).map((d) => d.envelope)).toEqual(posted);
    expect(data.map((d) => d.eventType)).toEqual([status.eventType, cancel.eventType, appointment.eventType, cancel.eventType]);
    // A body-optional listener POSTed without a body: relayed with envelope null.
    expect(data[3]?.envelope).toBeNull();
    expect(Number.isNaN(Date.parse(data[0]?.receivedAt ?? ''))).toBe(false);
    await stream.close();
  });

  it('relays one eventId once, though the second POST is answered 204 too', async () => {
    const { open, post, stats } = setup();
    const stream = await open();
    const twice = envelopeFor(status);
    expect((await post(status, twice)).status).toBe(204);
    expect((await post(status, { ...twice, title: 'a retry' })).status).toBe(204);
    expect((await post(status, envelopeFor(status))).status).toBe(204);
    const messages = await stream.events(2);
    expect(messages.map((m) => (dataOf(m.data).envelope ?? {}).eventId)).toEqual([twice.eventId, expect.not.stringMatching(twice.eventId as string)]);
    expect(stats()).toMatchObject({ accepted: 3, duplicates: 1 });
    await stream.close();
  });

  it.each([
    ['the lastEventId query parameter', `&lastEventId=${idAt(2)}`, {}],
    ['the Last-Event-ID header', '', { 'Last-Event-ID': idAt(2) }],
  ])('resumes after %s with every later buffered event, no reset', async (_how, query, headers) => {
    const { open, post } = setup();
    for (let i = 0; i < 5; i += 1) await post(status, envelopeFor(status));
    const stream = await open(query, headers);
    expect((await stream.events(3)).map((m) => [m.event, m.id])).toEqual([
      ['notification', idAt(3)],
      ['notification', idAt(4)],
      ['notification', idAt(5)],
    ]);
    await stream.close();
  });

  it('sends reset "gap" first when lastEventId is older than the buffer, then what it has', async () => {
    const { open, post } = setup({ bufferSize: 3 });
    for (let i = 0; i < 6; i += 1) await post(status, envelopeFor(status));
    const stream = await open(`&lastEventId=${idAt(1)}`);
    expect(stream.hello?.id).toBe(idAt(6));
    const [reset, ...rest] = await stream.events(4);
    expect(reset).toMatchObject({ event: 'reset', data: '{"reason":"gap"}' });
    expect(rest.map((m) => m.id)).toEqual([idAt(4), idAt(5), idAt(6)]);
    await stream.close();
  });

  it('sends no reset when lastEventId is just before the oldest buffered event', async () => {
    const { open, post } = setup({ bufferSize: 3 });
    for (let i = 0; i < 6; i += 1) await post(status, envelopeFor(status));
    const stream = await open(`&lastEventId=${idAt(3)}`);
    expect((await stream.events(3)).map((m) => m.id)).toEqual([idAt(4), idAt(5), idAt(6)]);
    await stream.close();
  });

  it.each([
    ['newer than anything here', idAt(99)],
    ['older than this receiver (given before it restarted)', '9'],
  ])('sends reset "restart" when lastEventId is %s, then every buffered event', async (_name, position) => {
    const { open, post } = setup();
    await post(status, envelopeFor(status));
    const stream = await open(`&lastEventId=${position}`);
    expect(stream.hello?.id).toBe(idAt(1));
    const [reset, first] = await stream.events(2);
    expect(reset).toMatchObject({ event: 'reset', data: '{"reason":"restart"}' });
    expect(first?.id).toBe(idAt(1));
    await stream.close();
  });

  it('resets a browser that resumes from a receiver before a restart, though the new one took more events (9, then 12)', async () => {
    const before = setup();
    for (let i = 0; i < 9; i += 1) await before.post(status, envelopeFor(status));
    const stream = await before.open();
    const position = stream.hello?.id as string;
    await stream.close();
    // The new process starts a minute later; it has taken 12 events when the browser comes back.
    const after = setup({ now: () => T0 + 60_000 });
    for (let i = 0; i < 12; i += 1) await after.post(status, envelopeFor(status));
    const resumed = await after.open(`&lastEventId=${position}`);
    const [reset, ...events] = await resumed.events(13);
    expect(reset).toMatchObject({ event: 'reset', data: '{"reason":"restart"}' });
    expect(events).toHaveLength(12);
    await resumed.close();
  });

  it('without lastEventId sends only events from now on', async () => {
    const { open, post } = setup();
    await post(status, envelopeFor(status));
    const stream = await open();
    await post(status, envelopeFor(status));
    expect((await stream.events(1))[0]?.id).toBe(idAt(2));
    await stream.close();
  });

  it.each([
    ['an empty bus', 0],
    ['a bus after 3 events', 3],
  ])('opens with hello carrying the current seq: %s', async (_name, n) => {
    const { openRaw, post } = setup();
    for (let i = 0; i < n; i += 1) await post(status, envelopeFor(status));
    const stream = await openRaw();
    const [hello] = await stream.events(1);
    expect(hello).toEqual({ event: 'hello', id: idAt(n), data: JSON.stringify({ lastEventId: idAt(n) }) });
    // What is posted after the hello carries the next id: resuming from the hello's id loses nothing.
    await post(status, envelopeFor(status));
    expect((await stream.events(1))[0]).toMatchObject({ event: 'notification', id: idAt(n + 1) });
    await stream.close();
  });

  it('sends hello before the replays after lastEventId, and before a reset', async () => {
    const { openRaw, post } = setup({ bufferSize: 3 });
    for (let i = 0; i < 5; i += 1) await post(status, envelopeFor(status));
    const resumed = await openRaw(`&lastEventId=${idAt(3)}`);
    expect((await resumed.events(3)).map((m) => [m.event, m.id])).toEqual([
      ['hello', idAt(5)],
      ['notification', idAt(4)],
      ['notification', idAt(5)],
    ]);
    await resumed.close();
    const gapped = await openRaw(`&lastEventId=${idAt(1)}`);
    expect((await gapped.events(2)).map((m) => m.event)).toEqual(['hello', 'reset']);
    await gapped.close();
  });

  it('sends a ": ping" heartbeat comment', async () => {
    const { openRaw } = setup({ heartbeatMs: 30 });
    const stream = await openRaw();
    expect(await stream.next()).toEqual({ comment: 'connected' });
    expect(await stream.next()).toMatchObject({ event: 'hello' });
    expect(await stream.next()).toEqual({ comment: 'ping' });
    await stream.close();
  });

  it('ends the stream when the lifetime bought with the ticket is over (no issuer: the default lifetime)', async () => {
    const { open, stats } = setup({ defaultStreamLifetimeMs: 150 });
    const stream = await open();
    const started = Date.now();
    while (await stream.next());
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect(stats().subscribers).toBe(0);
  });

  it('drops a subscriber that does not read once more bytes than its bound are queued for it, and says why', async () => {
    // The frames queued count, not the log: 400 thin events of a few hundred bytes pass a 64 KiB bound.
    const { app, ticket, post, stats, lines } = setup({ subscriberMaxBytes: 65_536 });
    const res = await app.request(`/relay/events?ticket=${await ticket()}`);
    expect(stats().subscribers).toBe(1);
    for (let i = 0; i < 400 && stats().subscribers; i += 1) await post(status, envelopeFor(status, { description: 'x'.repeat(10_000) }));
    await vi_waitFor(() => stats().subscribers === 0);
    expect(lines).toContainEqual(expect.objectContaining({ kind: 'stream', action: 'dropped', reason: expect.stringMatching(/^slow: \d+ bytes of events waiting, more than 65536$/) }));
    // What was queued for it is not sent: its connection fails, and its EventSource reconnects with its last id.
    await expect(res.body?.getReader().read()).rejects.toThrow('The stream was dropped');
  });

  it('keeps a subscriber that reads, however many characters pass through it', async () => {
    const { open, post, stats } = setup({ subscriberMaxBytes: 65_536 });
    const stream = await open();
    for (let i = 0; i < 20; i += 1) {
      await post(status, envelopeFor(status, { description: 'x'.repeat(10_000) }));
      await stream.events(1);
    }
    expect(stats().subscribers).toBe(1);
    await stream.close();
  });

  it('forgets a subscriber that goes away', async () => {
    const { open, stats } = setup();
    const stream = await open();
    expect(stats().subscribers).toBe(1);
    await stream.close();
    await vi_waitFor(() => stats().subscribers === 0);
  });
});

async function vi_waitFor(condition: () => boolean, timeoutMs = 2000) {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('The condition did not become true in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('CORS', () => {
  const origin = 'https://desk.example.com';
  const { app } = createListenerApp({ log: () => {}, allowedOrigins: [origin] });

  it('lets a configured origin send Authorization to buy a ticket, without cookies', async () => {
    const res = await app.request('/relay/stream-tickets', {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe(origin);
    expect(res.headers.get('Access-Control-Allow-Headers')).toBe('Authorization');
    expect(res.headers.get('Access-Control-Allow-Credentials')).toBeNull();
  });

  it('names the origin on answers too, errors included, so the app can read them', async () => {
    const ok = await app.request('/relay/stream-tickets', { method: 'POST', headers: { Origin: origin, Authorization: 'Bearer a' } });
    expect(ok.headers.get('Access-Control-Allow-Origin')).toBe(origin);
    const refused = await app.request('/relay/events?ticket=nope', { headers: { Origin: origin } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('Access-Control-Allow-Origin')).toBe(origin);
  });

  it.each(['https://evil.example.com', 'https://desk.example.com.evil.test', 'null'])('gives no CORS grant to %s', async (other) => {
    const res = await app.request('/relay/stream-tickets', {
      method: 'OPTIONS',
      headers: { Origin: other, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(res.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});

describe('test hooks', () => {
  it('are not served without LISTENER_TEST_HOOKS', async () => {
    const { app } = setup();
    expect((await app.request('/__test/drop-streams', { method: 'POST' })).status).toBe(404);
    expect((await app.request('/__test/stats')).status).toBe(404);
  });

  it('drop every open stream and report counts with it', async () => {
    const { app, open, post } = setup({ testHooks: true });
    const stream = await open();
    await post(status, envelopeFor(status));
    await stream.events(1);
    expect(await (await app.request('/__test/stats')).json()).toEqual({ subscribers: 1, buffered: 1, accepted: 1, relayed: 1, duplicates: 0 });
    expect((await app.request('/__test/drop-streams', { method: 'POST' })).status).toBe(204);
    while (await stream.next());
    expect(((await (await app.request('/__test/stats')).json()) as { subscribers: number }).subscribers).toBe(0);
  });
});

describe('the log', () => {
  it('has one line per event and per refused request, and never the ticket or the token', async () => {
    const { app, lines, post, ticket } = setup();
    const body = envelopeFor(status);
    await post(status, body);
    await post(status, body);
    const secret = await ticket();
    await (await app.request(`/relay/events?ticket=${secret}`)).body?.cancel();
    await app.request(`/relay/events?ticket=${secret}`);
    expect(lines).toContainEqual({ kind: 'event', eventType: status.eventType, eventId: body.eventId, id: Number(idAt(1)), outcome: 'accepted' });
    expect(lines).toContainEqual({ kind: 'event', eventType: status.eventType, eventId: body.eventId, id: Number(idAt(1)), outcome: 'duplicate' });
    expect(lines).toContainEqual({ kind: 'refused', method: 'GET', path: '/relay/events', status: 401, code: 'invalidStreamTicket', reason: expect.stringMatching(/ticket/i) });
    const text = JSON.stringify(lines);
    expect(text).not.toContain(secret);
    expect(text).not.toContain('Bearer');
  });
});
