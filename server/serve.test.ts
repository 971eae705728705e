// Answers once a stop has begun (server/serve.ts): each says `Connection: close`, whatever made it.
import { describe, expect, it } from 'vitest';
import { closingConnection } from './serve';

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
