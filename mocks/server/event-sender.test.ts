// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { eventEnvelope, listeners } from '../../src/domain/event';
import { createTestClient } from '../../src/testing/service-client';
import { faultTicketBody } from '../fixtures';
import { createEventSender, eventSenderFromEnvironment, retryAfterSeconds, type OutgoingEvent } from './event-sender';
import { startHttpServer, type RunningServer } from './http';

type Seen = { path: string; authorization: string | undefined; body: string };
type Answer = { status: number; headers?: Record<string, string> };

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

/** A listener on a free port answering each POST with the next of `answers` (the last one repeats). */
async function listener(answers: Answer[]): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    void read(req).then((body) => {
      seen.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      const answer = answers[Math.min(seen.length - 1, answers.length - 1)]!;
      res.writeHead(answer.status, answer.headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  open.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

/** A port on which nothing listens (taken, then given back). */
async function deadPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

const statusChange = (id = 'TT-000001'): OutgoingEvent => ({
  eventType: 'TroubleTicketStatusChangeEvent',
  envelope: {
    '@type': 'TroubleTicketStatusChangeEvent',
    eventId: `e-${id}`,
    eventTime: '2026-11-22T10:00:00+01:00',
    eventType: 'TroubleTicketStatusChangeEvent',
    event: { troubleTicket: { id, status: 'inProgress' } },
  },
});

/** Waits recorded instead of slept: the test sees how long the sender would wait, and never waits itself. */
function recordedSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('the provider sends its events to the listener', () => {
  it('a listener answering 503 with Retry-After, then 204: delivered once, after waiting as long as it asked', async () => {
    const target = await listener([{ status: 503, headers: { 'Retry-After': '3' } }, { status: 204 }]);
    const { waits, sleep } = recordedSleep();
    const logs: string[] = [];
    const sender = createEventSender({ listenerBase: target.url, sleep, log: (line) => logs.push(line) });
    sender.send(statusChange());
    await sender.idle();
    expect(target.seen.map((s) => s.path)).toEqual(['/listener/troubleTicketStatusChangeEvent', '/listener/troubleTicketStatusChangeEvent']);
    expect(JSON.parse(target.seen[1]!.body)).toEqual(statusChange().envelope);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(3000);
    expect(sender.stats()).toMatchObject({ delivered: 1, attempts: 2, gaveUp: 0 });
    expect(logs).toEqual([]);
  });

  it('a 429 is tried again after its Retry-After; a 400 is not tried again (the listener refuses the event itself)', async () => {
    const busy = await listener([{ status: 429, headers: { 'Retry-After': '2' } }, { status: 204 }]);
    const { waits, sleep } = recordedSleep();
    const sender = createEventSender({ listenerBase: busy.url, sleep, log: () => undefined });
    sender.send(statusChange());
    await sender.idle();
    expect(busy.seen).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(2000);

    const refusing = await listener([{ status: 400 }]);
    const logs: string[] = [];
    const strict = createEventSender({ listenerBase: refusing.url, sleep, log: (line) => logs.push(line) });
    strict.send(statusChange());
    await strict.idle();
    expect(refusing.seen).toHaveLength(1);
    expect(strict.stats()).toMatchObject({ delivered: 0, gaveUp: 1 });
    expect(logs.join('\n')).toMatch(/gave up on TroubleTicketStatusChangeEvent e-TT-000001 .* after 1 try \(last: HTTP 400\)/);
  });

  it.each([
    [1, 1],
    [4, 4],
  ])('a listener that is down: %i tries at most, then it gives up and says so', async (maxAttempts, tries) => {
    const { waits, sleep } = recordedSleep();
    const logs: string[] = [];
    const sender = createEventSender({ listenerBase: await deadPort(), maxAttempts, sleep, log: (line) => logs.push(line) });
    sender.send(statusChange());
    await sender.idle();
    expect(sender.stats()).toMatchObject({ attempts: tries, delivered: 0, gaveUp: 1 });
    expect(waits).toHaveLength(tries - 1);
    // The waits grow (the app's one backoff), each within its cap.
    for (const [i, wait] of waits.entries()) expect(wait).toBeLessThanOrEqual(500 * 2 ** i);
    expect(logs).toEqual([expect.stringMatching(new RegExp(`gave up on TroubleTicketStatusChangeEvent e-TT-000001 to http://.* after ${tries} tr`))]);
  });

  it('a Retry-After longer than the bound is cut to it', async () => {
    const target = await listener([{ status: 503, headers: { 'Retry-After': '86400' } }, { status: 204 }]);
    const { waits, sleep } = recordedSleep();
    const sender = createEventSender({ listenerBase: target.url, sleep, maxRetryAfterSeconds: 60, log: () => undefined });
    sender.send(statusChange());
    await sender.idle();
    expect(waits).toEqual([60_000]);
  });

  it('a full queue drops the newest event and says so; the ones queued are still delivered, in order', async () => {
    const target = await listener([{ status: 204 }]);
    const logs: string[] = [];
    const sender = createEventSender({ listenerBase: target.url, queueLimit: 2, log: (line) => logs.push(line) });
    expect([sender.send(statusChange('TT-1')), sender.send(statusChange('TT-2')), sender.send(statusChange('TT-3'))]).toEqual([true, true, false]);
    await sender.idle();
    expect(target.seen.map((s) => (JSON.parse(s.body) as { eventId: string }).eventId)).toEqual(['e-TT-1', 'e-TT-2']);
    expect(logs).toEqual([expect.stringContaining('queue full (2); dropped TroubleTicketStatusChangeEvent e-TT-3')]);
  });

  it('with credentials: a client-credentials token of its own client for the audience, fetched once and reused', async () => {
    const tokenRequests: { authorization: string | undefined; body: string }[] = [];
    const tokens = createServer((req, res) => {
      void read(req).then((body) => {
        tokenRequests.push({ authorization: req.headers.authorization, body });
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ access_token: 'tok-1', token_type: 'Bearer', expires_in: 300 }));
      });
    });
    await new Promise<void>((resolve) => tokens.listen(0, '127.0.0.1', resolve));
    open.push({ close: () => new Promise<void>((resolve) => tokens.close(() => resolve())) });
    const target = await listener([{ status: 204 }]);
    const sender = createEventSender({
      listenerBase: target.url,
      credentials: { tokenUrl: `http://127.0.0.1:${(tokens.address() as AddressInfo).port}/token`, clientId: 'provider-events', clientSecret: 's3cret', resource: `${target.url}/listener` },
      log: () => undefined,
    });
    sender.send(statusChange('TT-1'));
    sender.send(statusChange('TT-2'));
    await sender.idle();
    expect(target.seen.map((s) => s.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-1']);
    expect(tokenRequests).toHaveLength(1);
    expect(tokenRequests[0]!.authorization).toBe(`Basic ${Buffer.from('provider-events:s3cret').toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(tokenRequests[0]!.body))).toEqual({ grant_type: 'client_credentials', resource: `${target.url}/listener` });
  });
});

describe('the mocked service with a listener', () => {
  let running: RunningServer | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('a listener that is down does not hold up the API: it answers while the delivery retries', async () => {
    let release: () => void = () => undefined;
    const retrying = new Promise<void>((resolve) => (release = resolve));
    const sleeps: number[] = [];
    running = await startHttpServer({
      port: 0,
      storeOptions: { seed: false },
      // Each wait before a retry lasts until the test has seen the API answer.
      events: { listenerBase: await deadPort(), maxAttempts: 3, log: () => undefined, sleep: async (ms) => {
        sleeps.push(ms);
        await retrying;
      } },
    });
    const call = createTestClient(`${running.url}/tmf-api/troubleTicket/v5`);
    const created = await call<{ id: string }>('/troubleTicket', { method: 'POST', json: faultTicketBody() });
    expect(created.status).toBe(201);
    const read = await call<{ id: string }>(`/troubleTicket/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(running.events!.pending).toBe(1);
    expect(running.events!.stats()).toMatchObject({ delivered: 0, gaveUp: 0 });
    release();
    await running.events!.idle();
    expect(running.events!.stats()).toMatchObject({ attempts: 3, gaveUp: 1 });
  });

  it('sends each create and status change, in the envelope the receiver accepts, to the event\'s own listener path', async () => {
    const target = await listener([{ status: 204 }]);
    running = await startHttpServer({ port: 0, storeOptions: { seed: false }, events: { listenerBase: target.url, log: () => undefined } });
    const call = createTestClient(`${running.url}/tmf-api/troubleTicket/v5`);
    const created = await call<{ id: string }>('/troubleTicket', { method: 'POST', json: faultTicketBody() });
    running.store.advance();
    await running.events!.idle();
    const got = target.seen.map((s) => ({ path: s.path, envelope: JSON.parse(s.body) as Record<string, unknown> }));
    expect(got.map((g) => g.path)).toEqual(['/listener/troubleTicketCreateEvent', '/listener/troubleTicketStatusChangeEvent']);
    for (const { path, envelope } of got) {
      const spec = listeners.find((l) => l.path === path)!;
      expect(eventEnvelope(spec).safeParse(envelope).success, path).toBe(true);
      expect(envelope).toMatchObject({ '@type': spec.eventType, eventType: spec.eventType, event: { troubleTicket: { id: created.body.id, '@type': 'FaultTicket' } } });
    }
    expect(target.seen.every((s) => s.authorization === 'Bearer mock-provider')).toBe(true);
  });
});

describe('settings', () => {
  it.each([
    ['', undefined],
    ['2', 2],
    ['120', 120],
    ['Wed, 21 Oct 2026 07:28:10 GMT', 10],
    ['soon', 0],
  ])('Retry-After %j reads as %j s', (value, seconds) => {
    expect(retryAfterSeconds(value || null, Date.parse('Wed, 21 Oct 2026 07:28:00 GMT'))).toBe(seconds ?? 0);
  });

  it('MOCK_LISTENER_URL switches the sender on; the provider\'s client needs all four MOCK_EVENTS_* or none', () => {
    expect(eventSenderFromEnvironment({})).toBeUndefined();
    expect(eventSenderFromEnvironment({ MOCK_LISTENER_URL: 'http://127.0.0.1:4180' })).toEqual({ listenerBase: 'http://127.0.0.1:4180' });
    const all = {
      MOCK_LISTENER_URL: 'http://127.0.0.1:4180',
      MOCK_EVENTS_TOKEN_URL: 'http://127.0.0.1:4182/token',
      MOCK_EVENTS_CLIENT_ID: 'c',
      MOCK_EVENTS_CLIENT_SECRET: 's',
      MOCK_EVENTS_AUDIENCE: 'http://127.0.0.1:4180/listener',
    };
    expect(eventSenderFromEnvironment(all)?.credentials).toEqual({ tokenUrl: 'http://127.0.0.1:4182/token', clientId: 'c', clientSecret: 's', resource: 'http://127.0.0.1:4180/listener' });
    expect(() => eventSenderFromEnvironment({ ...all, MOCK_EVENTS_CLIENT_SECRET: '' })).toThrow(/MOCK_EVENTS_CLIENT_SECRET must be set too/);
    expect(() => eventSenderFromEnvironment({ MOCK_EVENTS_CLIENT_ID: 'c' })).toThrow(/need MOCK_LISTENER_URL/);
    expect(() => eventSenderFromEnvironment({ MOCK_LISTENER_URL: 'ftp://x' })).toThrow(/must be an http\(s\) URL/);
  });
});
