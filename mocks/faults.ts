/** Fault injection for the mocked service: outages, refusals, dropped and slow answers at a seeded, repeatable rate. */
import { delay, HttpResponse } from 'msw';
import type { ErrorMessage } from '../src/domain/error';
import { createPrng, type Prng } from './prng';

/**
 * What a client can meet on a bad day. `drop`: the connection fails before the service did anything; `lost`: the
 * service did it (the ticket or cancellation is stored) and then the connection failed, so the client cannot know.
 */
export const faultKinds = ['500', '503', '429', 'drop', 'slow', 'lost'] as const;
export type FaultKind = (typeof faultKinds)[number];

export type FaultConfig = {
  /** Share of the service's operations that get a fault, 0…1. */
  rate: number;
  kinds: readonly FaultKind[];
  /** The same seed, config and sequence of requests give the same faults. */
  seed: number;
  /** How long a `slow` answer waits before the real one. */
  slowMs: number;
  /** `Retry-After` of an injected 429 or 503, in seconds. */
  retryAfterSeconds: number;
};

export type FaultRecord = { at: string; method: string; path: string; kind: FaultKind };

export const defaultFaultConfig: FaultConfig = { rate: 0, kinds: faultKinds, seed: 1, slowMs: 1500, retryAfterSeconds: 1 };

export type FaultInjector = {
  config(): FaultConfig;
  /** Changes the config; a new seed (or any change at all) restarts the PRNG, so a run from here repeats. */
  set(config: Partial<FaultConfig>): FaultConfig;
  /** Every fault injected since the last clear(), oldest first. */
  log(): FaultRecord[];
  clear(): void;
  /** Answers one operation: a fault, or `resolve()` (the real operation), or both for `slow` and `lost`. */
  run(request: Request, resolve: () => Promise<Response>): Promise<Response>;
  /** Called after every change of config (the demo's marker listens). */
  subscribe(listener: (config: FaultConfig) => void): () => void;
};

/** Throws a sentence naming what is wrong, so a bad env variable or `set()` call stops at once. */
export function checkFaultConfig(config: FaultConfig): FaultConfig {
  if (!Number.isFinite(config.rate) || config.rate < 0 || config.rate > 1) throw new Error(`The fault rate must be from 0 to 1, not ${config.rate}.`);
  const unknown = config.kinds.filter((kind) => !(faultKinds as readonly string[]).includes(kind));
  if (unknown.length > 0) throw new Error(`Unknown fault kinds: ${unknown.join(', ')} (known: ${faultKinds.join(', ')}).`);
  if (!Number.isInteger(config.seed)) throw new Error(`The fault seed must be a whole number, not ${config.seed}.`);
  if (!Number.isFinite(config.slowMs) || config.slowMs < 0) throw new Error(`slowMs must be 0 or more, not ${config.slowMs}.`);
  if (!Number.isInteger(config.retryAfterSeconds) || config.retryAfterSeconds < 0) {
    throw new Error(`retryAfterSeconds must be a whole number of 0 or more, not ${config.retryAfterSeconds}.`);
  }
  return config;
}

/** Only a create can be "created, then lost"; a read that is lost is just a dropped connection. */
function applicable(kinds: readonly FaultKind[], method: string): readonly FaultKind[] {
  return method === 'POST' ? kinds : kinds.filter((kind) => kind !== 'lost');
}

const faultStatus = {
  500: { reason: 'Internal Server Error', code: 'internalError' },
  503: { reason: 'Service Unavailable', code: 'serviceUnavailable' },
  429: { reason: 'Too Many Requests', code: 'tooManyRequests' },
} as const;

function faultResponse(status: keyof typeof faultStatus, retryAfterSeconds: number): Response {
  const { reason, code } = faultStatus[status];
  const body: ErrorMessage = { '@type': 'Error', code, reason, status: String(status), message: `Injected fault (${status}) of the mocked service` };
  const headers: Record<string, string> = status === 500 ? {} : { 'Retry-After': String(retryAfterSeconds) };
  return HttpResponse.json(body, { status, headers });
}

/**
 * The operation a request is for: method and resource, an id replaced by `{id}` ("POST troubleTicket",
 * "GET troubleTicket/{id}"). Each operation draws from its own stream.
 */
