/**
 * An event stream's body: frames are queued at once (no await, no per-write timer), and what waits for the client is
 * counted in bytes, so that a stream that cannot keep up is found and reset.
 *
 * The body is a plain ReadableStream, so the response goes through Hono and every middleware as any other (headers,
 * logs). Served by @hono/node-server, once the headers are out and nothing waits in that stream, frames are written to
 * the Node response itself: what the web stream would add per frame (a queue, a read's promise, a pump step) is most
 * of a delivery's cost with thousands of streams (issue 42). The order holds: nothing is queued in the web stream then.
 */
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

const CRLF = Buffer.from('\r\n');
const chunks = new WeakMap<Uint8Array, Buffer>();
/** The bytes as one HTTP/1.1 chunk, made once per frame however many streams send it (frames are shared, fan-out.ts). */
function chunkOf(bytes: Uint8Array): Buffer {
  let chunk = chunks.get(bytes);
  if (chunk === undefined) {
    chunk = Buffer.concat([Buffer.from(`${bytes.byteLength.toString(16)}\r\n`, 'latin1'), bytes, CRLF]);
    chunks.set(bytes, chunk);
  }
  return chunk;
}

/**
 * Above this many queued bytes a stream catching up waits for its client before queuing more of the log; half the
 * smallest bound a stream may have (LISTENER_SUBSCRIBER_MAX_BYTES ≥ 64 KiB), so a replay is never taken as slow.
 */
export const ROOM_BYTES = 32 * 1024;

/** Ready-made chunks written to the socket (faster by a third): off, see goDirect. */
const SOCKET_WRITES = false;

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

export function createOutlet(onCancel: () => void, outgoing?: ServerResponse): Outlet {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  let sent = 0;
  // Once set, frames go to the Node response directly: to its socket as ready-made chunks when it is chunked and
  // nothing waits in it (Node's write would cork, frame and uncork per frame), else through its write.
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
    const chunked = (response as ServerResponse & { chunkedEncoding?: boolean }).chunkedEncoding === true;
    // Frames written to the socket beside Node's response left a keep-alive connection behind nginx unusable for a
    // while after the stream ended (e2e/gateway/session.spec.ts): off until that is understood; `write` it is.
    if (!SOCKET_WRITES || !chunked || !response.socket) direct = 'response';
    // Only once everything Node holds for this response is out: then a chunk written to the socket comes after it.
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
      if (direct === 'socket') (socket as Socket).write(chunkOf(bytes));
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
        if (dropping) {
          outgoing?.destroy();
          controller.error(new Error('The stream was dropped'));
        } else controller.close();
      } catch {
        // Cancelled by the client in the meantime.
      }
    },
  };
}
