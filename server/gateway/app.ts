/** createGatewayApp: sign-in, the API proxy, audit look-ups, the desk's templates, the receiver and (in development) the built app, as one Hono app. */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { compress } from 'hono/compress';
import { Hono, type Context } from 'hono';
import { requestId, type RequestIdVariables } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { createListenerApp, type ListenerApp, type ListenerAppOptions } from '../listener/app';
import { noting, type Logger } from '../listener/log';
import { errorResponse, errorWords } from '../errors';
import { failureOf } from '../failures';
import { requestMetrics, type Metrics } from '../metrics';
import { currentRequest, requestContext } from '../request-context';
import { addAuditRoutes, type AuditLog } from './audit';
import { gatewayError } from './errors';
import { addApiProxy } from './proxy';
import { BACK_CHANNEL_LOGOUT_PATH } from './back-channel-logout';
import type { ServiceTokens } from './service-token';
import type { SessionStore } from './sessions';
import type { GatewaySettings } from './settings';
import { addSignInRoutes } from './sign-in';
import { addTemplateRoutes, memoryTemplates, type StoredTemplates } from './templates';
import { signInProblemPage } from './sign-in-pages';

export type GatewayAppOptions = {
  settings: Pick<GatewaySettings, 'publicOrigin' | 'oidc' | 'roles' | 'api' | 'staticDir'> & Partial<Pick<GatewaySettings, 'forceSignIn'>> & { listener: Pick<GatewaySettings['listener'], 'listenerAuth' | 'bufferSize' | 'testHooks' | 'subscriberMaxBytes'> & Partial<Pick<GatewaySettings['listener'], 'authenticationOff' | 'maxStreamsPerAgent' | 'metricsToken'>> };
  store: SessionStore;
  tokens: Pick<ServiceTokens, 'get' | 'invalidate'>;
  audit: AuditLog;
  /** The desk's templates (server/gateway/templates.ts): in Redis with REDIS_URL; default in this process. */
  templates?: StoredTemplates;
  log: Logger;
  /** The receiver's event log (Redis, shared by every instance); default in this process. */
  bus?: ListenerAppOptions['bus'];
  /** Counted into, and served at GET /metrics with the receiver's (server/metrics.ts); none = no /metrics. */
  metrics?: Metrics;
  /** The upstream API's fetch (tests). */
  fetch?: typeof fetch;
  heartbeatMs?: number;
  /** How long a stream's write may wait for its client (default two heartbeats; relay.ts). */
  writeStallMs?: number;
};

type GatewayEnv = { Variables: RequestIdVariables };

export type GatewayApp = {
  app: Hono<GatewayEnv>;
  listener: ListenerApp;
  /** /readyz answers 503 from now on (the start of a shutdown). */
  drain(): void;
};

/** Every other method (PUT, PROPFIND, an invented one…) has its Origin checked. */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Served by the receiver as `npm run listener` serves them. */
const RECEIVER_PATHS = ['/listener/*', '/relay/*', '/csp-report', '/healthz', '/health', '/readyz', '/metrics', '/__test/*'];
/** Never answered with the app's index.html: an unknown path there is a 404 of its own. */
/** Where a browser navigates during sign-in: a failure there is answered with a page. */
const SIGN_IN_NAVIGATIONS = new Set(['/gateway/login', '/gateway/callback']);
/** Load balancers' questions: a 503 there is the answer, not a refusal. */
const PROBES = /^\/(healthz|health|readyz)$/;
const NOT_THE_APP = /^\/(gateway|tmf-api|relay|listener|csp-report|metrics|__test)(\/|$)/;

