/** Garbage in: each is refused with a 400 (or 415) ErrorMessage, nothing is relayed, and a valid event still works after. */
import { describe, expect, it } from 'vitest';
import { listeners, type Listener } from '../../src/domain/event';
import { createListenerApp } from './app';
import { silentLogger } from './log';
import { envelopeFor } from '../testing/listener-helpers';

const listener = listeners.find((l) => l.eventType === 'TroubleTicketStatusChangeEvent') as Listener;
const optional = listeners.find((l) => l.eventType === 'ProductOrderStateChangeEvent') as Listener;

const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** [what, body, expected code (or 204 for a valid, merely odd, envelope), extra headers, status when not 400] */
const garbage: [string, string, string | 204, Record<string, string>?, 415?][] = [
  ['not JSON', 'this is not json', 'malformedJson'],
  ['truncated JSON', '{"eventId":"x",', 'malformedJson'],
  ['an array', JSON.stringify([envelopeFor(listener)]), 'invalidBody'],
  ['a string', '"hello"', 'invalidBody'],
  ['null', 'null', 'invalidBody'],
  ['a number', '42', 'invalidBody'],
  ['wrong types everywhere', JSON.stringify({ eventId: 1, eventTime: true, eventType: [], event: 'x' }), 'invalidBody'],
  ['an array nested 100,000 deep', deep(100_000), 'invalidBody'],
  ['an envelope whose resource is nested 10,000 deep', `{"eventId":"d","eventTime":"2026-11-22T10:00:00Z","eventType":"TroubleTicketStatusChangeEvent","event":{"troubleTicket":${deepObject(10_000)}}}`, 'invalidBody'],
  ['an envelope whose resource is nested 50 deep (allowed)', `{"eventId":"d50","eventTime":"2026-11-22T10:00:00Z","eventType":"TroubleTicketStatusChangeEvent","event":{"troubleTicket":${deepObject(50)}}}`, 204],
  ['brackets inside strings (not nesting)', JSON.stringify({ ...envelopeFor(listener), description: '['.repeat(1000) }), 204],
  ['a body over 256 KiB', JSON.stringify({ ...envelopeFor(listener), description: 'x'.repeat(300 * 1024) }), 'bodyTooLarge'],
  ['invalid UTF-8', '\u0000', 'malformedJson'],
  ['a form body', 'eventId=1&eventType=x', 'invalidContentType', { 'Content-Type': 'application/x-www-form-urlencoded' }, 415],
  ['no content type', JSON.stringify(envelopeFor(listener)), 'invalidContentType', { 'Content-Type': '' }],
];

describe('the receiver never crashes on bad input', () => {
  const cases = garbage.map(([name, body, expected, headers, status]) => ({ name, body, expected, headers: headers ?? {}, status: status ?? 400 }));
  it.each(cases)('answers $name with $expected, then still accepts a valid event', async ({ body, expected, headers, status }) => {
    const { app, stats } = createListenerApp({ log: silentLogger });
    const payload = body === '\u0000' ? new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) : body;
    const res = await app.request(listener.path, {
      method: 'POST',
      headers: { Authorization: 'Bearer service', 'Content-Type': 'application/json', ...headers },
      body: payload,
    });
    if (expected === 204) expect(res.status).toBe(204);
    else expect(await res.json()).toMatchObject({ '@type': 'Error', status: String(status), code: expected });
    const ok = await app.request(listener.path, {
      method: 'POST',
      headers: { Authorization: 'Bearer service', 'Content-Type': 'application/json' },
      body: JSON.stringify(envelopeFor(listener)),
    });
    expect(ok.status).toBe(204);
    expect(stats().accepted).toBe(res.status === 204 ? 2 : 1);
  });

  it('names the limit when a body is too large, even where the body is optional', async () => {
    const { app } = createListenerApp({ log: silentLogger, maxBodyBytes: 1024 });
    const res = await app.request(optional.path, {
      method: 'POST',
      headers: { Authorization: 'Bearer service', 'Content-Type': optional.contentType },
      body: JSON.stringify({ ...envelopeFor(optional), description: 'x'.repeat(2000) }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'bodyTooLarge', message: 'The body is larger than 1024 bytes, the most this receiver accepts' });
  });

  it('refuses a too-large body sent without a Content-Length (streamed) without reading all of it', async () => {
    const { app } = createListenerApp({ log: silentLogger, maxBodyBytes: 1024 });
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(512).fill(0x20));
      },
    });
    const res = await app.request(listener.path, {
      method: 'POST',
      headers: { Authorization: 'Bearer service', 'Content-Type': 'application/json' },
      body: endless,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(400);
    expect(pulled).toBeLessThan(10);
  });
});
