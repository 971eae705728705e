/**
 * The servers' Prometheus metrics (issue 30): one registry per app (several apps share a test process), the names
 * docs/deploy.md and deploy/grafana/trouble-ticket-desk.json read, and `GET /metrics` for the scraper.
 */
import { timingSafeEqual } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, Env, Hono, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { errorResponse } from './errors';
import { currentRequest } from './request-context';

/** Seconds; from a loopback Redis round trip (~0.2 ms) to a provider that takes its time (15 s is the proxy's limit). */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];

export type Metrics = ReturnType<typeof createMetrics>;

/** Read at each scrape: streams open on this instance, sessions held (the gateway's store). */
export type GaugeSources = { streamsOpen?: () => number; sessionsActive?: () => number | Promise<number> };

export type MetricsOptions = {
  /**
   * Whose figures are served: the receiver's alone, or the gateway's, which mounts the receiver and so has both
   * (default). A receiver does not show the gateway's families empty.
   */
  role?: 'receiver' | 'gateway';
  /** The process's own figures (CPU, memory, event loop lag, handles); off in unit tests that count exact lines. */
  processMetrics?: boolean;
  gauges?: GaugeSources;
};

export function createMetrics(options: MetricsOptions = {}) {
  const registry = new Registry();
  if (options.processMetrics ?? true) collectDefaultMetrics({ register: registry, prefix: 'ttd_' });
  const registers = [registry];
  // Made either way (the apps' code counts into them), exposed only by the gateway.
  const gatewayRegisters = (options.role ?? 'gateway') === 'gateway' ? registers : [];
  // The app that owns a figure is made after the registry (main.ts makes both): it binds its sources later.
  const sources: GaugeSources = { ...options.gauges };

  const metrics = {
    registry,
    /** Where the gauges read from, from now on. */
    bindGauges(more: GaugeSources) {
      Object.assign(sources, more);
    },
    // The receiver: the provider's events, by listener path (31 fixed names) and, when refused, the refusal's code.
    eventsReceived: new Counter({ name: 'ttd_events_received_total', help: 'Event POSTs received on a listener path', labelNames: ['path'], registers }),
    eventsAccepted: new Counter({ name: 'ttd_events_accepted_total', help: 'Events accepted (204), duplicates included', labelNames: ['path'], registers }),
    eventsRefused: new Counter({ name: 'ttd_events_refused_total', help: 'Event POSTs refused, by the ErrorMessage code', labelNames: ['path', 'reason'], registers }),
    eventsDuplicate: new Counter({ name: 'ttd_events_duplicate_total', help: 'Events accepted again under an eventId already held', labelNames: ['path'], registers }),
    // The relay to the agents.
    streamsOpen: new Gauge({
      name: 'ttd_relay_streams_open',
      help: 'Event streams open on this instance',
      registers,
      collect() {
        if (sources.streamsOpen) this.set(sources.streamsOpen());
      },
    }),
    deliveries: new Counter({ name: 'ttd_relay_deliveries_total', help: 'Events written to an agent stream', registers }),
    slowSubscribersDropped: new Counter({ name: 'ttd_relay_slow_subscribers_dropped_total', help: 'Streams ended because their agent read too slowly', registers }),
    sessionChecksFailed: new Counter({
      name: 'ttd_relay_session_checks_failed_total',
      help: 'Stream heartbeats whose session check the store did not answer (the stream was kept, asked again next beat)',
      registers,
    }),
    // The broker, when there is one.
    redisRoundTrip: new Histogram({ name: 'ttd_redis_roundtrip_seconds', help: 'Redis command round trips', labelNames: ['command'], buckets: LATENCY_BUCKETS, registers }),
    redisErrors: new Counter({ name: 'ttd_redis_errors_total', help: 'Redis commands that failed or connections that broke', registers }),
    // Both: every answer of 500 or more, by the route pattern it matched and its status (issue 43): the alert's figure.
    serverErrors: new Counter({ name: 'ttd_server_errors_total', help: 'Answers with a 5xx status, by route pattern and status', labelNames: ['route', 'status'], registers }),
    // The gateway.
    gatewayRequests: new Counter({ name: 'ttd_gateway_requests_total', help: 'Requests answered, by route pattern and status', labelNames: ['route', 'status'], registers: gatewayRegisters }),
    gatewayDuration: new Histogram({ name: 'ttd_gateway_request_duration_seconds', help: 'Time to answer, by route pattern', labelNames: ['route'], buckets: LATENCY_BUCKETS, registers: gatewayRegisters }),
    upstreamDuration: new Histogram({ name: 'ttd_gateway_upstream_duration_seconds', help: 'Time the provider took, by method and status class', labelNames: ['method', 'status'], buckets: LATENCY_BUCKETS, registers: gatewayRegisters }),
    tokenFetches: new Counter({ name: 'ttd_gateway_token_fetches_total', help: 'Client-credentials token requests, by outcome', labelNames: ['outcome'], registers: gatewayRegisters }),
    sessionsActive: new Gauge({
      name: 'ttd_gateway_sessions_active',
      help: 'Agent sessions held in the session store',
      registers: gatewayRegisters,
      async collect() {
        if (sources.sessionsActive) this.set(await sources.sessionsActive());
      },
    }),
  };
  return metrics;
}

