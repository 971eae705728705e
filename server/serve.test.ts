// Answers once a stop has begun (server/serve.ts): each says `Connection: close`, whatever made it.
import { describe, expect, it } from 'vitest';
import { closingConnection, stoppingAnswer } from './serve';

describe('closingConnection', () => {
  it.each([
    ['an answer of the app', () => new Response('{"a":1}', { status: 201, headers: { 'Content-Type': 'application/json' } }), 201],
    // Response.redirect's headers are immutable, as a fetched answer's (the gateway's API proxy) are.
    ['an answer whose headers are immutable', () => Response.redirect('https://desk.example.com/', 302), 302],
  ])('%s keeps its status, headers and body, and says Connection: close', async (_name, make, status) => {
    const original = make();
    const before = [...original.headers.entries()];
    const closing = closingConnection(original);
    expect(closing.status).toBe(status);
    expect(closing.headers.get('connection')).toBe('close');
    for (const [name, value] of before) expect(closing.headers.get(name)).toBe(value);
    if (status === 201) expect(await closing.json()).toEqual({ a: 1 });
  });
});

describe('stoppingAnswer (issue 43)', () => {
  it('says a 500 of a stopping instance as 503 notReady with Retry-After, so nginx and the app try again', async () => {
    const answer = stoppingAnswer(new Response('{"code":"internalError"}', { status: 500 }));
    expect(answer.status).toBe(503);
    expect(answer.headers.get('Retry-After')).toBe('1');
    expect(answer.headers.get('Connection')).toBe('close');
    expect(await answer.json()).toMatchObject({ code: 'notReady', message: expect.stringMatching(/try again in a moment/) });
  });

  it.each([200, 401, 502, 503])('passes a %s on as it is, with Connection: close', (status) => {
    const answer = stoppingAnswer(new Response(null, { status }));
    expect(answer.status).toBe(status);
    expect(answer.headers.get('Connection')).toBe('close');
  });
});
