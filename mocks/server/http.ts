/** The mocked service as a real HTTP server (`npm run mock-api`), for curl, other apps and browsers on other origins. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { getResponse } from 'msw';
import type { ErrorMessage } from '../../src/domain/error';
import { createAuthorizer, type AuthOptions, type Authorizer } from '../../server/auth';
import { errorBody, type ErrorStatus } from '../../server/errors';
import { dialectFrom, dialects } from '../dialect';
import { createFaultInjector, faultsFromEnvironment, type FaultConfig, type FaultInjector } from '../faults';
import { createHandlers, type MockSettings } from '../handlers';
import { totalCountModes, type TotalCountMode } from '../list';
import { createProviderEvents } from '../provider-events';
import { DEMO_ADVANCE_EVERY_MS, createStore, providerActions, type ProviderAction, type Store, type StoreOptions } from '../store';
import { readBodyLimited, tooLargeBody } from './body';
import { createEventSender, eventSenderFromEnvironment, type EventSender, type EventSenderOptions } from './event-sender';

export const DEFAULT_PORT = 8787;

/** Any origin may call; the bearer token travels in a header, never in cookies, so credentials mode stays off. */
const cors: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type',
  'Access-Control-Expose-Headers': 'Location, X-Total-Count, X-Result-Count, Retry-After',
  'Access-Control-Max-Age': '600',
};

export type HttpServerOptions = {
  port?: number;
  host?: string;
  store?: Store;
  storeOptions?: StoreOptions;
  /** Verify bearer JWTs against this issuer (server/auth.ts); without it any bearer token passes. */
  auth?: AuthOptions;
  /** Inject faults into the operations (mocks/faults.ts); `npm run mock-api` reads MOCK_FAULT_RATE/KINDS/SEED. */
  faults?: Partial<FaultConfig>;
  /** The dialect and the counting (mocks/handlers.ts MockSettings); `npm run mock-api` reads MOCK_DIALECT, MOCK_TOTAL_COUNT. */
  settings?: Partial<MockSettings>;
  /**
   * Serve the test-only `/__mock/*` routes (MOCK_TEST_HOOKS=1); without it they do not exist (404). With it they ask
   * for the same bearer token as the operations.
   */
  testHooks?: boolean;
  /** Request bodies above this many bytes are refused with 413 before they are read whole (default 1 MiB). */
  maxBodyBytes?: number;
  /**
   * Send the provider's events to a listener (mocks/server/event-sender.ts; `npm run mock-api` reads MOCK_LISTENER_URL
   * and MOCK_EVENTS_*): every creation, change and notice of the store is POSTed there. None when absent.
   */
  events?: EventSenderOptions;
  /** Start with the events paused (`POST /__mock/events { "paused": false }` resumes them). */
  eventsPaused?: boolean;
  /** Move the store on by itself every this many ms (0 or absent: never); POST /__mock/progression changes it. */
  advanceEveryMs?: number;
  /**
   * Serve the demo controls at `/__provider/act` (MOCK_PROVIDER_CONTROLS=1, `npm run provider`): the provider asks for
   * information, resolves, closes, rejects, raises a jeopardy alert or reports a milestone. Same credentials.
   */
  providerControls?: boolean;
};

export type RunningServer = {
  url: string;
  store: Store;
  server: Server;
  authorizer: Authorizer;
  faults: FaultInjector;
  settings: MockSettings;
  /** The provider's outgoing events, when a listener was named. */
  events?: EventSender;
  /** How often the store moves on by itself now (0: never). */
  advanceEveryMs(): number;
  setAdvanceEvery(ms: number): void;
  close(): Promise<void>;
};

/** The largest request body read (MOCK_MAX_BODY_BYTES): a create body at its interface limits is far smaller. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * TEST-ONLY: what the service saw on each request's Authorization header (judgement, claims, token fingerprint; never
 * the token). GET lists it, DELETE empties it. End-to-end tests use it to assert the service saw a valid JWT.
 */
export const SEEN_TOKENS_PATH = '/__mock/seen-tokens';

/** TEST-ONLY: `POST` moves the store on one step (store.advance()) and answers its changes, so an e2e can change a ticket. */
export const ADVANCE_PATH = '/__mock/advance';

