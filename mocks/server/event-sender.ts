/**
 * The mocked provider's outgoing events (issue 39): what a real TMF621 provider does with its notifications. Each
 * event is POSTed to the desk's listener, `<listener base>/listener/<eventName>`, with a client-credentials token of
 * the provider's own client for the receiver's audience. At least once: connection errors, 5xx and 429 are tried again
 * with the app's one backoff (honouring `Retry-After`), up to a bound, then given up and logged. The API never waits
 * for it: events go into a bounded queue and are delivered in order, one at a time, beside the operations.
 */
import { listeners } from '../../src/domain/event';
import { backoff } from '../../src/lib/backoff';

/** The provider's client at the token provider (RFC 6749 4.4, client_secret_basic), for `resource` (RFC 8707). */
export type ClientCredentials = { tokenUrl: string; clientId: string; clientSecret: string; resource: string };

export type EventSenderOptions = {
  /** The receiver's base URL: events go to `<base>/listener/<eventName>` (decisions.md "Addresses"). */
  listenerBase: string;
  /** Without them every POST carries `Bearer mock-provider` (a receiver with DEV_AUTH_OFF=1 takes any token). */
  credentials?: ClientCredentials;
  /** Tries per event, the first included (default 8). */
  maxAttempts?: number;
  /** The first wait before a retry (default 500 ms), doubling up to `maxDelayMs` (default 30 s). */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** A `Retry-After` longer than this is cut to it (default 120 s): a listener cannot park the queue for an hour. */
  maxRetryAfterSeconds?: number;
  /** Events waiting at most (default 1000); one more is dropped and logged. */
  queueLimit?: number;
  /** One POST (or token request) waits this long for an answer (default 10 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  log?: (line: string) => void;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

/** One event to send: its name (`TroubleTicketStatusChangeEvent`) and its envelope. */
export type OutgoingEvent = { eventType: string; envelope: Record<string, unknown> };

export type SenderStats = { queued: number; delivered: number; attempts: number; gaveUp: number; dropped: number };

const DEV_TOKEN = 'mock-provider';
const TOKEN_EARLY_MS = 30_000;

const pathOf = (eventType: string) => listeners.find((listener) => listener.eventType === eventType);

/** `Retry-After` in seconds (a number or an HTTP date); 0 when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number {
  if (!value) return 0;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

export function createEventSender(options: EventSenderOptions) {
  const {
    listenerBase,
    credentials,
    maxAttempts = 8,
    firstDelayMs = 500,
    maxDelayMs = 30_000,
    maxRetryAfterSeconds = 120,
    queueLimit = 1000,
    timeoutMs = 10_000,
    fetch: fetchImpl = globalThis.fetch,
    log = (line: string) => console.log(line),
    random = Math.random,
    sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  } = options;
  const base = listenerBase.replace(/\/+$/, '');
  const wait = backoff(firstDelayMs, maxDelayMs, true);
  const queue: OutgoingEvent[] = [];
  const stats: SenderStats = { queued: 0, delivered: 0, attempts: 0, gaveUp: 0, dropped: 0 };
  let running = false;
  let stopped = false;
  let idle: (() => void)[] = [];
  let token: { value: string; renewAt: number } | undefined;

  async function bearer(): Promise<string> {
    if (!credentials) return DEV_TOKEN;
    if (token && Date.now() < token.renewAt) return token.value;
    const response = await fetchImpl(credentials.tokenUrl, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${btoa(`${encodeURIComponent(credentials.clientId)}:${encodeURIComponent(credentials.clientSecret)}`)}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', resource: credentials.resource }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`the token endpoint answered ${response.status}`);
    const body = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string') throw new Error('the token endpoint answered no access_token');
    const lifetimeMs = (typeof body.expires_in === 'number' ? body.expires_in : 300) * 1000;
    token = { value: body.access_token, renewAt: Date.now() + Math.max(0, lifetimeMs - TOKEN_EARLY_MS) };
    return token.value;
  }

  /** One try: `done`, or `retry` after at least `retryAfter` seconds, or `fail` (a 4xx other than 401/408/429). */
  async function attempt(url: string, contentType: string, event: OutgoingEvent): Promise<{ outcome: 'done' | 'retry' | 'fail'; retryAfter: number; why: string }> {
    try {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${await bearer()}`, 'Content-Type': contentType },
        body: JSON.stringify(event.envelope),
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.arrayBuffer().catch(() => undefined);
      const why = `HTTP ${response.status}`;
      if (response.ok) return { outcome: 'done', retryAfter: 0, why };
      if (response.status === 401) token = undefined;
      const again = response.status >= 500 || response.status === 429 || response.status === 408 || response.status === 401;
      return { outcome: again ? 'retry' : 'fail', retryAfter: Math.min(maxRetryAfterSeconds, retryAfterSeconds(response.headers.get('Retry-After'))), why };
    } catch (error) {
      return { outcome: 'retry', retryAfter: 0, why: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
  }

  async function deliver(event: OutgoingEvent): Promise<void> {
    const listener = pathOf(event.eventType);
    const eventId = String(event.envelope.eventId ?? '?');
    if (!listener) {
      stats.gaveUp += 1;
      log(`Provider events: no listener path for ${event.eventType} (event ${eventId}); not sent`);
      return;
    }
    const url = `${base}${listener.path}`;
    for (let tries = 1; ; tries += 1) {
      stats.attempts += 1;
      const { outcome, retryAfter, why } = await attempt(url, listener.contentType, event);
      if (outcome === 'done') {
        stats.delivered += 1;
        return;
      }
      if (outcome === 'fail' || tries >= maxAttempts || stopped) {
        stats.gaveUp += 1;
        log(`Provider events: gave up on ${event.eventType} ${eventId} to ${url} after ${tries} ${tries === 1 ? 'try' : 'tries'} (last: ${why})`);
        return;
      }
      await sleep(wait(tries, random, retryAfter));
    }
  }

  async function run(): Promise<void> {
    running = true;
    while (queue.length > 0 && !stopped) {
      await deliver(queue[0]!);
      queue.shift();
    }
    running = false;
    const waiting = idle;
    idle = [];
    for (const resolve of waiting) resolve();
  }

  return {
    /** Queues the event; false (and a log line) when the queue is full or the sender stopped. Never waits. */
    send(event: OutgoingEvent): boolean {
      if (stopped || queue.length >= queueLimit) {
        stats.dropped += 1;
        log(`Provider events: queue full (${queueLimit}); dropped ${event.eventType} ${String(event.envelope.eventId ?? '?')}`);
        return false;
      }
      queue.push(event);
      stats.queued += 1;
      if (!running) void run();
      return true;
    },
    /** Resolves once nothing waits to be sent (tests). */
    idle(): Promise<void> {
      return running || queue.length > 0 ? new Promise((resolve) => idle.push(resolve)) : Promise.resolve();
    },
    stats: (): SenderStats => ({ ...stats }),
    get pending() {
      return queue.length;
    },
    /** Sends nothing more: the event being tried gets no further retry. */
    stop() {
      stopped = true;
    },
    listenerBase: base,
  };
}

export type EventSender = ReturnType<typeof createEventSender>;

/**
 * MOCK_LISTENER_URL (the receiver's base URL) switches the sender on; MOCK_EVENTS_TOKEN_URL, MOCK_EVENTS_CLIENT_ID,
 * MOCK_EVENTS_CLIENT_SECRET and MOCK_EVENTS_AUDIENCE name the provider's client and the receiver's audience (all four
 * or none). A wrong value stops the start with a sentence.
 */
export function eventSenderFromEnvironment(env: NodeJS.ProcessEnv): Pick<EventSenderOptions, 'listenerBase' | 'credentials'> | undefined {
  const listenerBase = env.MOCK_LISTENER_URL?.trim();
  const names = ['MOCK_EVENTS_TOKEN_URL', 'MOCK_EVENTS_CLIENT_ID', 'MOCK_EVENTS_CLIENT_SECRET', 'MOCK_EVENTS_AUDIENCE'] as const;
  const given = names.map((name) => env[name]?.trim() || undefined);
  if (!listenerBase) {
    if (given.some(Boolean)) throw new Error(`${names.join(', ')} need MOCK_LISTENER_URL (the receiver's base URL) too.`);
    return undefined;
  }
  try {
    const url = new URL(listenerBase);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
  } catch {
    throw new Error(`MOCK_LISTENER_URL must be an http(s) URL like http://127.0.0.1:4180, not "${listenerBase}".`);
  }
  if (given.every((value) => value === undefined)) return { listenerBase };
  const missing = names.filter((_, i) => given[i] === undefined);
  if (missing.length) throw new Error(`${missing.join(', ')} must be set too: the provider's client needs all of ${names.join(', ')}.`);
  const [tokenUrl, clientId, clientSecret, resource] = given as string[];
  return { listenerBase, credentials: { tokenUrl: tokenUrl!, clientId: clientId!, clientSecret: clientSecret!, resource: resource! } };
}
