/** createListenerApp: the receiver (31 listener paths), the relay, health and test hooks, as a Hono app with no port. */
import { Hono } from 'hono';
import { createAuthorizer, type AuthOptions, type Authorizer } from '../mocks/auth';
import { listenerError } from './errors';
import { createInProcessBus, type EventBus } from './event-bus';
import { addListenerRoutes } from './listener-routes';
import { createLogger, type Logger } from './log';
import { DEFAULT_MAX_BODY_BYTES } from './read-body';
import { addRelayRoutes, HEARTBEAT_MS } from './relay';
import { DEFAULT_BUFFER_SIZE } from './settings';
import { createStreamTickets, DEFAULT_STREAM_LIFETIME_MS } from './stream-tickets';

export type ListenerAppOptions = {
  /** '' (default) or '/prefix': every path below hangs off it. */
  basePath?: string;
  /** The service's tokens on the listener paths: none = any bearer token; AuthOptions = verify JWTs of that issuer. */
  listenerAuth?: AuthOptions | Authorizer;
  /** The agents' tokens at relay/stream-tickets, likewise. */
  relayAuth?: AuthOptions | Authorizer;
  allowedOrigins?: readonly string[];
  bufferSize?: number;
  /** Another fan-out (a broker); default createInProcessBus({ capacity: bufferSize }). */
  bus?: EventBus;
  /** POST __test/drop-streams and GET __test/stats (LISTENER_TEST_HOOKS=1 only). */
  testHooks?: boolean;
  log?: Logger;
  now?: () => number;
  maxBodyBytes?: number;
  heartbeatMs?: number;
  defaultStreamLifetimeMs?: number;
  subscriberQueueLimit?: number;
};

export type RelayStats = { subscribers: number; buffered: number; accepted: number; relayed: number; duplicates: number };

export type ListenerApp = {
  app: Hono;
  stats(): RelayStats;
  /** Ends every open stream (shutdown; the drop-streams hook). */
  dropStreams(reason: string): number;
};

const authorizerOf = (auth: AuthOptions | Authorizer | undefined) => (auth && 'authorize' in auth ? auth : createAuthorizer(auth));

export function createListenerApp(options: ListenerAppOptions = {}): ListenerApp {
  const log = options.log ?? createLogger();
  const now = options.now ?? Date.now;
  const bufferSize = options.bufferSize ?? DEFAULT_BUFFER_SIZE;
  const bus = options.bus ?? createInProcessBus({ capacity: bufferSize });
  const counts = { accepted: 0, relayed: 0, duplicates: 0 };

  const inner = new Hono();
  inner.get('/health', (c) => c.json({ status: 'ok' }));
  addListenerRoutes(inner, {
    bus,
    authorizer: authorizerOf(options.listenerAuth),
    log,
    now,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    onAccepted(duplicate) {
      counts.accepted += 1;
      if (duplicate) counts.duplicates += 1;
    },
  });
  const relay = addRelayRoutes(inner, {
    bus,
    tickets: createStreamTickets(now),
    authorizer: authorizerOf(options.relayAuth),
    allowedOrigins: options.allowedOrigins ?? [],
    log,
    now,
    heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS,
    defaultStreamLifetimeMs: options.defaultStreamLifetimeMs ?? DEFAULT_STREAM_LIFETIME_MS,
    // A resume replays at most the whole buffer (plus a reset): that must fit, anything beyond is a slow reader.
    subscriberQueueLimit: options.subscriberQueueLimit ?? bufferSize + 2,
    onRelayed() {
      counts.relayed += 1;
    },
  });
  const stats = (): RelayStats => ({ subscribers: relay.openStreams(), buffered: bus.stats().buffered, ...counts });

  if (options.testHooks) {
    inner.post('/__test/drop-streams', (c) => {
      relay.dropStreams('test hook');
      return c.body(null, 204);
    });
    inner.get('/__test/stats', (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(stats());
    });
  }

  const app = new Hono();
  // One line per refused request: method, path without its query (a stream ticket never reaches the log), status, code.
  app.use('*', async (c, next) => {
    await next();
    if (c.res.status < 400) return;
    let code = 'unknown';
    try {
      code = String(((await c.res.clone().json()) as { code?: unknown }).code ?? code);
    } catch {
      // Not an ErrorMessage: the status says enough.
    }
    log({ kind: 'refused', method: c.req.method, path: new URL(c.req.url).pathname, status: c.res.status, code });
  });
  app.route(options.basePath ?? '', inner);
  app.notFound((c) => listenerError(404, 'notFound', `Nothing is served at ${c.req.method} ${new URL(c.req.url).pathname}`));
  app.onError((error) => {
    log({ kind: 'info', message: `internal error: ${error instanceof Error ? error.message : String(error)}` });
    return listenerError(500, 'internalError', 'The receiver failed on this request; it keeps running');
  });

  return { app, stats, dropStreams: (reason) => relay.dropStreams(reason) };
}
