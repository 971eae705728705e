/**
 * An event stream's body: frames are queued at once (no await, no per-write timer), and what waits for the client is
 * counted in bytes, so that a stream that cannot keep up is found and reset.
 *
 * The body is a plain ReadableStream, so the response goes through Hono and every middleware as any other (headers,
 * logs). Served by @hono/node-server, the response is sent without chunked encoding: its body is the bytes until the
 * connection closes (as HTTP/1.0's is), and Node closes the connection when the stream ends (a stream never needs its
 * connection again). Once the headers are out and nothing waits in the web stream nor in Node, frames are written
 * straight to the socket: what the web stream and Node's `write` would add per frame (a queue, a read's promise, a
 * pump step; a cork, a tick and the chunk's framing) is most of a delivery's cost with thousands of streams (issue 42).
 * The order holds: nothing is queued anywhere else then.
 */
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Above this many queued bytes a stream catching up waits for its client before queuing more of the log; half the
 * smallest bound a stream may have (LISTENER_SUBSCRIBER_MAX_BYTES ≥ 64 KiB), so a replay is never taken as slow.
 */
export const ROOM_BYTES = 32 * 1024;

export type Outlet = {
  readonly body: ReadableStream<Uint8Array>;
  /** Queues the bytes; false once the outlet is closed. */
  send(bytes: Uint8Array): boolean;
  /** Bytes queued that the client has not taken yet. */
  queued(): number;
  /** Bytes the client has taken so far. */
  taken(): number;
  /** Resolves once fewer than ROOM_BYTES wait (or the outlet closed). */
  room(): Promise<void>;
  /** Ends the body: what is queued is still sent, unless `discard` (then the client sees the connection fail). */
  close(discard: boolean): void;
};

/** @hono/node-server's bindings (`c.env`): the Node response, when the app is served by it. */
export function nodeResponseOf(env: unknown): ServerResponse | undefined {
  const outgoing = (env as { outgoing?: unknown } | undefined)?.outgoing;
  return outgoing && typeof (outgoing as ServerResponse).write === 'function' && 'writableLength' in (outgoing as object) ? (outgoing as ServerResponse) : undefined;
}

/**
 * Makes the Node response one whose body ends with its connection (before its head is written): no chunked encoding,
 * `Connection: close`, and Node closes the connection once the response has ended. This is what Node does itself for
 * an HTTP/1.0 client; behind nginx, the upstream connection's end is the stream's end and nothing is left to reuse.
 * False when the head is out already (the response stays as it is, and frames go through its `write`).
 */
function endsWithConnection(outgoing: ServerResponse): boolean {
  if (outgoing.headersSent) return false;
  outgoing.useChunkedEncodingByDefault = false;
  return true;
}

export function createOutlet(onCancel: () => void, outgoing?: ServerResponse): Outlet {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  let sent = 0;
  const raw = outgoing !== undefined && endsWithConnection(outgoing);
  // Once set, frames go to the Node response directly: to its socket when its body is raw bytes and nothing waits in
  // it (Node's write would cork and uncork per frame), else through its write.
  let direct: 'response' | 'socket' | undefined;
  let socket: Socket | undefined;
  // True from a frame queued in the web stream until the event loop's next check phase: by then every microtask of that
  // turn has run, @hono/node-server's read → write → read among them, so what it took is written and it waits again.
  let webBusy = false;
  let waiting: (() => void) | undefined;
  const wakeWaiting = () => {
    const resolve = waiting;
    waiting = undefined;
    resolve?.();
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      // Called when the queue falls below ROOM_BYTES (the client read).
      pull: wakeWaiting,
      cancel() {
        closed = true;
        wakeWaiting();
        onCancel();
      },
    },
    { highWaterMark: ROOM_BYTES, size: (chunk) => chunk.byteLength },
  );
  outgoing?.on('drain', wakeWaiting);
  const webQueued = () => ROOM_BYTES - (controller.desiredSize ?? ROOM_BYTES);
  const queued = () => (closed ? 0 : direct === 'socket' ? (socket as Socket).writableLength : direct ? (outgoing as ServerResponse).writableLength : webQueued());
  function goDirect(response: ServerResponse) {
    // A chunked body (the head was out before the outlet, or a header asked for it) needs Node's framing: `write`.
    // No socket yet (the response waits behind another on its connection): `write`, which holds it until then.
    if (!raw || response.chunkedEncoding || !response.socket) direct = 'response';
    // Only once everything Node holds for this response is out: then bytes written to the socket come after it.
    else if (response.writableLength === 0 && !response.writableEnded) {
      socket = response.socket;
      socket.on('drain', wakeWaiting);
      direct = 'socket';
    }
  }

  return {
    body,
    send(bytes) {
      if (closed) return false;
      if (!direct && outgoing?.headersSent && !webBusy && webQueued() === 0) goDirect(outgoing);
      if (direct === 'socket') (socket as Socket).write(bytes);
      else if (direct) (outgoing as ServerResponse).write(bytes);
      else {
        controller.enqueue(bytes);
        if (outgoing && !webBusy) {
          webBusy = true;
          setImmediate(() => (webBusy = false));
        }
      }
      sent += bytes.byteLength;
      return true;
    },
    queued,
    taken: () => sent - queued(),
    room() {
      if (closed || queued() < ROOM_BYTES) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const before = waiting;
        waiting = () => {
          before?.();
          resolve();
        };
      });
    },
    close(discard) {
      if (closed) return;
      const dropping = discard && queued() > 0;
      closed = true;
      wakeWaiting();
      outgoing?.off('drain', wakeWaiting);
      socket?.off('drain', wakeWaiting);
      try {
        if (dropping && outgoing) {
          // Reset (SO_LINGER 0): what the kernel still holds for this client is freed too, not sent on for minutes.
          // The client gets a cut body: an SSE reader drops the half frame at its end, and reconnects.
          if (outgoing.socket) outgoing.socket.resetAndDestroy();
          else outgoing.destroy();
          // The connection is gone: @hono/node-server's read ends quietly (an error would be logged as a failure).
          controller.close();
        } else if (dropping) controller.error(new Error('The stream was dropped'));
        else controller.close();
      } catch {
        // Cancelled by the client in the meantime.
      }
    },
  };
}
