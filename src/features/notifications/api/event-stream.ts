/**
 * The connection to the event relay (relay contract, "Relay"): buys a single-use stream ticket with the agent's access
 * token, opens an EventSource with it, checks and dedupes each event, and reconnects itself with backoff, resuming
 * from the last event id. In gateway mode (issue 27) the stream is opened directly: the session cookie goes with it. No React: the live-updates module wires it to the query cache and the notifications store.
 * No zod either: what reads an event is loaded with the first one (./relay-data.ts).
 */
import type { TokenSource } from '../../../api/token-source';
import type { EventEnvelope } from '../../../domain/event';
import type { ConnectionState } from '../model/notification-types';
import type { RelayData } from './relay-data';
import { backoff } from '../../../lib/backoff';

/**
 * Reconnects wait 1 s, 2 s, 4 s … up to 30 s, jittered so a receiver restart does not bring every agent's browser
 * back in the same second.
 */
export const reconnectWait = backoff(1_000, 30_000, true);
/** How many event ids are remembered to drop a repeat; far more than a replay can bring. */
export const SEEN_LIMIT = 1_000;

/** Reads a notification's data (./relay-data.ts: readRelayData), null for what is not an event. */
export type RelayReader = (data: unknown) => RelayData | null;

/** The reader, in a chunk of its own with zod and the event schemas. */
const loadRelayReader = async (): Promise<RelayReader> => (await import('./relay-data')).readRelayData;

export type StreamEvent = {
  /** The relay's SSE id (receiver-wide, increasing); NaN if the relay sent none. */
  seq: number;
  eventType: string;
  receivedAt: string;
  /** null: a body-optional listener was POSTed without a body. */
  envelope: EventEnvelope | null;
  /**
   * `<eventType>:<eventId>`, or `seq:<n>` without an envelope: what makes an event shown once. The event's name is
   * part of it because the receiver judges repeats per listener (decision 0029) and eventIds need not be unique across
   * events (the official TMF621 v5.0.1 examples give a ticket's and a specification's create events one eventId).
   */
  key: string;
};

/** The part of EventSource the stream uses (tests pass a fake). */
export type EventSourceLike = {
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
};
export type EventSourceFactory = new (url: string) => EventSourceLike;

type Timers = { setTimeout: (run: () => void, ms: number) => unknown; clearTimeout: (timer: unknown) => void };

export type EventStreamOptions = {
  /** config.eventsUrl: the relay's base, e.g. `/relay` or `https://events.example.net/relay`. */
  eventsUrl: string;
  /** The same source the API client takes its bearer token from; one with `sessionEnded` is gateway mode's cookie. */
  tokenSource: TokenSource;
  onEvent(event: StreamEvent): void;
  /** Events may be missing (`gap`) or the relay restarted (`restart`): refetch everything shown. */
  onReset(reason: string): void;
  onState(state: ConnectionState): void;
  /**
   * Loads what reads events, at the first `notification` (default: ./relay-data.ts); whatever else onEvent needs may
   * load with it, since onEvent is first called once it has resolved. Messages that arrive meanwhile wait, in order.
   * If it fails, the stream reconnects later and the relay replays from the last event handed on.
   */
  loadReader?: () => Promise<RelayReader>;
  /** Resume after this SSE id (a reload keeps it). */
  lastEventId?: string | null;
  onLastEventId?(id: string): void;
  /** Keys already shown (a reload keeps the list): a replay must not show them again. */
  seenKeys?: Iterable<string>;
  fetch?: typeof fetch;
  EventSource?: EventSourceFactory;
  random?: () => number;
  timers?: Timers;
};

export type EventStream = { start(): void; stop(): void; reconnectNow(): void };

const defaultTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (timer) => globalThis.clearTimeout(timer as ReturnType<typeof setTimeout>),
};

function resolve(path: string): URL {
  return new URL(path, globalThis.location?.href ?? 'http://localhost/');
}

async function buyTicket(options: EventStreamOptions, fetcher: typeof fetch, signal: AbortSignal): Promise<string | null> {
  const token = await options.tokenSource.getAccessToken();
  if (!token) return null;
  // The token travels in the header of this one POST; the stream's URL carries only the single-use ticket.
  const response = await fetcher(resolve(`${options.eventsUrl}/stream-tickets`), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    signal,
  });
  if (response.status !== 201 && response.status !== 200) return null;
  const body = (await response.json()) as { ticket?: unknown };
  return typeof body.ticket === 'string' && body.ticket !== '' ? body.ticket : null;
}

