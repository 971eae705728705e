/**
 * An event stream's body as a plain ReadableStream of bytes: frames are queued at once (no await, no per-write timer),
 * and what waits for the client is counted in bytes, so that a stream that cannot keep up is found and reset.
 */

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

export function createOutlet(onCancel: () => void): Outlet {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  let sent = 0;
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
  const queued = () => (closed ? 0 : ROOM_BYTES - (controller.desiredSize ?? ROOM_BYTES));

  return {
    body,
    send(bytes) {
      if (closed) return false;
      controller.enqueue(bytes);
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
      try {
        if (dropping) controller.error(new Error('The stream was dropped'));
        else controller.close();
      } catch {
        // Cancelled by the client in the meantime.
      }
    },
  };
}
