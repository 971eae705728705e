/**
 * One frame for all (issue 42): each event is read from the log and serialised once per receiver, and the same bytes
 * are queued on every live stream. A stream is live once it has caught up with the log by itself (relay.ts); one that
 * falls behind (a reset, a gap, an event older than its agent's session) leaves, and catches up by itself again.
 * Delivery runs after the POST that appended the event has been answered (setImmediate), never inside it.
 *
 * Passes are spaced: one starts at most every PASS_INTERVAL_MS. The first event after a quiet spell goes out at once;
 * events that come closer together wait for the next pass and go to each stream as one write. Each write to a socket
 * costs about as much whatever the frames in it (half of it the kernel's), so at 20 events a second three events share
 * a write and the CPU per delivery falls to about a third, for at most PASS_INTERVAL_MS of delay (decision
 * 2026-11-29-fan-out-passes-spaced).
 */
import type { EventBus, RelayedEvent } from './event-bus';
import { relayedData } from './thin-event';

/** A stream that is sent events as they come. */
export type LiveStream = {
  /** The newest id this stream has been sent (or passed over): the fan-out sends only what lies above it. */
  cursor: number;
  /** Ids below this one came before its agent's session: not for the fan-out to send (the stream says `gap` itself). */
  sinceId: number;
  /** Queues the frame; false when the stream has ended (for instance, its bound of queued bytes was passed). */
  deliver(frame: Uint8Array): boolean;
  /** Called once the fan-out has let go of the stream: it catches up by reading the log itself. */
  behind(): void;
};

export type FanOut = {
  join(stream: LiveStream): void;
  leave(stream: LiveStream): void;
  live(): number;
};

/** Events read from the log per step of the fan-out; the loop yields to the event loop between steps. */
const READ_BATCH = 100;
/** Streams written to between two turns of the event loop: a POST waits at most for this many writes. */
const STREAMS_PER_TURN = 250;
/** The least time between the starts of two passes (ms): events closer together share each stream's write. */
export const PASS_INTERVAL_MS = 150;

const frames = new WeakMap<RelayedEvent, Uint8Array>();

/** The SSE message of an event, as bytes (a Buffer: a socket writes it as it is), made once however many streams send it. */
export function frameOf(event: RelayedEvent): Uint8Array {
  let frame = frames.get(event);
  if (frame === undefined) {
    frame = Buffer.from(`id: ${event.id}\nevent: notification\ndata: ${relayedData(event)}\n\n`);
    frames.set(event, frame);
  }
  return frame;
}

export type FanOutOptions = {
  /** The least time between the starts of two passes (ms); PASS_INTERVAL_MS unless set (0: each event at once). */
  passIntervalMs?: number;
  now?: () => number;
};

export function createFanOut(bus: EventBus, onDelivered: (count: number) => void, options: FanOutOptions = {}): FanOut {
  const passIntervalMs = options.passIntervalMs ?? PASS_INTERVAL_MS;
  const now = options.now ?? (() => performance.now());
  /** When the last pass started: the next starts passIntervalMs later at the earliest. */
  let lastPass = -Infinity;
  const live = new Set<LiveStream>();
  // Where the fan-out has read the log up to: every live stream's cursor is at or above it.
  let position = bus.head();
  let scheduled = false;
  let running = false;
  let again = false;

  const letGo = (stream: LiveStream) => {
    live.delete(stream);
    stream.behind();
  };

  /** Sends a batch to every live stream, yielding to the event loop every STREAMS_PER_TURN streams (POSTs go first). */
  async function deliver(from: number, events: readonly RelayedEvent[]) {
    const batch = events.map((event) => ({ id: event.id, frame: frameOf(event) }));
    // The whole batch as one buffer, made once: a stream that has seen none of it (the usual case) takes it in one write,
    // so a burst costs each stream one write to its socket, not one per event.
    const first = batch[0] as { id: number; frame: Uint8Array };
    const last = batch[batch.length - 1] as { id: number; frame: Uint8Array };
    const whole = batch.length === 1 ? first.frame : Buffer.concat(batch.map(({ frame }) => frame));
    let delivered = 0;
    let turn = 0;
    for (const stream of [...live]) {
      if ((turn += 1) % STREAMS_PER_TURN === 0) {
        if (delivered) onDelivered(delivered);
        delivered = 0;
        await new Promise((resolve) => setImmediate(resolve));
      }
      // Left in the meantime (ended, or reading for itself); one that joined since is caught by the next batch.
      if (!live.has(stream)) continue;
      // It has not seen everything up to the batch's start: it reads the log itself.
      if (stream.cursor < from) {
        letGo(stream);
        continue;
      }
      if (stream.cursor < first.id && first.id >= stream.sinceId) {
        if (!stream.deliver(whole)) continue;
        stream.cursor = last.id;
        delivered += batch.length;
        continue;
      }
      for (const { id, frame } of batch) {
        if (id <= stream.cursor) continue;
        if (id < stream.sinceId) {
          letGo(stream);
          break;
        }
        if (!stream.deliver(frame)) break;
        stream.cursor = id;
        delivered += 1;
      }
    }
    if (delivered) onDelivered(delivered);
  }

  async function run(): Promise<void> {
    scheduled = false;
    if (running) {
      again = true;
      return;
    }
    running = true;
    lastPass = now();
    try {
      while (live.size) {
        const from = position;
        const result = await bus.read(from, READ_BATCH);
        if (result.reset) {
          // The log cannot say what came after our position (it restarted, or evicted past it): every stream asks it.
          position = result.cursor;
          for (const stream of [...live]) letGo(stream);
          break;
        }
        if (!result.events.length) break;
        await deliver(from, result.events);
        position = result.cursor;
        // What came in during this pass waits for the next (spaced); a backlog of more than a batch is read on now.
        if (result.events.length < READ_BATCH || position >= bus.head()) break;
        // Between steps, the POSTs waiting are answered first.
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (!live.size) position = bus.head();
      else if (position < bus.head()) again = true;
    } catch {
      // The log is not reachable: every stream reads it itself, and ends if it cannot.
      for (const stream of [...live]) letGo(stream);
    } finally {
      running = false;
      if (again) {
        again = false;
        schedule();
      }
    }
  }

  function schedule() {
    if (scheduled || !live.size) return;
    scheduled = true;
    const wait = lastPass + passIntervalMs - now();
    if (wait > 0) setTimeout(() => void run(), wait);
    else setImmediate(() => void run());
  }

  bus.onAppend(schedule);

  return {
    join(stream) {
      if (!live.size && !running) position = Math.min(stream.cursor, bus.head());
      live.add(stream);
      // Something may have come in since the stream's last read.
      if (bus.head() > stream.cursor) schedule();
    },
    leave(stream) {
      live.delete(stream);
    },
    live: () => live.size,
  };
}