export function operationKey(method: string, pathname: string): string {
  const match = /\/(troubleTicket|cancelProductOrder)(\/[^/]+)?\/?$/.exec(pathname);
  return `${method} ${match ? `${match[1]}${match[2] ? '/{id}' : ''}` : pathname}`;
}

/** A stream's seed: the run's seed mixed with the operation's name (FNV-1a), so streams differ but repeat. */
function streamSeed(seed: number, key: string): number {
  let hash = 0x811c9dc5 ^ seed;
  for (let i = 0; i < key.length; i += 1) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

export function createFaultInjector(initial: Partial<FaultConfig> = {}, now: () => Date = () => new Date()): FaultInjector {
  let config = checkFaultConfig({ ...defaultFaultConfig, ...initial });
  /**
   * One PRNG stream per operation: the faults on creates then depend only on the sequence of creates, not on how many
   * reads the app happened to make in between (background refreshes, other screens), so a seed repeats a UI run too.
   */
  let streams = new Map<string, Prng>();
  const records: FaultRecord[] = [];
  const listeners = new Set<(config: FaultConfig) => void>();

  /** Two draws per request whatever the outcome, so one request's kind does not shift the ones after it. */
  function decide(method: string, pathname: string): FaultKind | undefined {
    const key = operationKey(method, pathname);
    let prng = streams.get(key);
    if (!prng) {
      prng = createPrng(streamSeed(config.seed, key));
      streams.set(key, prng);
    }
    const roll = prng.next();
    const pick = prng.next();
    const kinds = applicable(config.kinds, method);
    if (roll >= config.rate || kinds.length === 0) return undefined;
    return kinds[Math.floor(pick * kinds.length)];
  }

  return {
    config: () => config,
    set(next) {
      config = checkFaultConfig({ ...config, ...next });
      streams = new Map();
      for (const listener of listeners) listener(config);
      return config;
    },
    log: () => records.map((record) => ({ ...record })),
    clear() {
      records.length = 0;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async run(request, resolve) {
      const path = new URL(request.url).pathname;
      const kind = decide(request.method, path);
      if (!kind) return resolve();
      records.push({ at: now().toISOString(), method: request.method, path, kind });
      switch (kind) {
        case '500':
        case '503':
        case '429':
          return faultResponse(Number(kind) as keyof typeof faultStatus, config.retryAfterSeconds);
        case 'drop':
          return HttpResponse.error();
        case 'slow':
          await delay(config.slowMs);
          return resolve();
        case 'lost':
          // The operation really happens (stored once); only its answer never arrives.
          await resolve();
          return HttpResponse.error();
      }
    },
  };
}

/** MOCK_FAULT_RATE (0…1), MOCK_FAULT_KINDS (comma list, default all), MOCK_FAULT_SEED (default 1); undefined without a rate. */
export function faultsFromEnvironment(env: NodeJS.ProcessEnv): Partial<FaultConfig> | undefined {
  const rawRate = env.MOCK_FAULT_RATE?.trim();
  if (!rawRate) return undefined;
  const rate = Number(rawRate);
  const kinds = env.MOCK_FAULT_KINDS?.trim() ? (env.MOCK_FAULT_KINDS.split(',').map((k) => k.trim()) as FaultKind[]) : [...faultKinds];
  const seed = env.MOCK_FAULT_SEED?.trim() ? Number(env.MOCK_FAULT_SEED) : defaultFaultConfig.seed;
  if (Number.isNaN(rate)) throw new Error(`MOCK_FAULT_RATE must be a number from 0 to 1, not "${rawRate}".`);
  return checkFaultConfig({ ...defaultFaultConfig, rate, kinds, seed });
}

/**
 * The demo's address: `?faults=20` is 20 % of the service's operations (all kinds), `&faultSeed=7` repeats a run.
 * Anything that is not a percentage from 0 to 100 is ignored (the demo must start whatever someone typed).
 */
export function faultsFromAddress(search: string): Partial<FaultConfig> {
  const params = new URLSearchParams(search);
  const percent = Number(params.get('faults') ?? Number.NaN);
  const seed = Number(params.get('faultSeed') ?? Number.NaN);
  return {
    ...(Number.isFinite(percent) && percent >= 0 && percent <= 100 ? { rate: percent / 100 } : {}),
    ...(Number.isInteger(seed) ? { seed } : {}),
  };
}