export function createEventStream(options: EventStreamOptions): EventStream {
  const fetcher = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const Source = options.EventSource ?? (globalThis.EventSource as unknown as EventSourceFactory);
  const timers = options.timers ?? defaultTimers;
  const random = options.random ?? Math.random;

  let lastEventId = options.lastEventId ?? null;
  let lastSeq = lastEventId !== null && /^[0-9]+$/.test(lastEventId) ? Number(lastEventId) : 0;
  const seen = new Set<string>(options.seenKeys ?? []);
  let attempt = 0;
  let running = false;
  // Every connect gets a generation; callbacks of an older one (a closed source, an aborted fetch) are ignored.
  let generation = 0;
  let source: EventSourceLike | null = null;
  let timer: unknown = null;
  let aborter: AbortController | null = null;
  const loadReader = options.loadReader ?? loadRelayReader;
  const sessionEnded = options.tokenSource.sessionEnded?.bind(options.tokenSource);
  let reader: RelayReader | null = null;
  let readerLoading = false;
  /** Messages of the current connection that arrived before the reader: handled in order once it is there. */
  const waiting: (() => void)[] = [];

  const remember = (key: string) => {
    seen.add(key);
    if (seen.size > SEEN_LIMIT) seen.delete(seen.values().next().value as string);
  };

  function closeCurrent(): void {
    generation += 1;
    waiting.length = 0;
    source?.close();
    source = null;
    aborter?.abort();
    aborter = null;
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  }

  function retryLater(): void {
    closeCurrent();
    if (!running) return;
    attempt += 1;
    const delay = reconnectWait(attempt, random);
    options.onState({ status: 'reconnecting', attempt, delaySeconds: Math.ceil(delay / 1000) });
    timer = timers.setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
  }

  /**
   * Hands a message of connection `mine` to `handle`, in arrival order: a notification needs the reader, and while it
   * loads every later message (a hello, a reset too) waits behind, since each may change what the next one means.
   */
  function deliver(mine: number, needsReader: boolean, handle: () => void): void {
    if (mine !== generation) return;
    if (waiting.length === 0 && (reader !== null || !needsReader)) {
      handle();
      return;
    }
    // A stop or a reconnect while it waits drops it: the next connection resumes from the last event handed on.
    waiting.push(() => {
      if (mine === generation) handle();
    });
    if (readerLoading) return;
    readerLoading = true;
    loadReader().then(
      (loaded) => {
        reader = loaded;
        for (const next of waiting.splice(0)) next();
      },
      () => {
        // Nothing waiting was handed on, so the last event id is still before it: the replay brings it again.
        readerLoading = false;
        if (waiting.length > 0) retryLater();
      },
    );
  }

  function onNotification(message: MessageEvent<string>): void {
    if (reader === null) return;
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    const read = reader(data);
    if (read === null) return;
    const seq = /^[0-9]+$/.test(message.lastEventId) ? Number(message.lastEventId) : Number.NaN;
    if (!Number.isNaN(seq)) {
      // A seq at or below the last one is a repeat of something already handled.
      if (seq <= lastSeq) return;
      lastSeq = seq;
      lastEventId = message.lastEventId;
      options.onLastEventId?.(message.lastEventId);
    }
    // The relay's eventType is the listener's that checked the envelope: the envelope's own may be a provider's filler.
    const { eventType, receivedAt, envelope } = read;
    const key = envelope ? `${eventType}:${envelope.eventId}` : `seq:${message.lastEventId}`;
    if (seen.has(key)) return;
    remember(key);
    options.onEvent({ seq, eventType, receivedAt, envelope, key });
  }

  /**
   * `hello` opens every stream with the relay's current position. Without a position of our own we take it, so that a
   * stream cut before its first event still resumes from here (and nothing posted during the gap is lost). A known
   * position is never replaced: the replays after it follow this hello.
   */
  function onHello(message: MessageEvent<string>): void {
    if (lastEventId !== null) return;
    let id = message.lastEventId;
    try {
      const data = JSON.parse(message.data) as { lastEventId?: unknown };
      if (typeof data.lastEventId === 'string') id = data.lastEventId;
    } catch {
      // The SSE id says the same.
    }
    if (!/^[0-9]{1,15}$/.test(id)) return;
    lastEventId = id;
    lastSeq = Number(id);
    options.onLastEventId?.(id);
  }

  function onReset(message: MessageEvent<string>): void {
    let reason = 'gap';
    try {
      const data = JSON.parse(message.data) as { reason?: unknown };
      if (typeof data.reason === 'string') reason = data.reason;
    } catch {
      // A reset without readable reason is still a reset.
    }
    // A restarted relay counts from 1 again: the next ids must not be taken for repeats.
    lastSeq = 0;
    options.onReset(reason);
  }

  /**
   * Gateway mode: the gateway answers a stream without a live session with 401, which EventSource does not show (an
   * error, like a cut line). The session is asked: ended, the stream stops (the session dialog offers sign-in); else
   * it reconnects as after any cut.
   */
  function refusedOrCut(ended: () => Promise<boolean>): void {
    closeCurrent();
    const mine = generation;
    const decide = (gone: boolean) => {
      if (mine !== generation || !running) return;
      if (!gone) return retryLater();
      running = false;
      options.onState({ status: 'off' });
    };
    ended().then(decide, () => decide(false));
  }

  async function connect(): Promise<void> {
    closeCurrent();
    if (!running) return;
    const mine = generation;
    aborter = new AbortController();
    if (attempt === 0) options.onState({ status: 'connecting' });
    let ticket: string | null = null;
    if (!sessionEnded) {
      try {
        ticket = await buyTicket(options, fetcher, aborter.signal);
      } catch {
        ticket = null;
      }
      if (mine !== generation || !running) return;
      if (ticket === null) {
        retryLater();
        return;
      }
    }
    const url = resolve(`${options.eventsUrl}/events`);
    if (ticket !== null) url.searchParams.set('ticket', ticket);
    if (lastEventId !== null) url.searchParams.set('lastEventId', lastEventId);
    const opened = new Source(url.href);
    source = opened;
    opened.onopen = () => {
      if (mine !== generation) return;
      attempt = 0;
      options.onState({ status: 'live' });
    };
    // EventSource would reconnect by itself with the spent ticket: close it and buy a new one instead.
    opened.onerror = () => {
      if (mine !== generation) return;
      if (sessionEnded) refusedOrCut(sessionEnded);
      else retryLater();
    };
    opened.addEventListener('notification', (message) => deliver(mine, true, () => onNotification(message)));
    opened.addEventListener('hello', (message) => deliver(mine, false, () => onHello(message)));
    opened.addEventListener('reset', (message) => deliver(mine, false, () => onReset(message)));
  }

  return {
    start() {
      if (running) return;
      running = true;
      attempt = 0;
      void connect();
    },
    stop() {
      running = false;
      closeCurrent();
      options.onState({ status: 'off' });
    },
    reconnectNow() {
      if (running) void connect();
    },
  };
}
