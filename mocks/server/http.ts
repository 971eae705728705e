/** The mocked service as a real HTTP server (`npm run mock-api`), for curl, other apps and browsers on other origins. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { getResponse } from 'msw';
import { createAuthorizer, type AuthOptions, type Authorizer } from '../../server/auth';
import { errorBody, type ErrorStatus } from '../../server/errors';
import { createFaultInjector, faultsFromEnvironment, type FaultConfig, type FaultInjector } from '../faults';
import { createHandlers } from '../handlers';
import { DEMO_ADVANCE_EVERY_MS, createStore, type Store, type StoreOptions } from '../store';

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
};

export type RunningServer = { url: string; store: Store; server: Server; authorizer: Authorizer; faults: FaultInjector; close(): Promise<void> };

/**
 * TEST-ONLY: what the service saw on each request's Authorization header (judgement, claims, token fingerprint; never
 * the token). GET lists it, DELETE empties it. End-to-end tests use it to assert the service saw a valid JWT.
 */
export const SEEN_TOKENS_PATH = '/__mock/seen-tokens';

/** TEST-ONLY: `POST` moves the store on one step (store.advance()) and answers its changes, so an e2e can change a ticket. */
export const ADVANCE_PATH = '/__mock/advance';

/** TEST-ONLY: `GET` the fault config and every injected fault (time, method, path, kind); `DELETE` empties the log. */
export const FAULTS_PATH = '/__mock/faults';

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

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

function sendError(res: ServerResponse, status: ErrorStatus, code: 'notFound' | 'internalError', message: string) {
  res.writeHead(status, { ...cors, 'Content-Type': 'application/json' });
  res.end(JSON.stringify(errorBody(status, code, message)));
}

/** Starts on host:port (port 0 picks a free one); resolves once listening. */
export async function startHttpServer(options: HttpServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const store = options.store ?? createStore(options.storeOptions);
  const authorizer = createAuthorizer(options.auth);
  const faults = createFaultInjector(options.faults);
  const handlers = createHandlers({ store, auth: authorizer, faults });
  let origin = '';

  const server = createServer((req, res) => {
    void (async () => {
      try {
        if (req.method === 'OPTIONS') {
          res.writeHead(204, cors);
          res.end();
          return;
        }
        if (new URL(req.url ?? '/', origin).pathname === ADVANCE_PATH) {
          const post = req.method === 'POST';
          res.writeHead(post ? 200 : 405, { ...cors, 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...(post ? {} : { Allow: 'POST' }) });
          res.end(JSON.stringify(post ? store.advance() : errorBody(405, 'methodNotAllowed', `${req.method} is not allowed here; allowed: POST`)));
          return;
        }
        if (new URL(req.url ?? '/', origin).pathname === SEEN_TOKENS_PATH) {
          if (req.method === 'DELETE') authorizer.clearSeen();
          res.writeHead(200, { ...cors, 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
          res.end(JSON.stringify(req.method === 'DELETE' ? [] : authorizer.seen()));
          return;
        }
        if (new URL(req.url ?? '/', origin).pathname === FAULTS_PATH) {
          if (req.method === 'DELETE') faults.clear();
          res.writeHead(200, { ...cors, 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
          res.end(JSON.stringify({ config: faults.config(), log: faults.log() }));
          return;
        }
        const request = toRequest(req, await readBody(req), origin);
        const response = await getResponse(handlers, request);
        // An injected dropped connection: close the socket without an answer, as a failing network would.
        if (response?.type === 'error') res.destroy();
        else if (response) await send(res, response);
        else sendError(res, 404, 'notFound', `Nothing is served at ${req.method} ${new URL(request.url).pathname}`);
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
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive connections (fetch keeps them) would hold close() open.
        server.closeAllConnections();
      }),
  };
}

/** MOCK_OIDC_ISSUER (+ MOCK_OIDC_AUDIENCE, optional MOCK_OIDC_JWKS_URI): verify tokens of that provider. */
export function authFromEnvironment(env: NodeJS.ProcessEnv): AuthOptions | undefined {
  const issuer = env.MOCK_OIDC_ISSUER?.trim();
  if (!issuer) return undefined;
  const audience = env.MOCK_OIDC_AUDIENCE?.trim();
  if (!audience) throw new Error('MOCK_OIDC_ISSUER is set, so MOCK_OIDC_AUDIENCE must be too (the API resource its tokens are for).');
  const jwksUri = env.MOCK_OIDC_JWKS_URI?.trim();
  return { issuer, audience, ...(jwksUri ? { jwksUri } : {}) };
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

/** `npm run mock-api` (PORT, HOST, TICKET_COUNT, MOCK_OIDC_* from the environment); tickets move on like in the demo. */
async function main() {
  const auth = authFromEnvironment(process.env);
  const ticketCount = ticketCountFromEnvironment(process.env);
  const running = await startHttpServer({
    port: process.env.PORT ? Number(process.env.PORT) : DEFAULT_PORT,
    host: process.env.HOST ?? '127.0.0.1',
    storeOptions: { seedReference: new Date(), ...(ticketCount ? { ticketCount } : {}) },
    auth,
    faults: faultsFromEnvironment(process.env),
  });
  const advanceEvery = advanceEveryFromEnvironment(process.env);
  const timer = advanceEvery > 0 ? setInterval(() => running.store.advance(), advanceEvery) : undefined;
  const credentials = auth ? `JWTs of ${auth.issuer} for ${auth.audience}` : 'any Bearer token';
  console.log(`Mocked trouble ticket service on ${running.url}${running.store.baseUrl} (${credentials}; Ctrl+C stops)`);
  const { rate, kinds, seed } = running.faults.config();
  if (rate > 0) console.log(`Fault injection on: ${Math.round(rate * 100)} % of operations (${kinds.join(', ')}), seed ${seed}; log at ${running.url}${FAULTS_PATH}`);
  const stop = () => {
    clearInterval(timer);
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void main();
}
