/**
 * The event stream's outlet served by Node (issue 42): the body is sent without chunked encoding and ends with its
 * connection, so a stream that ends leaves nothing behind (no keep-alive connection for a proxy to wait on); frames go
 * whole and in order under back-pressure; a stream dropped as slow has its connection reset, what was queued unsent.
 * Raw sockets on a real server: what a client (or nginx) reads on the wire.
 */
import { Hono } from 'hono';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listeners, type Listener } from '../../src/domain/event';
import { envelopeFor, relayHarness, until } from '../testing/listener-helpers';
import { closeAll, serveApp } from '../testing/upstream';
import { createOutlet, nodeResponseOf, type Outlet } from './sse-outlet';

afterEach(closeAll);

const status = listeners.find((l) => l.eventType === 'TroubleTicketStatusChangeEvent') as Listener;
const bytesOf = (text: string) => new TextEncoder().encode(text);

/** A client on a raw socket: its request as written, what came back, and when the server ended the connection. */
function rawClient(url: string, request: string) {
  const { port } = new URL(url);
  const socket: Socket = connect(Number(port), '127.0.0.1');
  const received: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  // A stream that ends closes its connection cleanly: an error here is the test's to see.
  let failed: string | undefined;
  socket.on('error', (error: NodeJS.ErrnoException) => (failed = error.code ?? error.message));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(request);
  const all = () => Buffer.concat(received);
  const headEnd = () => all().indexOf('\r\n\r\n');
  return {
    socket,
    closed,
    failed: () => failed,
    /** The status line and headers (names in lower case), once they have come. */
    async head() {
      await until(() => headEnd() >= 0, 'the head came');
      const [statusLine = '', ...lines] = all().subarray(0, headEnd()).toString('latin1').split('\r\n');
      return { statusLine, headers: Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()])) };
    },
    /** The body's bytes so far, exactly as sent on the wire after the head. */
    body: () => all().subarray(headEnd() + 4),
  };
}

/** A server whose one route answers with an outlet the test drives. */
async function outletServer() {
  const outlets: Outlet[] = [];
  const app = new Hono();
  app.get('/stream', (c) => {
    const outlet = createOutlet(() => {}, nodeResponseOf(c.env));
    outlets.push(outlet);
    outlet.send(bytesOf(': connected\n\n'));
    return c.body(outlet.body, 200, { 'Content-Type': 'text/event-stream' });
  });
  const served = await serveApp(app);
  return { url: served.url, outlet: async () => (await until(() => outlets.length > 0, 'the stream opened'), outlets[0] as Outlet) };
}

/** `count` frames of `size` bytes each, every one telling its number, so order and wholeness show. */
const frames = (count: number, size: number) =>
  Array.from({ length: count }, (_, i) => {
    const head = `id: ${i}\ndata: `;
    return bytesOf(`${head}${String(i % 10).repeat(size - head.length - 2)}\n\n`);
  });

/**
 * A stream whose client stopped reading, sent 16 MiB: more than the kernel holds for one connection (a few MiB), so
 * bytes wait in the receiver for the client.
 */
async function stalledStream() {
  const server = await outletServer();
  const client = rawClient(server.url, 'GET /stream HTTP/1.1\r\nHost: x\r\n\r\n');
  await client.head();
  const outlet = await server.outlet();
  client.socket.pause();
  const sent = frames(256, 64 * 1024);
  for (const frame of sent) outlet.send(frame);
  expect(outlet.queued()).toBeGreaterThan(0);
  return { client, outlet, sent };
}

describe('an event stream served by Node', () => {
  it.each([
    ['HTTP/1.1', 'GET /stream HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['HTTP/1.1 asking for keep-alive', 'GET /stream HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n'],
    ['HTTP/1.1 with Connection: close', 'GET /stream HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
    ['HTTP/1.0', 'GET /stream HTTP/1.0\r\n\r\n'],
  ])('%s: no chunked encoding, the frames as they are, and the connection closed when the stream ends', async (_, request) => {
    const server = await outletServer();
    const client = rawClient(server.url, request);
    const { statusLine, headers } = await client.head();
    expect(statusLine).toMatch(/^HTTP\/1\.[01] 200 /);
    expect(headers['transfer-encoding']).toBeUndefined();
    expect(headers['content-length']).toBeUndefined();
    expect(headers['connection']).toBe('close');
    const outlet = await server.outlet();
    const sent = frames(5, 100);
    for (const frame of sent) expect(outlet.send(frame)).toBe(true);
    const expected = Buffer.concat([bytesOf(': connected\n\n'), ...sent]);
    await until(() => client.body().length >= expected.length, 'every frame came');
    outlet.close(false);
    // The end of the stream is the end of the connection: nothing waits for a next request on it.
    await client.closed;
    expect(client.body()).toEqual(expected);
    expect(client.failed()).toBeUndefined();
  });

  it('sends every frame whole and in order to a client that stopped reading a while, and counts what waits for it', async () => {
    const { client, outlet, sent } = await stalledStream();
    expect(outlet.taken()).toBeLessThan(256 * 64 * 1024);
    client.socket.resume();
    await outlet.room();
    const expected = Buffer.concat([bytesOf(': connected\n\n'), ...sent]);
    await until(() => client.body().length >= expected.length, 'every frame came', 30_000);
    expect(client.body().equals(expected)).toBe(true);
    expect(outlet.queued()).toBe(0);
    outlet.close(false);
    await client.closed;
  });

  it('cuts the connection of a stream dropped with bytes waiting: the client gets a prefix of what was queued, and no more than it held', async () => {
    const { client, outlet, sent } = await stalledStream();
    outlet.close(true);
    client.socket.resume();
    await client.closed;
    const expected = Buffer.concat([bytesOf(': connected\n\n'), ...sent]);
    // Reset: the client gets what its own receive buffer held (Linux's default, 128 KiB), not also what the kernel held
    // for it on the receiver's side (about 4 MiB here), which a plain close would still send on.
    expect(client.body().length).toBeLessThan(1024 * 1024);
    expect(client.body().equals(expected.subarray(0, client.body().length))).toBe(true);
  });
});

describe('the relay served by Node', () => {
  it('ends a stream it drops (a sign-out, a shutdown) by closing its connection, after every event it was sent', async () => {
    const { app, post, ticket, stats, dropStreams } = relayHarness({ maxStreamsPerAgent: 5 });
    const served = await serveApp(app);
    const client = rawClient(served.url, `GET /relay/events?ticket=${await ticket()} HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n`);
    const { headers } = await client.head();
    expect(headers['content-type']).toBe('text/event-stream');
    expect(headers['transfer-encoding']).toBeUndefined();
    expect(headers['connection']).toBe('close');
    await until(() => client.body().includes('event: hello'), 'the hello came');
    await until(() => stats().subscribers === 1, 'the stream counted');
    const posted = [envelopeFor(status), envelopeFor(status), envelopeFor(status)];
    for (const body of posted) expect((await post(status, body)).status).toBe(204);
    await until(() => client.body().toString().split('event: notification').length > posted.length, 'every event came');
    dropStreams('session ended');
    await client.closed;
    expect(client.failed()).toBeUndefined();
    const text = client.body().toString();
    expect(text.endsWith('\n\n')).toBe(true);
    expect([...text.matchAll(/"eventId":"([^"]+)"/g)].map((m) => m[1])).toEqual(posted.map((p) => p.eventId));
  });
});
