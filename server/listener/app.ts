/** createListenerApp: the receiver (a listener path per event kind), the relay, health/readiness and test hooks, as a Hono app with no port. */
import { Hono, type Context } from 'hono';
import { routePath } from 'hono/route';
import { createAuthorizer, KEYS_RETRY_AFTER_SECONDS, type AuthOptions, type Authorizer } from '../auth';
import { createInProcessAgentStreams, DEFAULT_MAX_STREAMS_PER_AGENT, type AgentStreams } from './agent-streams';
import { errorResponse, errorWords } from '../errors';
import { failureOf } from '../failures';
import { addMetricsRoute, countServerError, type Metrics } from '../metrics';
import { currentRequest, requestContext } from '../request-context';
import { addCspReportRoute } from './csp-reports';
import type { EventBus } from './event-bus';
import { createInProcessBus } from './in-process-bus';
import { addListenerRoutes } from './listener-routes';
import { createLogger, noting, type Logger } from './log';
import { withMetrics } from './metrics-tap';
import { createRedisAgentStreams } from './redis-agent-streams';
import { DEFAULT_MAX_BODY_BYTES } from './read-body';
import { addRelayRoutes, DEFAULT_SUBSCRIBER_MAX_BYTES, HEARTBEAT_MS, type SubscriberAuth } from './relay';
import { DEFAULT_BUFFER_SIZE } from './settings';
import { createStreamTickets, DEFAULT_STREAM_LIFETIME_MS, type StreamTickets } from './stream-tickets';

export type ListenerAppOptions = {
  /** '' (default) or '/prefix': every path below hangs off it. */
  basePath?: string;
  /** The service's tokens on the listener paths: none = any bearer token; AuthOptions = verify JWTs of that issuer. */
  listenerAuth?: AuthOptions | Authorizer;
  /** The agents' tokens at relay/stream-tickets, likewise. */
  relayAuth?: AuthOptions | Authorizer;
  /** Behind the desk gateway: relay/events is opened on the agent's session, no stream tickets (relay.ts). */
  subscriberAuth?: SubscriberAuth;
  allowedOrigins?: readonly string[];
  bufferSize?: number;
  /** Another log (Redis, redis-bus.ts); default createInProcessBus({ capacity: bufferSize }). */
  bus?: EventBus;
  /** Another ticket store (Redis, redis-tickets.ts); default in-process, `ticketsPerToken` each. */
  tickets?: StreamTickets;
  ticketsPerToken?: number;
  /** All unused tickets held at once (in-process store); default 10,000. */
  maxOutstandingTickets?: number;
  /** POST __test/drop-streams and GET __test/stats (LISTENER_TEST_HOOKS=1 only). */
  testHooks?: boolean;
  /** DEV_AUTH_OFF=1 left a path without authentication: /readyz says so (settings.ts). */
  authenticationOff?: boolean;
  log?: Logger;
  now?: () => number;
  maxBodyBytes?: number;
  heartbeatMs?: number;
  defaultStreamLifetimeMs?: number;
  /** Characters of events waiting for one subscriber before it is dropped as slow (default 16 MiB). */
  subscriberMaxBytes?: number;
  /** How long one write to a stream may wait for its client before the stream is dropped (default two heartbeats). */
  writeStallMs?: number;
  /** The least time between two of the fan-out's passes (default PASS_INTERVAL_MS, fan-out.ts; 0 = each event at once). */
  fanOutPassMs?: number;
  /** Counted into (and served at GET /metrics, server/metrics.ts); none = no /metrics. */
  metrics?: Metrics;
  /** METRICS_TOKEN: a scraper elsewhere reads /metrics with it; on this machine, straight to the port, none is needed. */
  metricsToken?: string;
  /** Open streams one agent may hold (RELAY_MAX_STREAMS_PER_AGENT, default 5). */
  maxStreamsPerAgent?: number;
  /** Another count of them; default in Redis when the bus is (shared by every receiver), else in this process. */
  agentStreams?: AgentStreams;
};

export type RelayStats = { subscribers: number; buffered: number; accepted: number; relayed: number; duplicates: number };

export type ListenerApp = {
  app: Hono;
  bus: EventBus;
  stats(): RelayStats;
  /** Ends every open stream (shutdown; the drop-streams hook). */
  dropStreams(reason: string): number;
  /** Ends the streams of one subject or session id (sign-out behind the gateway). */
  dropStreamsOf(owner: string, reason: string): number;
  /** From now on /readyz answers 503, so a load balancer sends nothing new here (the start of a shutdown). */
  drain(): void;
};

/** Load balancers' questions (healthz, readyz), under any base path. */
const PROBES = /\/(healthz|health|readyz)$/;

const authorizerOf = (auth: AuthOptions | Authorizer | undefined) => (auth && 'authorize' in auth ? auth : createAuthorizer(auth));

