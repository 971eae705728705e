/**
 * The relay of the contract: stream tickets bought with an agent's token, and the SSE stream of accepted events; or,
 * behind the desk gateway, the stream opened on the agent's session (`subscriberAuth`) with no tickets at all.
 */
import type { Context, Hono } from 'hono';
import { cors } from 'hono/cors';
import { decodeJwt } from 'jose';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Authorizer } from '../auth';
import { noteSubject } from '../request-context';
import { errorResponse, methodNotAllowed } from '../errors';
import type { AgentStreams, StreamSlot } from './agent-streams';
import { BusUnavailableError, type EventBus } from './event-bus';
import type { Logger } from './log';
import { ownerOf, TICKET_LIFETIME_MS, type StreamTickets } from './stream-tickets';
import { createFanOut, frameOf, type LiveStream } from './fan-out';
import { createOutlet, nodeResponseOf, ROOM_BYTES, type Outlet } from './sse-outlet';

export const HEARTBEAT_MS = 15_000;
/** What may wait for one subscriber (characters of events it has not received) before it is dropped as slow. */
export const DEFAULT_SUBSCRIBER_MAX_BYTES = 16 * 1024 * 1024;
/** Events read from the log per step of a stream. */
const READ_BATCH = 100;
/** setTimeout's ceiling (about 24.8 days); a token that lives longer is ended then and the client reconnects. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Who opened a stream on a session, and until when: it ends then, or at a heartbeat once `stillValid()` says no. */
export type Subscriber = {
  subject: string;
  /** The session's store id, so that signing out ends exactly that session's streams. */
  sessionId?: string;
  until: number;
  /** When the session began (ms): a reconnect replays nothing older (decision 0053); unset = the relay's own record. */
  since?: number;
  stillValid(): Promise<boolean>;
};
/** Checks the request of /relay/events (its cookie): a subscriber, or the refusal to send. */
export type SubscriberAuth = (request: Request) => Promise<Subscriber | Response>;

export type RelayOptions = {
  bus: EventBus;
  /** Session mode: /relay/events needs no ticket, POST relay/stream-tickets answers 404, and no CORS headers. */
  subscriberAuth?: SubscriberAuth;
  tickets: StreamTickets;
  /** Open streams per agent and when each agent's relay session began. */
  agentStreams: AgentStreams;
  authorizer: Authorizer;
  allowedOrigins: readonly string[];
  log: Logger;
  now: () => number;
  heartbeatMs: number;
  defaultStreamLifetimeMs: number;
  /** Characters waiting for one subscriber before it is dropped (it reconnects and resumes from its last id). */
  subscriberMaxBytes: number;
  /**
   * How long one write may wait for the client to read before the stream is dropped and its slot freed; default two
   * heartbeats, less than the three after which a slot without heartbeats ages out (so the count stays honest).
   */
  writeStallMs?: number;
  /** The least time between two of the fan-out's passes (default PASS_INTERVAL_MS; 0 = each event at once). */
  fanOutPassMs?: number;
  /** Events sent to streams (deliveries), counted in batches. */
  onRelayed(count: number): void;
  /** A stream's heartbeat could not ask the session store (it keeps the stream and asks again at the next beat). */
  onSessionCheckFailed?(): void;
};

export type Relay = {
  openStreams(): number;
  dropStreams(reason: string): number;
  /** Ends the streams opened by this subject or on this session id (session mode); how many. */
  dropStreamsOf(owner: string, reason: string): number;
};

const encoder = new TextEncoder();
const BEARER = /^Bearer +([^\s]+) *$/i;

/**
 * Who bought the ticket and until when its stream may last: the token's `sub` and `exp` if it was verified; else
 * (no RELAY_ISSUER, development) the token itself stands for the agent, for the default lifetime.
 */
function holderOf(token: string, verified: boolean, now: number, fallbackMs: number): { subject: string; streamUntil: number; issuedAt: number } {
  if (!verified) return { subject: `token:${ownerOf(token)}`, streamUntil: now + fallbackMs, issuedAt: Infinity };
  // Already verified by the authorizer (requiredClaims: exp, sub): decoding here only reads the claims.
  const { exp, sub, iat } = decodeJwt(token);
  return { subject: `sub:${sub ?? ''}`, streamUntil: exp === undefined ? now + fallbackMs : exp * 1000, issuedAt: iat === undefined ? Infinity : iat * 1000 };
}


