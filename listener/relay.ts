/** The relay of the contract: stream tickets bought with an agent's token, and the SSE stream of accepted events. */
import type { Hono } from 'hono';
import { cors } from 'hono/cors';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { decodeJwt } from 'jose';
import type { Authorizer } from '../mocks/auth';
import { listenerError, methodNotAllowed } from './errors';
import type { BusMessage, EventBus } from './event-bus';
import type { Logger } from './log';
import { TICKET_LIFETIME_MS, type StreamTickets } from './stream-tickets';

export const HEARTBEAT_MS = 15_000;
/** setTimeout's ceiling (about 24.8 days); a token that lives longer is ended then and the client reconnects. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export type RelayOptions = {
  bus: EventBus;
  tickets: StreamTickets;
  authorizer: Authorizer;
  allowedOrigins: readonly string[];
  log: Logger;
  now: () => number;
  heartbeatMs: number;
  defaultStreamLifetimeMs: number;
  /** Messages waiting for one slow subscriber before it is dropped (it reconnects and resumes from its last id). */
  subscriberQueueLimit: number;
  onRelayed(): void;
};

export type Relay = { openStreams(): number; dropStreams(reason: string): number };

type Queued = BusMessage | { kind: 'ping' } | { kind: 'hello'; seq: number };

const BEARER = /^Bearer +([^\s]+) *$/i;

/** When the stream bought with this request's token must end: the token's `exp` if it was verified. */
function streamUntilOf(request: Request, verified: boolean, now: number, fallbackMs: number): number {
  if (!verified) return now + fallbackMs;
  const token = BEARER.exec(request.headers.get('Authorization') ?? '')?.[1] ?? '';
  // Already verified by the authorizer (requiredClaims: exp): decoding here only reads the claim.
  const { exp } = decodeJwt(token);
  return exp === undefined ? now + fallbackMs : exp * 1000;
}

/** `lastEventId` query parameter, else the Last-Event-ID header; undefined = from now on; null = not a seq. */
function lastEventIdOf(request: Request, query: string | undefined): number | undefined | null {
  const raw = query ?? request.headers.get('Last-Event-ID') ?? undefined;
  if (raw === undefined || raw === '') return undefined;
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

export function addRelayRoutes(app: Hono, options: RelayOptions): Relay {
  const { bus, tickets, authorizer, log, now } = options;
  const closers = new Set<(reason: string) => void>();

  // Exact origins only, no credentials: the token travels in a header, once, to buy a ticket.
  app.use(
    '/relay/*',
    cors({ origin: [...options.allowedOrigins], allowMethods: ['GET', 'POST'], allowHeaders: ['Authorization'], maxAge: 600 }),
  );

  app.post('/relay/stream-tickets', async (c) => {
    const refused = await authorizer.authorize(c.req.raw);
    if (refused) return refused;
    const t = now();
    const ticket = tickets.issue(streamUntilOf(c.req.raw, authorizer.issuer !== undefined, t, options.defaultStreamLifetimeMs));
    c.header('Cache-Control', 'no-store');
    return c.json({ ticket, expiresInSeconds: TICKET_LIFETIME_MS / 1000 }, 201);
  });
  app.all('/relay/stream-tickets', (c) => methodNotAllowed(c.req.method, ['POST']));

  app.get('/relay/events', (c) => {
    const after = lastEventIdOf(c.req.raw, c.req.query('lastEventId'));
    // Checked before the ticket is spent, so a client bug does not also cost a ticket.
    if (after === null) return listenerError(400, 'invalidQuery', 'lastEventId must be the decimal id of an event this relay sent');
    const redeemed = tickets.redeem(c.req.query('ticket') ?? '');
    if (!redeemed) return listenerError(401, 'invalidStreamTicket', 'The stream ticket is unknown, used or expired: get a new one with POST relay/stream-tickets');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, (stream) => pump(stream, after, redeemed.streamUntil, c.req.raw.signal));
  });
  app.all('/relay/events', (c) => methodNotAllowed(c.req.method, ['GET']));

  async function pump(stream: SSEStreamingApi, after: number | undefined, streamUntil: number, signal: AbortSignal): Promise<void> {
    let queue: Queued[] = [];
    let head = 0;
    let wake: (() => void) | undefined;
    let ended: string | undefined;
    let unsubscribe = () => {};
    const end = (reason: string) => {
      if (ended) return;
      ended = reason;
      // Let go of everything now, not when the pump notices: it may be stuck writing to a client that reads nothing.
      unsubscribe();
      clearInterval(heartbeat);
      clearTimeout(expiry);
      closers.delete(end);
      queue = [];
      head = 0;
      log({ kind: 'stream', action: reason === 'slow' ? 'dropped' : 'closed', subscribers: closers.size, reason });
      wake?.();
      // A pending write only returns when the client reads; aborting cancels it so the pump can finish.
      if (reason === 'slow') stream.abort();
    };
    const push = (item: Queued) => {
      if (ended) return;
      if (queue.length - head >= options.subscriberQueueLimit) return end('slow');
      queue.push(item);
      wake?.();
    };

    closers.add(end);
    stream.onAbort(() => end('client'));
    signal.addEventListener('abort', () => end('client'));
    const heartbeat = setInterval(() => push({ kind: 'ping' }), options.heartbeatMs);
    const expiry = setTimeout(() => end('token expired'), Math.min(Math.max(streamUntil - now(), 0), MAX_TIMER_MS));
    log({ kind: 'stream', action: 'opened', subscribers: closers.size });
    // hello first, before any reset or replay: the bus's newest seq at the moment of subscribing, so that a client
    // without a position (cut before its first event) resumes from here and loses nothing posted during the gap.
    // Read and subscribe in one synchronous step: nothing can be published in between.
    push({ kind: 'hello', seq: bus.stats().lastSeq });
    unsubscribe = bus.subscribe(after, push);
    // The client may have gone while the stream was being set up: the abort event has fired already then.
    if (signal.aborted) end('client');
    try {
      // A first comment makes proxies and browsers see the stream as open before the first event.
      await stream.write(': connected\n\n');
      while (!ended) {
        if (head === queue.length) {
          await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
          continue;
        }
        const item = queue[head] as Queued;
        head += 1;
        if (head > 1024 && head * 2 > queue.length) {
          queue = queue.slice(head);
          head = 0;
        }
        if (item.kind === 'ping') await stream.write(': ping\n\n');
        else if (item.kind === 'hello') await stream.write(`id: ${item.seq}\nevent: hello\ndata: ${JSON.stringify({ lastEventId: String(item.seq) })}\n\n`);
        else if (item.kind === 'reset') await stream.write(`event: reset\ndata: ${JSON.stringify({ reason: item.reason })}\n\n`);
        else {
          options.onRelayed();
          await stream.write(`id: ${item.event.seq}\nevent: notification\ndata: ${item.event.data}\n\n`);
        }
      }
    } finally {
      end('finished');
    }
  }

  return {
    openStreams: () => closers.size,
    dropStreams(reason) {
      const all = [...closers];
      for (const end of all) end(reason);
      return all.length;
    },
  };
}