export function createListenerApp(options: ListenerAppOptions = {}): ListenerApp {
  const metrics = options.metrics;
  // Every refusal written marks its request, so the last-resort line below is not written twice.
  const log = noting(metrics ? withMetrics(options.log ?? createLogger(), metrics) : (options.log ?? createLogger()));
  const now = options.now ?? Date.now;
  const bufferSize = options.bufferSize ?? DEFAULT_BUFFER_SIZE;
  const bus = options.bus ?? createInProcessBus({ capacity: bufferSize, now });
  const counts = { accepted: 0, relayed: 0, duplicates: 0 };
  let draining = false;

  const inner = new Hono();
  // Alive: the process answers. /health is the older name (Playwright's webServer waits for it).
  const alive = (c: Context) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' });
  };
  inner.get('/healthz', alive);
  inner.get('/health', alive);
  const listenerAuthorizer = authorizerOf(options.listenerAuth);
  const relayAuthorizer = authorizerOf(options.relayAuth);
  // Ready: worth sending traffic to: not shutting down, the log (Redis, when configured) answers, and each issuer's
  // keys are at hand (a receiver that cannot check a token would answer every event 503).
  inner.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (draining) return errorResponse(503, 'notReady', 'The receiver is shutting down');
    const [busReady, listenerKeys, relayKeys] = await Promise.all([bus.ready(), listenerAuthorizer.keysReady(), relayAuthorizer.keysReady()]);
    if (!busReady) return errorResponse(503, 'notReady', `The event store (${bus.kind}) is not reachable`);
    const unavailable = [...(listenerKeys ? [] : [listenerAuthorizer.issuer]), ...(relayKeys ? [] : [relayAuthorizer.issuer])];
    if (unavailable.length) {
      const retry = { headers: { 'Retry-After': String(KEYS_RETRY_AFTER_SECONDS) } };
      return errorResponse(503, 'keysUnavailable', `The keys of ${unavailable.join(' and ')} cannot be fetched, so no token can be checked`, retry);
    }
    return c.json({ status: 'ready', broker: bus.kind, ...(options.authenticationOff ? { authentication: 'off' } : {}) });
  });
  addListenerRoutes(inner, {
    bus,
    authorizer: listenerAuthorizer,
    log,
    now,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    onAccepted(duplicate) {
      counts.accepted += 1;
      if (duplicate) counts.duplicates += 1;
    },
  });
  addCspReportRoute(inner, { log, now });
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  // A stream that missed three heartbeats is not counted any more (its receiver died).
  const streamCount = { max: options.maxStreamsPerAgent ?? DEFAULT_MAX_STREAMS_PER_AGENT, staleMs: 3 * heartbeatMs };
  const agentStreams =
    options.agentStreams ?? (bus.shared ? createRedisAgentStreams({ ...bus.shared, ...streamCount }) : createInProcessAgentStreams({ now, ...streamCount }));
  const relay = addRelayRoutes(inner, {
    bus,
    tickets: options.tickets ?? createStreamTickets({ now, perToken: options.ticketsPerToken, outstanding: options.maxOutstandingTickets }),
    agentStreams,
    authorizer: relayAuthorizer,
    ...(options.subscriberAuth ? { subscriberAuth: options.subscriberAuth } : {}),
    allowedOrigins: options.allowedOrigins ?? [],
    log,
    now,
    heartbeatMs,
    defaultStreamLifetimeMs: options.defaultStreamLifetimeMs ?? DEFAULT_STREAM_LIFETIME_MS,
    subscriberMaxBytes: options.subscriberMaxBytes ?? DEFAULT_SUBSCRIBER_MAX_BYTES,
    ...(options.writeStallMs ? { writeStallMs: options.writeStallMs } : {}),
    ...(options.fanOutPassMs !== undefined ? { fanOutPassMs: options.fanOutPassMs } : {}),
    onRelayed(count) {
      counts.relayed += count;
      metrics?.deliveries.inc(count);
    },
    onSessionCheckFailed() {
      metrics?.sessionChecksFailed.inc();
    },
  });
  if (metrics) {
    metrics.bindGauges({ streamsOpen: () => relay.openStreams() });
    addMetricsRoute(inner, metrics, options.metricsToken);
  }
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
  // Every line written while a request is served carries its id (and the agent, once known): logs an operator can use.
  app.use('*', requestContext());
  // One line per refused request: method, path without its query (a stream ticket never reaches the log), status, code
  // and the reason in words (the ErrorMessage's message: never a token or a body). A readiness probe answered 503 is
  // the probe's answer, not a refusal: /readyz says why to whoever asks.
  app.use('*', async (c, next) => {
    await next();
    // Every 5xx counted by the route it matched (server/metrics.ts); once, when this app is served inside the gateway.
    if (metrics) countServerError(metrics, routePath(c, -1) || 'unmatched', c.res.status);
    if (c.res.status < 400 || PROBES.test(c.req.path) || currentRequest()?.refusalLogged) return;
    const { code, reason } = await errorWords(c.res);
    log({ kind: 'refused', method: c.req.method, path: new URL(c.req.url).pathname, status: c.res.status, code, ...(reason ? { reason } : {}) });
  });
  app.route(options.basePath ?? '', inner);
  app.notFound((c) => errorResponse(404, 'notFound', `Nothing is served at ${c.req.method} ${new URL(c.req.url).pathname}`));
  // A store out of reach is 503 with Retry-After, anything else 500; either logged at error with the exception.
  app.onError((error, c) => {
    const failure = failureOf(error, 'The receiver');
    const line = { method: c.req.method, path: new URL(c.req.url).pathname, status: failure.status, code: failure.code, reason: failure.reason };
    log(failure.status === 503 ? { kind: 'refused', ...line } : { kind: 'failed', ...line });
    return failure.response;
  });

  return {
    app,
    bus,
    stats,
    dropStreams: (reason) => relay.dropStreams(reason),
    dropStreamsOf: (owner, reason) => relay.dropStreamsOf(owner, reason),
    drain: () => {
      draining = true;
    },
  };
}