/** `lastEventId` query parameter, else the Last-Event-ID header; undefined = from now on; null = not an id. */
function lastEventIdOf(request: Request, query: string | undefined): number | undefined | null {
  const raw = query ?? request.headers.get('Last-Event-ID') ?? undefined;
  if (raw === undefined || raw === '') return undefined;
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

/** How a stream starts: the client's position, until when, the agent's session start (ms) and its counted place. */
type StreamOpening = { after: number | undefined; streamUntil: number; since: number; slot: StreamSlot };

const tooManyStreams = (retryAfterSeconds: number) =>
  errorResponse(429, 'tooManyStreams', `You have the most live-update streams open that one agent may have: close a desk tab or window, or try again in ${retryAfterSeconds} s`, {
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });

const unavailable = () =>
  errorResponse(503, 'notReady', 'The event store is not reachable just now: try again in a few seconds', { headers: { 'Retry-After': '5' } });

export function addRelayRoutes(app: Hono, options: RelayOptions): Relay {
  const { bus, tickets, agentStreams, authorizer, log, now } = options;
  const closers = new Set<(reason: string) => void>();
  const owners = new Map<(reason: string) => void, readonly string[]>();
  const { subscriberAuth } = options;
  const fanOut = createFanOut(bus, (count) => options.onRelayed(count), options.fanOutPassMs === undefined ? {} : { passIntervalMs: options.fanOutPassMs });

  if (subscriberAuth) {
    // Same origin, the session cookie: nothing to sell, and no CORS (another origin gets nothing).
    app.all('/relay/stream-tickets', () =>
      errorResponse(404, 'notFound', 'This relay needs no stream tickets: open relay/events with your signed-in session'),
    );
  } else {
    // Exact origins only, no credentials: the token travels in a header, once, to buy a ticket.
    app.use(
      '/relay/*',
      cors({ origin: [...options.allowedOrigins], allowMethods: ['GET', 'POST'], allowHeaders: ['Authorization'], exposeHeaders: ['Retry-After'], maxAge: 600 }),
    );
  }

  app.post('/relay/stream-tickets', async (c) => {
    const refused = await authorizer.authorize(c.req.raw);
    if (refused) return refused;
    const token = BEARER.exec(c.req.header('Authorization') ?? '')?.[1] ?? '';
    const holder = holderOf(token, authorizer.issuer !== undefined, now(), options.defaultStreamLifetimeMs);
    let issued;
    try {
      // The agent's relay session begins with its first ticket (or its token's issue, if earlier: both come after its
      // sign-in, and a Redis that lost the first keeps the second) and is carried by each ticket: replays start there.
      const since = Math.min(await agentStreams.since(holder.subject), holder.issuedAt);
      noteSubject(holder.subject.replace(/^sub:/, ''));
      issued = await tickets.issue(token, holder.streamUntil, { subject: holder.subject, since });
    } catch {
      return unavailable();
    }
    if ('retryAfterSeconds' in issued) {
      const who = issued.scope === 'token' ? 'This token holds the most unused stream tickets allowed' : 'The relay holds the most unused stream tickets allowed';
      return errorResponse(429, 'tooManyStreamTickets', `${who}: open a stream with one, or try again in ${issued.retryAfterSeconds} s`, {
        headers: { 'Retry-After': String(issued.retryAfterSeconds) },
      });
    }
    c.header('Cache-Control', 'no-store');
    return c.json({ ticket: issued.ticket, expiresInSeconds: TICKET_LIFETIME_MS / 1000 }, 201);
  });
  app.all('/relay/stream-tickets', (c) => methodNotAllowed(c.req.method, ['POST']));

  app.get('/relay/events', async (c) => {
    // Hono answers HEAD with this route and drops the body without cancelling it: such a stream would never end.
    if (c.req.raw.method !== 'GET') return methodNotAllowed(c.req.raw.method, ['GET']);
    const after = lastEventIdOf(c.req.raw, c.req.query('lastEventId'));
    // Checked before the ticket is spent, so a client bug does not also cost a ticket.
    if (after === null) return errorResponse(400, 'invalidQuery', 'lastEventId must be the decimal id of an event this relay sent');
    if (subscriberAuth) {
      const subscriber = await subscriberAuth(c.req.raw);
      if (subscriber instanceof Response) return subscriber;
      const subject = `sub:${subscriber.subject}`;
      noteSubject(subscriber.subject);
      let opened;
      try {
        opened = await agentStreams.open(subject);
        if ('retryAfterSeconds' in opened) return tooManyStreams(opened.retryAfterSeconds);
        const since = subscriber.since ?? (await agentStreams.since(subject));
        const { slot } = opened;
        return streamResponse(c, { after, streamUntil: subscriber.until, since, slot }, c.req.raw.signal, subscriber);
      } catch {
        if (opened && 'slot' in opened) await opened.slot.release().catch(() => {});
        return unavailable();
      }
    }
    let redeemed;
    let opened;
    try {
      redeemed = await tickets.redeem(c.req.query('ticket') ?? '');
      if (!redeemed) return errorResponse(401, 'invalidStreamTicket', 'The stream ticket is unknown, used or expired: get a new one with POST relay/stream-tickets');
      noteSubject(redeemed.subject.replace(/^sub:/, ''));
      opened = await agentStreams.open(redeemed.subject);
    } catch {
      return unavailable();
    }
    if ('retryAfterSeconds' in opened) return tooManyStreams(opened.retryAfterSeconds);
    const { streamUntil, since } = redeemed;
    const { slot } = opened;
    return streamResponse(c, { after, streamUntil, since, slot }, c.req.raw.signal);
  });
  app.all('/relay/events', (c) => methodNotAllowed(c.req.method, ['GET']));

  /** The response of one stream: its body is an outlet the pump and the fan-out queue frames on. */
  function streamResponse(c: Context, opening: StreamOpening, signal: AbortSignal, subscriber?: Subscriber): Response {
    let cancelled = () => {};
    const outlet = createOutlet(() => cancelled(), nodeResponseOf(c.env));
    cancelled = pump(outlet, opening, signal, subscriber);
    c.header('Content-Type', 'text/event-stream');
    c.header('Cache-Control', 'no-cache');
    // No Connection nor Transfer-Encoding here: served by Node, the body ends with its connection (sse-outlet.ts).
    c.header('X-Accel-Buffering', 'no');
    return c.body(outlet.body, 200);
  }

  /**
   * One stream: hello, then read the log from the position on until caught up; then it is live, and the fan-out
   * queues each new event's shared frame on it (fan-out.ts). What waits for it is bounded by bytes: past
   * `subscriberMaxBytes` it is dropped, and its client reconnects with its last id and catches up from the log.
   * Returns what the outlet calls when the client cancels.
   */
  function pump(outlet: Outlet, opening: StreamOpening, signal: AbortSignal, subscriber?: Subscriber): () => void {
    const { after, streamUntil, slot } = opening;
    // hello is the newest id at the moment the position is fixed: a client without one resumes from here.
    const hello = bus.head();
    let resetSent = false;
    let ended: string | undefined;
    let wake: (() => void) | undefined;
    const nudge = () => wake?.();
    const writeStallMs = options.writeStallMs ?? 2 * options.heartbeatMs;
    // Ids are the log's time in ms × 100 + n (0029): below this one, an event came before the agent's session.
    const live: LiveStream = {
      cursor: after ?? hello,
      sinceId: opening.since * 100,
      deliver(frame) {
        if (!outlet.send(frame)) return false;
        const queued = outlet.queued();
        if (queued > options.subscriberMaxBytes) {
          end(`slow: ${queued} bytes of events waiting, more than ${options.subscriberMaxBytes}`);
          return false;
        }
        return true;
      },
      behind: () => nudge(),
    };
    const send = (text: string) => outlet.send(encoder.encode(text));
    let checking = false;

    // Bound to this request's context: a stream ended later (an abort, a timer, a sign-out elsewhere) still logs the
    // request's id and agent (server/request-context.ts).
    const end = AsyncLocalStorage.bind((reason: string) => {
      if (ended) return;
      ended = reason;
      fanOut.leave(live);
      clearInterval(heartbeat);
      clearInterval(stallCheck);
      clearTimeout(expiry);
      closers.delete(end);
      owners.delete(end);
      void slot.release().catch(() => {});
      const dropped = reason.startsWith('slow');
      log({ kind: 'stream', action: dropped ? 'dropped' : 'closed', subscribers: closers.size, reason });
      // What waits for a stream dropped as slow is not sent: its connection fails, and its client reconnects.
      outlet.close(dropped);
      nudge();
    });
    closers.add(end);
    if (subscriber) owners.set(end, [subscriber.subject, ...(subscriber.sessionId ? [subscriber.sessionId] : [])]);
    signal.addEventListener('abort', () => end('client'));
    const heartbeat = setInterval(() => {
      // Keeps this stream counted (Redis: a killed receiver's streams stop beating and age out) and the session on.
      void slot.beat().catch(() => {});
      send(': ping\n\n');
      // The pump reads the log once: a broker that went away ends the stream, and anything missed is caught up.
      fanOut.leave(live);
      nudge();
      // Signed out on another instance, or ended: that instance cannot reach this stream, the heartbeat can.
      if (!subscriber || checking || ended) return;
      checking = true;
      void subscriber
        .stillValid()
        .then(
          (valid) => {
            if (!valid) end('session ended');
          },
          // Not a "no": the store did not answer (a Redis blip). The stream stays; the next beat asks again.
          () => options.onSessionCheckFailed?.(),
        )
        .finally(() => {
          checking = false;
        });
    }, options.heartbeatMs);
    // A client that takes nothing for a whole check while bytes wait for it ends the stream and frees its slot.
    let takenBefore = -1;
    const stallCheck = setInterval(() => {
      const taken = outlet.taken();
      if (outlet.queued() > 0 && taken === takenBefore) end(`slow: a write waited more than ${writeStallMs} ms`);
      takenBefore = outlet.queued() > 0 ? taken : -1;
    }, writeStallMs);
    const expiry = setTimeout(() => end(subscriber ? 'session expired' : 'token expired'), Math.min(Math.max(streamUntil - now(), 0), MAX_TIMER_MS));
    log({ kind: 'stream', action: 'opened', subscribers: closers.size });
    // The client may have gone while the stream was being set up: the abort event has fired already then.
    if (signal.aborted) end('client');

    async function catchUp(): Promise<void> {
      // A first comment makes proxies and browsers see the stream as open before the first event.
      send(': connected\n\n');
      // hello first, before any reset or replay (decision 0022).
      send(`id: ${hello}\nevent: hello\ndata: ${JSON.stringify({ lastEventId: String(hello) })}\n\n`);
      while (!ended) {
        const result = await bus.read(live.cursor, READ_BATCH);
        if (ended) break;
        if (result.reset) {
          send(`event: reset\ndata: ${JSON.stringify({ reason: result.reset })}\n\n`);
          resetSent = true;
        }
        let relayed = 0;
        for (const event of result.events) {
          // Paced by the client: a replay queues at most about ROOM_BYTES, far below the bound.
          if (outlet.queued() >= ROOM_BYTES) await outlet.room();
          if (ended) break;
          if (event.id < live.sinceId) {
            // Not this agent's to replay; the app is told that events may be missing, so it refetches what it shows.
            if (!resetSent) send(`event: reset\ndata: ${JSON.stringify({ reason: 'gap' })}\n\n`);
            resetSent = true;
          } else {
            if (!live.deliver(frameOf(event))) break;
            relayed += 1;
          }
          live.cursor = event.id;
        }
        if (relayed) options.onRelayed(relayed);
        if (ended) break;
        live.cursor = Math.max(live.cursor, result.cursor);
        if (result.events.length || result.reset) continue;
        // Caught up: from now on the fan-out sends it each event, until it lets go (wake).
        const woken = new Promise<void>((resolve) => (wake = resolve));
        fanOut.join(live);
        await woken;
        wake = undefined;
        fanOut.leave(live);
      }
    }
    catchUp().then(
      () => end('finished'),
      (error: unknown) => end(error instanceof BusUnavailableError ? 'broker unavailable' : 'failed'),
    );
    return () => end('client');
  }

  return {
    openStreams: () => closers.size,
    dropStreams(reason) {
      const all = [...closers];
      for (const end of all) end(reason);
      return all.length;
    },
    dropStreamsOf(owner, reason) {
      const theirs = [...owners].filter(([, who]) => who.includes(owner)).map(([end]) => end);
      for (const end of theirs) end(reason);
      return theirs.length;
    },
  };
}
