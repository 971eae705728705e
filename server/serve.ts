/** Serves a Hono app on a port and stops it within a second on SIGINT/SIGTERM: the receiver's and the gateway's start. */
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stop finishes within this: open streams end at once, idle keep-alive connections close at once, busy ones at the end. */
export const SHUTDOWN_MS = 1000;

export type ServedApp = {
  /** Who is speaking in the messages: "The receiver", "The gateway". */
  name: string;
  fetch: (request: Request) => Response | Promise<Response>;
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

export function serveUntilStopped(app: ServedApp): Server {
  const server = serve({ fetch: app.fetch, port: app.port, hostname: app.host }, (info: AddressInfo) => {
    const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
    console.log(app.readyLine(`http://${host}:${info.port}`));
  }) as Server;
  server.on('error', (error) => {
    console.error(`${app.name} could not listen on ${app.host}:${app.port}: ${error.message}`);
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing open streams and connections, stopping within ${SHUTDOWN_MS} ms`);
    const deadline = setTimeout(() => process.exit(0), SHUTDOWN_MS);
    app.drain();
    // Open SSE streams would keep close() waiting: end them first; clients reconnect elsewhere and resume.
    app.dropStreams('shutdown');
    server.close();
    // Idle keep-alive connections would otherwise wait for their next request (or the client's timeout).
    server.closeIdleConnections();
    // Requests under way get most of the time; whatever is still open then is cut, so the deadline holds.
    const cut = setTimeout(() => server.closeAllConnections(), SHUTDOWN_MS - 200);
    void Promise.allSettled([new Promise((resolve) => server.once('close', resolve)), app.close()]).then(() => {
      clearTimeout(cut);
      clearTimeout(deadline);
      process.exit(0);
    });
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  return server;
}