/** TEST-ONLY: `GET` the fault config and every injected fault (time, method, path, kind); `DELETE` empties the log. */
export const FAULTS_PATH = '/__mock/faults';

/** TEST-ONLY: `GET` the dialect and counting, `POST` `{ dialect?, totalCount? }` changes them while the service runs. */
export const SETTINGS_PATH = '/__mock/settings';

/** TEST-ONLY: `GET` `{ everyMs }`, `POST` `{ everyMs }` (0 = off) sets how often the store moves on by itself. */
export const PROGRESSION_PATH = '/__mock/progression';

/**
 * TEST-ONLY: `GET` `{ paused, stats }` of the provider's events; `POST { paused }` pauses (what happens meanwhile is not
 * sent; the answer waits until what was queued is delivered) or resumes them. MOCK_EVENTS_PAUSED=1 starts paused.
 */
export const EVENTS_PATH = '/__mock/events';

/** The demo controls (MOCK_PROVIDER_CONTROLS=1): `POST { action, ticket, path?, milestone? }`; answers what it did. */
export const PROVIDER_ACT_PATH = '/__provider/act';

function toRequest(req: IncomingMessage, body: Buffer, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD' && body.length > 0;
  return new Request(new URL(req.url ?? '/', origin), { method, headers, body: hasBody ? new Uint8Array(body) : undefined });
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = { ...cors };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { ...cors, 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

function sendError(res: ServerResponse, status: ErrorStatus, code: 'notFound' | 'internalError', message: string) {
  sendJson(res, status, errorBody(status, code, message));
}

/** `/troubleTicket/%ZZ`: an address that is not valid percent-encoding names nothing (404, never a 500). */
function decodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

const asSettings = (body: unknown): Partial<MockSettings> | undefined => {
  if (typeof body !== 'object' || body === null) return undefined;
  const { dialect, totalCount } = body as Record<string, unknown>;
  const known = (dialect === undefined || (dialects as readonly unknown[]).includes(dialect)) && (totalCount === undefined || (totalCountModes as readonly unknown[]).includes(totalCount));
  return known ? (body as Partial<MockSettings>) : undefined;
};

type HookContext = {
  store: Store;
  authorizer: Authorizer;
  faults: FaultInjector;
  settings: MockSettings;
  progression: { get(): number; set(ms: number): void };
  events: { sender: EventSender | undefined; paused(): boolean; pause(paused: boolean): Promise<void> };
};

/** The test-only routes (MOCK_TEST_HOOKS=1): undefined when the path is none of them. */
type HookAnswer = { status: number; body: unknown; headers?: Record<string, string> };

async function testHook(path: string, method: string, body: () => Promise<unknown>, { store, authorizer, faults, settings, progression, events }: HookContext): Promise<HookAnswer | undefined> {
  const methodNotAllowed = (allow: string): HookAnswer => ({ status: 405, body: errorBody(405, 'methodNotAllowed', `${method} is not allowed here; allowed: ${allow}`), headers: { Allow: allow } });
  switch (path) {
    case ADVANCE_PATH:
      return method === 'POST' ? { status: 200, body: store.advance() } : methodNotAllowed('POST');
    case SEEN_TOKENS_PATH:
      if (method === 'DELETE') authorizer.clearSeen();
      return { status: 200, body: method === 'DELETE' ? [] : authorizer.seen() };
    case FAULTS_PATH:
      if (method === 'DELETE') faults.clear();
      return { status: 200, body: { config: faults.config(), log: faults.log() } };
    case EVENTS_PATH: {
      if (method === 'POST') {
        const paused = ((await body().catch(() => undefined)) as { paused?: unknown } | undefined)?.paused;
        if (typeof paused !== 'boolean') return { status: 400, body: errorBody(400, 'invalidBody', 'Send { "paused": true | false }') };
        await events.pause(paused);
      }
      return { status: 200, body: { sending: events.sender !== undefined, paused: events.paused(), stats: events.sender?.stats() } };
    }
    case PROGRESSION_PATH: {
      if (method === 'POST') {
        const everyMs = ((await body().catch(() => undefined)) as { everyMs?: unknown } | undefined)?.everyMs;
        if (typeof everyMs !== 'number' || !Number.isInteger(everyMs) || everyMs < 0 || everyMs > 86_400_000) {
          return { status: 400, body: errorBody(400, 'invalidBody', 'Send { "everyMs": <whole milliseconds, 0 = off> }') };
        }
        progression.set(everyMs);
      }
      return { status: 200, body: { everyMs: progression.get() } };
    }
    case SETTINGS_PATH: {
      if (method === 'POST') {
        const change = asSettings(await body().catch(() => undefined));
        if (!change) return { status: 400, body: errorBody(400, 'invalidBody', `Send { "dialect": ${dialects.join(' | ')}, "totalCount": ${totalCountModes.join(' | ')} }`) };
        Object.assign(settings, change);
      }
      return { status: 200, body: settings };
    }
    default:
      return undefined;
  }
}

/** `POST /__provider/act { action, ticket, path?, milestone? }`: the store acts, the events follow (and are sent). */
async function providerAct(method: string, body: () => Promise<unknown>, store: Store): Promise<HookAnswer> {
  if (method !== 'POST') return { status: 405, body: errorBody(405, 'methodNotAllowed', `${method} is not allowed here; allowed: POST`), headers: { Allow: 'POST' } };
  const given = (await body().catch(() => undefined)) as Record<string, unknown> | undefined;
  const action = given?.action;
  const ticket = given?.ticket;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  if (!providerActions.includes(action as ProviderAction) || typeof ticket !== 'string') {
    return { status: 400, body: errorBody(400, 'invalidBody', `Send { "action": ${providerActions.join(' | ')}, "ticket": "<id>", "path"?: "/accessLineId", "milestone"?: "<name>" }`) };
  }
  const result = store.act(ticket, action as ProviderAction, { path: text(given?.path), milestone: text(given?.milestone) });
  if (!result.ok) return { status: result.status, body: errorBody(result.status, result.status === 404 ? 'notFound' : 'invalidBody', result.message) };
  return { status: 200, body: { ticket: store.ticket(ticket), events: result.events } };
}

/** Starts on host:port (port 0 picks a free one); resolves once listening. */
export async function startHttpServer(options: HttpServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const store = options.store ?? createStore(options.storeOptions);
  const authorizer = createAuthorizer(options.auth);
  // The test routes ask for the same credentials, judged apart: the record of what the operations saw stays theirs.
  const hookAuthorizer = createAuthorizer(options.auth);
  const faults = createFaultInjector(options.faults);
  const settings: MockSettings = { dialect: 'v5', totalCount: 'exact', ...options.settings };
  const handlers = createHandlers({ store, auth: authorizer, faults, settings });
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  let origin = '';
  // The provider's events: every store event becomes its v5 events, queued for the listener (never awaited here).
  const events = options.events ? createEventSender(options.events) : undefined;
  const eventsOf = createProviderEvents(store);
  let paused = options.eventsPaused ?? false;
  const unsubscribe = events
    ? store.subscribe((change) => {
        const made = eventsOf(change);
        if (!paused) for (const event of made) events.send(event);
      })
    : () => undefined;
  const eventControl = {
    sender: events,
    paused: () => paused,
    async pause(value: boolean) {
      paused = value;
      if (value) await events?.idle();
    },
  };
  let everyMs = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const progression = {
    get: () => everyMs,
    set(ms: number) {
      clearInterval(timer);
      everyMs = ms;
      timer = ms > 0 ? setInterval(() => store.advance(), ms) : undefined;
      timer?.unref?.();
    },
  };
  progression.set(options.advanceEveryMs ?? 0);

  const server = createServer((req, res) => {
    void (async () => {
      try {
        if (req.method === 'OPTIONS') {
          res.writeHead(204, cors);
          res.end();
          return;
        }
        const url = new URL(req.url ?? '/', origin);
        if (!decodablePath(url.pathname)) {
          sendError(res, 404, 'notFound', `Nothing is served at ${req.method} ${url.pathname}: the address is not valid percent-encoding`);
          return;
        }
        const read = await readBodyLimited(req, maxBodyBytes);
        if ('tooLarge' in read) {
          // Answered at once; the socket is closed after the answer, so the rest of the body is never read.
          res.writeHead(413, { ...cors, 'Content-Type': 'application/json', Connection: 'close' });
          res.end(JSON.stringify(tooLargeBody(maxBodyBytes) satisfies ErrorMessage), () => req.socket.destroy());
          return;
        }
        const request = toRequest(req, read.body, origin);
        if (options.testHooks && url.pathname.startsWith('/__mock/')) {
          const refused = await hookAuthorizer.authorize(request);
          if (refused) return await send(res, refused);
          const answer = await testHook(url.pathname, request.method, () => request.json(), { store, authorizer, faults, settings, progression, events: eventControl });
          if (answer) return sendJson(res, answer.status, answer.body, answer.headers);
        }
        if (options.providerControls && url.pathname === PROVIDER_ACT_PATH) {
          const refused = await hookAuthorizer.authorize(request);
          if (refused) return await send(res, refused);
          const answer = await providerAct(request.method, () => request.json(), store);
          return sendJson(res, answer.status, answer.body, answer.headers);
        }
        const response = await getResponse(handlers, request);
        // An injected dropped connection: close the socket without an answer, as a failing network would.
        if (response?.type === 'error') res.destroy();
        else if (response) await send(res, response);
        else sendError(res, 404, 'notFound', `Nothing is served at ${req.method} ${url.pathname}`);
      } catch (error) {
        sendError(res, 500, 'internalError', error instanceof Error ? error.message : String(error));
      }
    })();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PORT, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url: origin,
    store,
    server,
    authorizer,
    faults,
    settings,
    ...(events ? { events } : {}),
    advanceEveryMs: progression.get,
    setAdvanceEvery: progression.set,
    close: () =>
      new Promise<void>((resolve, reject) => {
        progression.set(0);
        unsubscribe();
        events?.stop();
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive connections (fetch keeps them) would hold close() open.
        server.closeAllConnections();
      }),
  };
}

/**
 * MOCK_OIDC_ISSUER (+ MOCK_OIDC_AUDIENCE, optional MOCK_OIDC_JWKS_URI): verify tokens of that provider;
 * MOCK_OIDC_CLIENT_ID: only that client's (the gateway stack: the desk's client-credentials tokens).
 */
export function authFromEnvironment(env: NodeJS.ProcessEnv): AuthOptions | undefined {
  const issuer = env.MOCK_OIDC_ISSUER?.trim();
  const clientId = env.MOCK_OIDC_CLIENT_ID?.trim();
  if (!issuer) {
    if (clientId) throw new Error('MOCK_OIDC_CLIENT_ID is set, so MOCK_OIDC_ISSUER must be too (the provider whose client it is).');
    return undefined;
  }
  const audience = env.MOCK_OIDC_AUDIENCE?.trim();
  if (!audience) throw new Error('MOCK_OIDC_ISSUER is set, so MOCK_OIDC_AUDIENCE must be too (the API resource its tokens are for).');
  const jwksUri = env.MOCK_OIDC_JWKS_URI?.trim();
  return { issuer, audience, ...(jwksUri ? { jwksUri } : {}), ...(clientId ? { clientId } : {}) };
}

/** TICKET_COUNT=100000 seeds that many tickets (a positive whole number; anything else stops with a sentence). */
export function ticketCountFromEnvironment(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.TICKET_COUNT?.trim();
  if (!raw) return undefined;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1) throw new Error(`TICKET_COUNT must be a whole number of 1 or more, not "${raw}".`);
  return count;
}

/**
 * MOCK_ADVANCE_EVERY_MS: how often tickets created through the API move on by themselves (default as in the demo,
 * 20 s); 0 switches that off, for tests that move the service on themselves (POST /__mock/advance).
 */
export function advanceEveryFromEnvironment(env: NodeJS.ProcessEnv): number {
  const raw = env.MOCK_ADVANCE_EVERY_MS?.trim();
  if (!raw) return DEMO_ADVANCE_EVERY_MS;
  const every = Number(raw);
  if (!Number.isInteger(every) || every < 0) throw new Error(`MOCK_ADVANCE_EVERY_MS must be a whole number of 0 or more (milliseconds), not "${raw}".`);
  return every;
}

/**
 * MOCK_DIALECT (v5 | v4), MOCK_TOTAL_COUNT (exact | omit | zero), MOCK_BASE_PATH (the path both collections hang off;
 * `/` = the origin's root), MOCK_MAX_BODY_BYTES, MOCK_TEST_HOOKS=1. A wrong value stops with a sentence.
 */
export function serviceFromEnvironment(env: NodeJS.ProcessEnv) {
  const totalCount = env.MOCK_TOTAL_COUNT?.trim() || 'exact';
  if (!(totalCountModes as readonly string[]).includes(totalCount)) {
    throw new Error(`MOCK_TOTAL_COUNT must be one of ${totalCountModes.join(', ')}, not "${totalCount}".`);
  }
  const basePath = env.MOCK_BASE_PATH?.trim();
  if (basePath !== undefined && basePath !== '' && !/^\/[A-Za-z0-9._~/-]*$/.test(basePath)) {
    throw new Error(`MOCK_BASE_PATH must be a path starting with /, like /tmf-api/troubleTicket/v5, not "${basePath}".`);
  }
  const maxRaw = env.MOCK_MAX_BODY_BYTES?.trim();
  const maxBodyBytes = maxRaw ? Number(maxRaw) : undefined;
  if (maxBodyBytes !== undefined && (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1)) {
    throw new Error(`MOCK_MAX_BODY_BYTES must be a whole number of bytes, 1 or more, not "${maxRaw}".`);
  }
  return {
    settings: { dialect: dialectFrom(env.MOCK_DIALECT), totalCount: totalCount as TotalCountMode },
    ...(basePath ? { baseUrl: basePath.replace(/\/+$/, '') } : {}),
    ...(maxBodyBytes ? { maxBodyBytes } : {}),
    testHooks: env.MOCK_TEST_HOOKS?.trim() === '1',
  };
}

/** `npm run mock-api` (PORT, HOST, TICKET_COUNT, MOCK_* from the environment); tickets move on like in the demo. */
async function main() {
  const auth = authFromEnvironment(process.env);
  const ticketCount = ticketCountFromEnvironment(process.env);
  const { baseUrl, ...service } = serviceFromEnvironment(process.env);
  const events = eventSenderFromEnvironment(process.env);
  const running = await startHttpServer({
    port: process.env.PORT ? Number(process.env.PORT) : DEFAULT_PORT,
    host: process.env.HOST ?? '127.0.0.1',
    storeOptions: { seedReference: new Date(), ...(ticketCount ? { ticketCount } : {}), ...(baseUrl !== undefined ? { baseUrl } : {}) },
    auth,
    faults: faultsFromEnvironment(process.env),
    ...service,
    ...(events ? { events } : {}),
    advanceEveryMs: advanceEveryFromEnvironment(process.env),
    eventsPaused: process.env.MOCK_EVENTS_PAUSED?.trim() === '1',
    providerControls: process.env.MOCK_PROVIDER_CONTROLS?.trim() === '1',
  });
  const credentials = auth ? `JWTs of ${auth.issuer} for ${auth.audience}${auth.clientId ? ` issued to ${auth.clientId}` : ''}` : 'any Bearer token';
  const { dialect, totalCount } = running.settings;
  console.log(`Mocked trouble ticket service on ${running.url}${running.store.baseUrl || '/'} (${credentials}; dialect ${dialect}; X-Total-Count ${totalCount}; Ctrl+C stops)`);
  if (service.testHooks) console.log(`Test routes on: ${running.url}/__mock/* (same credentials)`);
  if (running.events) console.log(`Provider events to ${running.events.listenerBase}/listener/* (${events?.credentials ? `tokens of ${events.credentials.clientId} for ${events.credentials.resource}` : 'Bearer mock-provider'}); progression every ${running.advanceEveryMs() / 1000 || '– (off)'} s`);
  if (process.env.MOCK_PROVIDER_CONTROLS?.trim() === '1') console.log(`Demo controls on: POST ${running.url}${PROVIDER_ACT_PATH} (npm run provider)`);
  const { rate, kinds, seed } = running.faults.config();
  if (rate > 0) console.log(`Fault injection on: ${Math.round(rate * 100)} % of operations (${kinds.join(', ')}), seed ${seed}; log at ${running.url}${FAULTS_PATH}`);
  const stop = () => {
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void main();
}
