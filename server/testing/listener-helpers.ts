/** Test helpers: valid envelopes per listener, a reader of SSE messages from a Response body, a relay harness. */
import { expect } from 'vitest';
import type { Listener } from '../../src/domain/event';
import { createListenerApp, type ListenerAppOptions } from '../listener/app';
import { floorAt } from '../listener/event-ids';
import type { LogLine } from '../listener/log';

let counter = 0;

/** A valid envelope for the listener; every call a new eventId unless one is given. */
export function envelopeFor(listener: Listener, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  return {
    eventId: `evt-${counter}`,
    eventTime: '2026-11-22T10:00:00+01:00',
    eventType: listener.eventType,
    event: { [listener.resourceName]: { id: `R-${counter}` } },
    ...overrides,
  };
}

export type SseMessage = { comment?: string; event?: string; id?: string; data?: string };

/** Reads an event stream message by message; `close()` cancels it as a browser leaving would. */
export function sseReader(response: Response) {
  if (!response.body) throw new Error('The response has no body');
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;

  function parse(block: string): SseMessage {
    const message: SseMessage = {};
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) message.comment = line.slice(1).trim();
      const match = /^(event|id|data): ?(.*)$/.exec(line);
      if (!match) continue;
      if (match[1] === 'data') data.push(match[2] ?? '');
      else message[match[1] as 'event' | 'id'] = match[2];
    }
    if (data.length) message.data = data.join('\n');
    return message;
  }

  /** The next message (comments included), or undefined when the stream has ended. */
  async function next(): Promise<SseMessage | undefined> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return parse(block);
      }
      if (done) return undefined;
      const chunk = await reader.read();
      if (chunk.done) done = true;
      else buffer += decoder.decode(chunk.value, { stream: true });
    }
  }

  /** The next `count` messages that are not comments. */
  async function events(count: number): Promise<SseMessage[]> {
    const out: SseMessage[] = [];
    while (out.length < count) {
      const message = await next();
      if (!message) throw new Error(`The stream ended after ${out.length} of ${count} messages`);
      if (message.comment === undefined) out.push(message);
    }
    return out;
  }

  return { next, events, close: () => reader.cancel().catch(() => {}) };
}

/** A clock standing still, so that ids count up from the epoch one by one: idAt(k) is the k-th event's id. */
export const T0 = Date.parse('2026-11-22T10:00:00Z');
export const idAt = (k: number) => String(floorAt(T0) + k);

/** A receiver app with a standing clock, its log lines, and helpers to post events, buy tickets and open streams. */
export function relayHarness(options: ListenerAppOptions = {}) {
  const lines: LogLine[] = [];
  const listener = createListenerApp({ log: (line) => lines.push(line), now: () => T0, ...options });
  const { app } = listener;
  const post = (l: Listener, body?: object) =>
    app.request(l.path, {
      method: 'POST',
      headers: { Authorization: 'Bearer service', ...(body ? { 'Content-Type': l.contentType } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  const ticket = async (headers: Record<string, string> = {}) => {
    const res = await app.request('/relay/stream-tickets', { method: 'POST', headers: { Authorization: 'Bearer agent', ...headers } });
    expect(res.status).toBe(201);
    return ((await res.json()) as { ticket: string }).ticket;
  };
  /** The stream as sent, comments and hello included. */
  const openRaw = async (query = '', headers: Record<string, string> = {}) => {
    const res = await app.request(`/relay/events?ticket=${await ticket()}${query}`, { headers });
    expect(res.status).toBe(200);
    return sseReader(res);
  };
  /** The stream past its first message, which must be the hello (kept as `hello`). */
  const open = async (query = '', headers: Record<string, string> = {}) => {
    const stream = await openRaw(query, headers);
    const [hello] = await stream.events(1);
    expect(hello?.event).toBe('hello');
    return { ...stream, hello };
  };
  return { ...listener, lines, post, ticket, open, openRaw };
}

/** Waits until `condition` holds, checking every 20 ms; fails naming `what` after `timeoutMs`. */
export async function until(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`Not ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