/** A fetch that times every call into `histogram` by method and status class: the gateway's calls to the provider. */
export function timedFetch(histogram: Histogram<string>, base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const end = histogram.startTimer({ method });
    let status: number | undefined;
    try {
      const response = await base(input, init);
      status = response.status;
      return response;
    } finally {
      end({ status: statusClass(status) });
    }
  };
}

/** A fetch that counts its calls into `counter` by outcome (`ok`: a 2xx answer; `failed`: any other, or none). */
export function countedFetch(counter: Counter<string>, base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    try {
      const response = await base(input, init);
      counter.inc({ outcome: response.ok ? 'ok' : 'failed' });
      return response;
    } catch (error) {
      counter.inc({ outcome: 'failed' });
      throw error;
    }
  };
}

/** Hono middleware: every answer counted by its route pattern (a bounded set) and status, and timed by route. */
export function requestMetrics<E extends Env>(metrics: Metrics): MiddlewareHandler<E> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    // The pattern the request matched, never the path itself (ids would make a label per ticket).
    const route = routePath(c as Context, -1) || 'unmatched';
    metrics.gatewayRequests.inc({ route, status: String(c.res.status) });
    countServerError(metrics, route, c.res.status);
    metrics.gatewayDuration.observe({ route }, (performance.now() - started) / 1000);
  };
}

/** Counts a 5xx answer once per request (the receiver inside the gateway has counted it already, server/request-context.ts). */
export function countServerError(metrics: Metrics, route: string, status: number): void {
  if (status < 500) return;
  const request = currentRequest();
  if (request?.serverErrorCounted) return;
  if (request) request.serverErrorCounted = true;
  metrics.serverErrors.inc({ route, status: String(status) });
}

/** A status as its class: `2xx`, `4xx`, `5xx` (bounded label values), or `error` when there was no answer. */
export const statusClass = (status: number | undefined) => (status === undefined ? 'error' : `${Math.floor(status / 100)}xx`);

/** Times `run` into `histogram` (seconds), whether it succeeds or throws. */
export async function timed<T>(histogram: Histogram<string>, labels: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const end = histogram.startTimer(labels);
  try {
    return await run();
  } finally {
    end();
  }
}

const LOOPBACK_ADDRESS = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
const PROXY_HEADERS = ['X-Forwarded-For', 'X-Real-IP', 'Forwarded'];

/**
 * Who may read the metrics: a scraper on this machine that came straight to the port (a request through nginx comes
 * from loopback too, so any proxy header makes it remote), or anyone with the bearer token of METRICS_TOKEN.
 */
function mayRead<E extends Env>(c: Context<E>, token: string | undefined): boolean {
  const given = /^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
  if (token && given !== undefined) {
    const [a, b] = [Buffer.from(given), Buffer.from(token)];
    return a.length === b.length && timingSafeEqual(a, b);
  }
  if (PROXY_HEADERS.some((name) => c.req.header(name) !== undefined)) return false;
  try {
    return LOOPBACK_ADDRESS.test(getConnInfo(c).remote.address ?? '');
  } catch {
    // Not served by @hono/node-server (an in-process test request): no address, so not loopback.
    return false;
  }
}

/** `GET /metrics` in Prometheus's text format; 403 ErrorMessage to anyone else, with the way in named. */
export function addMetricsRoute<E extends Env>(app: Hono<E>, metrics: Metrics, token: string | undefined): void {
  app.get('/metrics', async (c) => {
    if (!mayRead(c, token)) {
      return errorResponse(403, 'forbidden', 'The metrics are read from this machine or with the bearer token of METRICS_TOKEN');
    }
    const text = await metrics.registry.metrics();
    return c.body(text, 200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' });
  });
}
