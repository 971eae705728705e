// @vitest-environment node
// /metrics as a scraper sees it: the text format parsed line by line, each metric family named, counters counting with
// their labels, gauges read at the scrape, and the door: loopback straight to the port, or the bearer token; never
// through a proxy without it.
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { requestContext } from './request-context';
import { addMetricsRoute, countedFetch, createMetrics, requestMetrics, statusClass, timed, timedFetch } from './metrics';
import { parsePrometheusText as parse, sampleValue as value } from './prometheus-text';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function served(app: Hono): Promise<string> {
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server)) as Server;
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('GET /metrics', () => {
  it('is Prometheus text with every family the dashboards read, counting what happened', async () => {
    let open = 3;
    const metrics = createMetrics({ gauges: { streamsOpen: () => open, sessionsActive: async () => 7 } });
    metrics.eventsReceived.inc({ path: 'troubleTicketStateChangeEvent' });
    metrics.eventsReceived.inc({ path: 'troubleTicketStateChangeEvent' });
    metrics.eventsAccepted.inc({ path: 'troubleTicketStateChangeEvent' });
    metrics.eventsRefused.inc({ path: 'troubleTicketStateChangeEvent', reason: 'unauthorized' });
    metrics.gatewayRequests.inc({ route: '/tmf-api/troubleTicket/v5/*', status: '200' });
    metrics.gatewayDuration.observe({ route: '/tmf-api/troubleTicket/v5/*' }, 0.004);
    const app = new Hono();
    addMetricsRoute(app, metrics, undefined);
    const origin = await served(app);

    const answer = await fetch(`${origin}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const { types, samples } = parse(await answer.text());
    expect(Object.fromEntries([...types].filter(([name]) => name.startsWith('ttd_') && !name.startsWith('ttd_process') && !name.startsWith('ttd_nodejs')))).toEqual({
      ttd_events_received_total: 'counter',
      ttd_events_accepted_total: 'counter',
      ttd_events_refused_total: 'counter',
      ttd_events_duplicate_total: 'counter',
      ttd_relay_streams_open: 'gauge',
      ttd_relay_deliveries_total: 'counter',
      ttd_relay_slow_subscribers_dropped_total: 'counter',
      ttd_relay_session_checks_failed_total: 'counter',
      ttd_redis_roundtrip_seconds: 'histogram',
      ttd_redis_errors_total: 'counter',
      ttd_server_errors_total: 'counter',
      ttd_gateway_requests_total: 'counter',
      ttd_gateway_request_duration_seconds: 'histogram',
      ttd_gateway_upstream_duration_seconds: 'histogram',
      ttd_gateway_token_fetches_total: 'counter',
      ttd_gateway_sessions_active: 'gauge',
    });
    expect(value(samples, 'ttd_events_received_total', { path: 'troubleTicketStateChangeEvent' })).toBe(2);
    expect(value(samples, 'ttd_events_refused_total', { reason: 'unauthorized' })).toBe(1);
    expect(value(samples, 'ttd_relay_streams_open')).toBe(3);
    expect(value(samples, 'ttd_gateway_sessions_active')).toBe(7);
    expect(value(samples, 'ttd_gateway_request_duration_seconds_bucket', { le: '0.005' })).toBe(1);
    expect(value(samples, 'ttd_gateway_request_duration_seconds_bucket', { le: '0.0025' })).toBe(0);
    expect(types.get('ttd_process_cpu_seconds_total')).toBe('counter');

    // A gauge is read at each scrape, not when the app started.
    open = 0;
    expect(value(parse(await (await fetch(`${origin}/metrics`)).text()).samples, 'ttd_relay_streams_open')).toBe(0);
  });

  it.each([
    ['straight to the port from this machine', {}, 200],
    ['through a proxy (X-Forwarded-For), without the token', { 'X-Forwarded-For': '203.0.113.9' }, 403],
    ['through a proxy (X-Real-IP), without the token', { 'X-Real-IP': '203.0.113.9' }, 403],
    ['through a proxy (Forwarded), without the token', { Forwarded: 'for=203.0.113.9' }, 403],
    ['through a proxy with the token', { 'X-Forwarded-For': '203.0.113.9', Authorization: 'Bearer scrape-secret-1' }, 200],
    ['with a wrong token', { Authorization: 'Bearer scrape-secret-2' }, 403],
    ['with a longer wrong token', { Authorization: 'Bearer scrape-secret-1x' }, 403],
  ])('%s: %s', async (_name, headers, status) => {
    const app = new Hono();
    addMetricsRoute(app, createMetrics({ processMetrics: false }), 'scrape-secret-1');
    const answer = await fetch(`${await served(app)}/metrics`, { headers });
    expect(answer.status).toBe(status);
    if (status === 403) expect(await answer.json()).toMatchObject({ code: 'forbidden', message: expect.stringContaining('METRICS_TOKEN') });
  });

  it('answers 403 to a request that did not come over a socket (no address to call loopback)', async () => {
    const app = new Hono();
    addMetricsRoute(app, createMetrics({ processMetrics: false }), undefined);
    expect((await app.request('/metrics')).status).toBe(403);
  });

  it.each([
    ['receiver', false],
    ['gateway', true],
  ] as const)('as the %s, shows the gateway\'s families: %s; the receiver\'s always', async (role, gatewayShown) => {
    const metrics = createMetrics({ role, processMetrics: false });
    // Counting into a family that is not shown is harmless (the receiver's code is the same in both).
    metrics.gatewayRequests.labels('/x', '200').inc();
    const names = (await metrics.registry.getMetricsAsJSON()).map((family) => family.name);
    expect(names).toContain('ttd_events_received_total');
    expect(names).toContain('ttd_redis_roundtrip_seconds');
    for (const family of ['ttd_gateway_requests_total', 'ttd_gateway_sessions_active', 'ttd_gateway_token_fetches_total']) {
      expect(names.includes(family), family).toBe(gatewayShown);
    }
  });

  it('keeps each app its own figures in one process', () => {
    const a = createMetrics({ processMetrics: false });
    const b = createMetrics({ processMetrics: false });
    a.deliveries.inc();
    expect(a.registry.getSingleMetric('ttd_relay_deliveries_total')).not.toBe(b.registry.getSingleMetric('ttd_relay_deliveries_total'));
  });
});

describe('helpers', () => {
  it.each([
    [200, '2xx'],
    [299, '2xx'],
    [404, '4xx'],
    [503, '5xx'],
    [undefined, 'error'],
  ])('statusClass(%s) is %s', (status, expected) => {
    expect(statusClass(status)).toBe(expected);
  });

  it('times a call that throws as well as one that returns', async () => {
    const metrics = createMetrics({ processMetrics: false });
    await timed(metrics.upstreamDuration, { method: 'GET', status: '2xx' }, async () => 1);
    await expect(timed(metrics.upstreamDuration, { method: 'GET', status: 'error' }, async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    const { samples } = parse(await metrics.registry.metrics());
    expect(value(samples, 'ttd_gateway_upstream_duration_seconds_count', { status: '2xx' })).toBe(1);
    expect(value(samples, 'ttd_gateway_upstream_duration_seconds_count', { status: 'error' })).toBe(1);
  });
});

describe('the gateway\'s figures', () => {
  it('counts answers by route pattern and status, never by the path itself', async () => {
    const metrics = createMetrics({ processMetrics: false });
    const app = new Hono();
    app.use('*', requestMetrics(metrics));
    app.get('/tmf-api/troubleTicket/v5/troubleTicket/:id', (c) => c.json({ id: c.req.param('id') }));
    app.get('/gateway/session', (c) => c.json({}, 401));
    for (const id of ['TT-1', 'TT-2', 'TT-3']) await app.request(`/tmf-api/troubleTicket/v5/troubleTicket/${id}`);
    await app.request('/gateway/session');
    await app.request('/nothing/here');
    const { samples } = parse(await metrics.registry.metrics());
    const requests = samples.filter((s) => s.name === 'ttd_gateway_requests_total');
    expect(requests.map((s) => [s.labels.route, s.labels.status, s.value])).toEqual([
      ['/tmf-api/troubleTicket/v5/troubleTicket/:id', '200', 3],
      ['/gateway/session', '401', 1],
      ['/*', '404', 1],
    ]);
    expect(value(samples, 'ttd_gateway_request_duration_seconds_count', { route: '/tmf-api/troubleTicket/v5/troubleTicket/:id' })).toBe(3);
  });

  it('counts each 5xx answer once by route pattern and status (issue 43), and no other answer', async () => {
    const metrics = createMetrics({ processMetrics: false });
    const app = new Hono();
    app.use('*', requestContext());
    app.use('*', requestMetrics(metrics));
    app.get('/gateway/session', (c) => c.json({}, 503));
    app.get('/tmf-api/troubleTicket/v5/troubleTicket/:id', () => {
      throw new Error('boom');
    });
    app.get('/fine', (c) => c.json({}));
    app.get('/refused', (c) => c.json({}, 404));
    app.onError(() => new Response(null, { status: 500 }));
    for (const path of ['/gateway/session', '/gateway/session', '/tmf-api/troubleTicket/v5/troubleTicket/TT-1', '/fine', '/refused']) await app.request(path);
    const { samples } = parse(await metrics.registry.metrics());
    expect(samples.filter((s) => s.name === 'ttd_server_errors_total').map((s) => [s.labels.route, s.labels.status, s.value])).toEqual([
      ['/gateway/session', '503', 2],
      ['/tmf-api/troubleTicket/v5/troubleTicket/:id', '500', 1],
    ]);
  });

  it('times the provider\'s answers by method and status class, and counts token fetches by outcome', async () => {
    const metrics = createMetrics({ processMetrics: false });
    const answers = [new Response('{}', { status: 200 }), new Response('{}', { status: 503 })];
    const fake: typeof fetch = async () => answers.shift() ?? Promise.reject(new TypeError('fetch failed'));
    const upstream = timedFetch(metrics.upstreamDuration, fake);
    await upstream('https://api.example.net/x', { method: 'post' });
    await upstream('https://api.example.net/x');
    await expect(upstream('https://api.example.net/x')).rejects.toThrow('fetch failed');
    const tokenAnswers = [new Response('{}', { status: 200 }), new Response('{}', { status: 401 })];
    const tokens = countedFetch(metrics.tokenFetches, async () => tokenAnswers.shift() ?? Promise.reject(new TypeError('fetch failed')));
    await tokens('https://idp.example.net/token');
    await tokens('https://idp.example.net/token');
    await expect(tokens('https://idp.example.net/token')).rejects.toThrow();
    const { samples } = parse(await metrics.registry.metrics());
    expect(value(samples, 'ttd_gateway_upstream_duration_seconds_count', { method: 'POST', status: '2xx' })).toBe(1);
    expect(value(samples, 'ttd_gateway_upstream_duration_seconds_count', { method: 'GET', status: '5xx' })).toBe(1);
    expect(value(samples, 'ttd_gateway_upstream_duration_seconds_count', { method: 'GET', status: 'error' })).toBe(1);
    expect(value(samples, 'ttd_gateway_token_fetches_total', { outcome: 'ok' })).toBe(1);
    expect(value(samples, 'ttd_gateway_token_fetches_total', { outcome: 'failed' })).toBe(2);
  });
});