export function createGatewayApp(options: GatewayAppOptions): GatewayApp {
  const { settings, store } = options;
  // Every refusal written below marks its request, so the last-resort line at the end is not written twice.
  const log = noting(options.log);
  const origin = settings.publicOrigin;
  const app = new Hono<GatewayEnv>();
  // Every route below is registered after these, so they wrap all of them.
  // The caller's X-Request-Id when it is a sane one, else a new one; answered on every response, raw ones too.
  app.use('*', requestId({ headerName: 'X-Request-Id' }));
  // The same id in every log line of the request, the receiver's inside it too, and on every answer
  // (server/request-context.ts).
  app.use('*', requestContext((c) => c.var.requestId));
  if (options.metrics) app.use('*', requestMetrics(options.metrics));
  // The app's own CSP travels in its index.html (scripts/csp.ts); the rest of the secure headers do not fight it.
  app.use('*', secureHeaders({ contentSecurityPolicy: undefined, crossOriginEmbedderPolicy: false, crossOriginResourcePolicy: 'same-origin' }));
  // Origin check on every method but GET, HEAD and OPTIONS: hono/csrf refuses only form-like content types, so it is
  // done here for all.
  // The listener paths are exempt: the provider posts them server to server with a bearer token and no Origin. So are
  // the browsers' violation reports: they change nothing and carry no session, and the browser decides their headers.
  app.use('*', async (c, next) => {
    if (SAFE.has(c.req.raw.method.toUpperCase()) || /^\/(listener|__test)\//.test(c.req.path) || c.req.path === '/csp-report') return next();
    // The IdP's back-channel logout: server to server, no Origin; the signed logout token is its whole authority.
    if (c.req.path === BACK_CHANNEL_LOGOUT_PATH) return next();
    const from = c.req.header('Origin');
    const sameOrigin = from === undefined ? c.req.header('Sec-Fetch-Site') === 'same-origin' : from === origin;
    if (sameOrigin) return next();
    log({ kind: 'refused', method: c.req.method, path: c.req.path, status: 403, code: 'forbidden' });
    return gatewayError(403, 'forbidden', `This request came from another site (${from ?? 'no Origin'}), so the desk refused it: use the desk's own pages.`);
  });
  app.use('/gateway/*', async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  });
  // The last resort: an answer of 400 or more that no route logged (a 503 of the sign-in's, a 404) gets its line here,
  // at warn (4xx) or error (5xx), with the ErrorMessage's code and words. Readiness probes say why to whoever asks.
  app.use('*', async (c, next) => {
    await next();
    if (c.res.status < 400 || currentRequest()?.refusalLogged || PROBES.test(c.req.path)) return;
    const { code, reason } = await errorWords(c.res);
    log({ kind: 'refused', method: c.req.method, path: c.req.path, status: c.res.status, code, ...(reason ? { reason } : {}) });
  });

  const signIn = addSignInRoutes(app, {
    publicOrigin: origin,
    oidc: settings.oidc,
    roles: settings.roles,
    ...(settings.forceSignIn ? { forceSignIn: true } : {}),
    store,
    log,
    // Called only once requests flow, so after `receiver` below exists: sign-out ends the session's streams at once.
    onSignedOut: (key) => receiver.dropStreamsOf(key, 'session signed out'),
  });
  const receiver = createListenerApp({
    listenerAuth: settings.listener.listenerAuth,
    bufferSize: settings.listener.bufferSize,
    testHooks: settings.listener.testHooks,
    subscriberMaxBytes: settings.listener.subscriberMaxBytes,
    maxStreamsPerAgent: settings.listener.maxStreamsPerAgent,
    authenticationOff: settings.listener.authenticationOff,
    ...(options.metrics ? { metrics: options.metrics, metricsToken: settings.listener.metricsToken } : {}),
    subscriberAuth: signIn.subscriberAuth,
    ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}),
    ...(options.writeStallMs ? { writeStallMs: options.writeStallMs } : {}),
    ...(options.bus ? { bus: options.bus } : {}),
    log,
  });

  addAuditRoutes(app, { audit: options.audit, sessionOf: (c: Context) => signIn.sessionOf(c, false), log });
  addTemplateRoutes(app, { templates: options.templates ?? memoryTemplates(), audit: options.audit, sessionOf: (c: Context) => signIn.sessionOf(c, false), log });
  addApiProxy(app, {
    apiPath: settings.api.path,
    upstreamBase: settings.api.baseUrl,
    tokens: options.tokens,
    audit: options.audit,
    // An API call slides the session's idle end.
    sessionOf: (c: Context) => signIn.sessionOf(c, true),
    log,
    timeoutMs: settings.api.timeoutMs,
    maxResponseBytes: settings.api.maxResponseBytes,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  for (const path of RECEIVER_PATHS) app.all(path, (c) => receiver.app.fetch(c.req.raw, c.env));

  if (settings.staticDir) addStaticApp(app, resolve(settings.staticDir), settings.api.path);

  app.notFound((c) => errorResponse(404, 'notFound', `Nothing is served at ${c.req.method} ${c.req.path}`));
  // A store out of reach is 503 with Retry-After (nginx tries a GET on the other instance; the app waits and asks
  // again); anything else is 500. Either is logged at error with the exception, which never reaches the answer.
  app.onError((error, c) => {
    const failure = failureOf(error, 'The gateway');
    const line = { method: c.req.method, path: c.req.path, status: failure.status, code: failure.code, reason: failure.reason };
    log(failure.status === 503 ? { kind: 'refused', ...line } : { kind: 'failed', ...line });
    // A browser on its way through sign-in gets the sign-in's own page (503, Retry-After), not JSON.
    if (failure.status === 503 && SIGN_IN_NAVIGATIONS.has(c.req.path)) return signInProblemPage('unavailable', c.req.header('Accept-Language'));
    return failure.response;
  });

  return { app, listener: receiver, drain: () => receiver.drain() };
}

const staticCompression = compress();

/** The built app (development and tests): files as they are, index.html for every other navigation. */
function addStaticApp(app: Hono<GatewayEnv>, root: string, apiPath: string) {
  const indexFile = join(root, 'index.html');
  const notTheApp = (path: string) => NOT_THE_APP.test(path) || path === apiPath || path.startsWith(`${apiPath}/`);
  // The headers the build wrote (scripts/csp.ts's `_headers`: the policy, Permissions-Policy, Reporting-Endpoints, …),
  // sent as `vite preview` and nginx send them: a header can say frame-ancestors, which the build's <meta> cannot.
  let built: [string, string][] = [];
  try {
    built = [...readFileSync(join(root, '_headers'), 'utf8').matchAll(/^\s+([A-Za-z-]+):\s*(.+?)\s*$/gm)].map((m) => [m[1] ?? '', m[2] ?? '']);
  } catch {
    built = [];
  }
  // Hashed file names never change content; everything else (index.html, the service worker) is asked for again.
  const caching = (path: string) => (path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
  app.use('*', async (c, next) => {
    await next();
    if (c.res.status !== 200 || notTheApp(c.req.path)) return;
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', caching(c.req.path));
    for (const [name, value] of built) c.res.headers.set(name, value);
  });
  // Compressed as nginx's gzip would: uncompressed, a phone's first screen takes far longer (docs/quality.md).
  app.use('*', async (c, next) => (notTheApp(c.req.path) ? next() : staticCompression(c, next)));
  // The build's header list is for the server, not a file to hand out (nginx does not serve it either).
  app.use('*', async (c, next) => (/^\/_headers\/?$/i.test(c.req.path) ? c.notFound() : next()));
  app.use('*', serveStatic({ root }));
  app.get('*', (c, next) => {
    const navigation = (c.req.header('Accept') ?? '').includes('text/html');
    if (notTheApp(c.req.path) || !navigation) return next();
    let html: string;
    try {
      html = readFileSync(indexFile, 'utf8');
    } catch {
      return next();
    }
    return c.html(html);
  });
}
