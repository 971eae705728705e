/** Serves a Hono app on a port and stops it within a second on SIGINT/SIGTERM: the receiver's and the gateway's start. */
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { restartingResponse } from './failures';

/**
 * A stop finishes within this: open streams end at once, idle keep-alive connections close at once, busy ones once
 * answered (cut at 800 ms), and the store's connection after all of them.
 */
export const SHUTDOWN_MS = 1000;

export type ServedApp = {
  /** Who is speaking in the messages: "The receiver", "The gateway". */
  name: string;
  /** `env` is @hono/node-server's (the Node request and response): the connection's address is read from it. */
  fetch: (request: Request, env?: unknown) => Response | Promise<Response>;
  port: number;
  host: string;
  /** The one line printed once the port listens. */
  readyLine(address: string): string;
  /** From now on /readyz says 503 (the start of a stop). */
  drain(): void;
  /** Ends every open event stream: they would keep the server's close waiting. */
  dropStreams(reason: string): void;
  /** Closes what else the app holds open (the event log's Redis connection). */
  close(): Promise<unknown>;
};

/**
 * Once a stop has begun, every answer says `Connection: close`: a client that keeps its connection busy (a proxy's
 * keep-alive pool under load) would otherwise hold `server.close()` until the cut, since a busy connection is never
 * idle. Node ends the connection after that answer, so a stop under load takes as long as the slowest request under
 * way (docs/listener.md; `npm run bench:shutdown` measures it).
 */
export function closingConnection(response: Response): Response {
  try {
    response.headers.set('Connection', 'close');
    return response;
  } catch {
    // Headers of a fetched answer (the gateway's API proxy) are immutable: the same answer with headers of its own.
    const headers = new Headers(response.headers);
    headers.set('Connection', 'close');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/**
 * An answer given while the instance stops: `Connection: close`, and a 500 (whatever failed: the instance is going
 * away) said as 503 with Retry-After, which nginx retries on the other instance for a GET and the app waits out.
 */
export function stoppingAnswer(response: Response): Response {
  return closingConnection(response.status === 500 ? restartingResponse() : response);
}

export function serveUntilStopped(app: ServedApp): Server {
  let stopping = false;
  const fetch = async (request: Request, env?: unknown) => {
    const response = await app.fetch(request, env);
    return stopping ? stoppingAnswer(response) : response;
  };
  const server = serve({ fetch, port: app.port, hostname: app.host }, (info: AddressInfo) => {
    const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
    console.log(app.readyLine(`http://${host}:${info.port}`));
  }) as Server;
  server.on('error', (error) => {
    console.error(`${app.name} could not listen on ${app.host}:${app.port}: ${error.message}`);
    process.exit(1);
  });

  /**
   * The stop drains, in this order (issue 43): unready at once (/readyz 503); no new connection; open streams ended
   * (their browsers reconnect through nginx to another instance); idle keep-alive connections closed; requests under
   * way answered (with `Connection: close`); and only then Redis closed, which every one of them may still need.
   */
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing open streams and connections, stopping within ${SHUTDOWN_MS} ms`);
    const deadline = setTimeout(() => process.exit(0), SHUTDOWN_MS);
    app.drain();
    // Open SSE streams would keep close() waiting: end them first; clients reconnect elsewhere and resume.
    app.dropStreams('shutdown');
    const closed = new Promise((resolve) => server.close(resolve));
    // Idle keep-alive connections would otherwise wait for their next request (or the client's timeout).
    server.closeIdleConnections();
    // Requests under way get most of the time; whatever is still open then is cut, so the deadline holds.
    const cut = setTimeout(() => server.closeAllConnections(), SHUTDOWN_MS - 200);
    void closed
      .then(() => {
        clearTimeout(cut);
        // Nothing is served any more: the store's connection can go.
        return Promise.allSettled([app.close()]);
      })
      .then(() => {
        clearTimeout(deadline);
        process.exit(0);
      });
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  return server;
}
