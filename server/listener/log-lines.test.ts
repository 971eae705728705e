// @vitest-environment node
// Log lines an operator can use (issue 30): JSON with level and time; the request's id (the caller's X-Request-Id,
// which nginx sets, or a new one, answered in the header) on every line written while it is served; the agent's
// subject on stream lines; the reason of every refusal; a readiness probe is no refusal; never a token or a ticket.
import { describe, expect, it } from 'vitest';
import { createListenerApp } from './app';
import { createLogger } from './log';
import { envelopeFor } from '../testing/listener-helpers';
import { listeners } from '../../src/domain/event';

const status = listeners.find((listener) => listener.eventType === 'TroubleTicketStatusChangeEvent');
if (!status) throw new Error('no status change listener');

function receiver() {
  const written: Record<string, unknown>[] = [];
  const log = createLogger((text) => written.push(JSON.parse(text) as Record<string, unknown>));
  return { ...createListenerApp({ log }), written };
}

describe('log lines', () => {
  it('carry level, time and the caller\'s request id, which the answer repeats', async () => {
    const { app, written } = receiver();
    const answer = await app.request(status.path, {
      method: 'POST',
      headers: { Authorization: 'Bearer service-token-1', 'Content-Type': 'application/json', 'X-Request-Id': 'nginx-req-42' },
      body: JSON.stringify(envelopeFor(status)),
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('X-Request-Id')).toBe('nginx-req-42');
    expect(written).toEqual([expect.objectContaining({ level: 'info', kind: 'event', requestId: 'nginx-req-42', outcome: 'accepted', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) })]);
  });

  it.each([
    ['an id with a space and a quote', 'a b"c'],
    ['an id of 129 characters', 'x'.repeat(129)],
    ['no id', undefined],
  ])('make a new id for %s', async (_name, given) => {
    const { app, written } = receiver();
    const answer = await app.request(status.path, {
      method: 'POST',
      headers: { Authorization: 'Bearer service-token-1', 'Content-Type': 'text/html', ...(given === undefined ? {} : { 'X-Request-Id': given }) },
    });
    const id = answer.headers.get('X-Request-Id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(written).toEqual([expect.objectContaining({ level: 'warn', kind: 'refused', status: 415, requestId: id, reason: expect.stringContaining('Content-Type') })]);
  });

  it('name the agent on stream lines, and never the token or the ticket', async () => {
    const { app, written } = receiver();
    const agentToken = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"agent.one"}').toString('base64url')}.x`;
    const issued = await app.request('/relay/stream-tickets', { method: 'POST', headers: { Authorization: `Bearer ${agentToken}` } });
    const { ticket } = (await issued.json()) as { ticket: string };
    const stream = await app.request(`/relay/events?ticket=${encodeURIComponent(ticket)}`);
    const reader = stream.body?.getReader();
    await reader?.read();
    await reader?.cancel();
    const opened = written.find((line) => line.kind === 'stream' && line.action === 'opened');
    expect(opened).toMatchObject({ level: 'info', subject: expect.any(String), requestId: expect.any(String) });
    // Ended later, by the client going away: the same request and agent on the closing line.
    await expect.poll(() => written.find((line) => line.kind === 'stream' && line.action === 'closed')).toMatchObject({ subject: opened?.subject, requestId: opened?.requestId });
    const text = JSON.stringify(written);
    expect(text).not.toContain(agentToken);
    expect(text).not.toContain(ticket);
  });

  it('do not count a readiness probe\'s 503 as a refusal', async () => {
    const { app, written, drain } = receiver();
    drain();
    expect((await app.request('/readyz')).status).toBe(503);
    expect(written).toEqual([]);
  });

  it('mark a server\'s own failure as an error', async () => {
    const written: string[] = [];
    const log = createLogger((text) => written.push(text));
    log({ kind: 'refused', method: 'POST', path: '/listener/x', status: 503, code: 'notReady', reason: 'The event store (redis) is not reachable' });
    log({ kind: 'info', message: 'internal error: boom', level: 'error' });
    expect(written.map((text) => (JSON.parse(text) as { level: string }).level)).toEqual(['error', 'error']);
  });
});
