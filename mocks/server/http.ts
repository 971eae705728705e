/** The mocked service as a real HTTP server (`npm run mock-api`), for curl, other apps and browsers on other origins. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { getResponse } from 'msw';
import { errorBody, type ErrorStatus } from '../errors';
import { createHandlers } from '../handlers';
import { DEMO_ADVANCE_EVERY_MS, createStore, type Store, type StoreOptions } from '../store';

export const DEFAULT_PORT = 8787;

/** Any origin may call; the bearer token travels in a header, never in cookies, so credentials mode stays off. */
const cors: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type',
  'Access-Control-Expose-Headers': 'Location, X-Total-Count, X-Result-Count, Retry-After',
  'Access-Control-Max-Age': '600',
};

export type HttpServerOptions = { port?: number; host?: string; store?: Store; storeOptions?: StoreOptions };

export type RunningServer = { url: string; store: Store; server: Server; close(): Promise<void> };

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
  const handlers = createHandlers({ store });
  let origin = '';

  const server = createServer((req, res) => {
    void (async () => {
      try {
        if (req.method === 'OPTIONS') {
          res.writeHead(204, cors);
          res.end();
          return;
        }
        const request = toRequest(req, await readBody(req), origin);
        const response = await getResponse(handlers, request);
        if (response) await send(res, response);
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
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive connections (fetch keeps them) would hold close() open.
        server.closeAllConnections();
      }),
  };
}

/** `npm run mock-api` (PORT, HOST from the environment); tickets move on like in the browser demo. */
async function main() {
  const running = await startHttpServer({
    port: process.env.PORT ? Number(process.env.PORT) : DEFAULT_PORT,
    host: process.env.HOST ?? '127.0.0.1',
    storeOptions: { seedReference: new Date() },
  });
  const timer = setInterval(() => running.store.advance(), DEMO_ADVANCE_EVERY_MS);
  console.log(`Mocked trouble ticket service on ${running.url}${running.store.baseUrl} (any Bearer token; Ctrl+C stops)`);
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
