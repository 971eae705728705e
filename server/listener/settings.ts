/** The receiver's settings from the environment, checked: a wrong value stops the start with a sentence. */
import { DEFAULT_RELAY_SCOPE } from '../../src/domain/relay';
import type { AuthOptions } from '../auth';
import { DEFAULT_MAX_STREAMS_PER_AGENT } from './agent-streams';
import { DEFAULT_SUBSCRIBER_MAX_BYTES } from './relay';
import { DEFAULT_TICKETS_PER_TOKEN } from './stream-tickets';
import { isLoopbackHost } from '../loopback';

export type ListenerSettings = {
  port: number;
  host: string;
  /** '' or a path starting with '/' and not ending with one, e.g. '/events-receiver'. */
  basePath: string;
  /** Verify the service's client-credentials tokens on the listener paths; undefined = any bearer token (DEV_AUTH_OFF=1 only). */
  listenerAuth: AuthOptions | undefined;
  /** Verify the agents' access tokens when they ask for a stream ticket; undefined = any bearer token (DEV_AUTH_OFF=1 only). */
  relayAuth: AuthOptions | undefined;
  allowedOrigins: string[];
  bufferSize: number;
  testHooks: boolean;
  /** REDIS_URL: the log, duplicates and stream tickets live in Redis, shared by every receiver; undefined = in-process. */
  redis: { url: string; keyPrefix: string; dedupeSeconds: number } | undefined;
  subscriberMaxBytes: number;
  ticketsPerToken: number;
  /** RELAY_MAX_STREAMS_PER_AGENT: open streams one agent (subject) may hold at once, across receivers with Redis. */
  maxStreamsPerAgent: number;
  /** METRICS_TOKEN: the bearer token of a scraper on another machine (GET /metrics); none = this machine only. */
  metricsToken: string | undefined;
};

/** What `npm run listener` starts with: the settings, and whether DEV_AUTH_OFF=1 left a path without authentication. */
export type ReceiverSettings = ListenerSettings & { authenticationOff: boolean };

export const DEFAULT_PORT = 4177;
export const DEFAULT_BUFFER_SIZE = 1000;
export const DEFAULT_REDIS_KEY_PREFIX = '{trouble-ticket-desk}';
/** How long Redis remembers a (listener, eventId) pair as received: a provider's retries come within a day. */
/**
 * With Redis: the duplicate window (LISTENER_DEDUPE_SECONDS). One sorted set holds the events of the window, so Redis
 * holds about rate × window entries (20 events/s for an hour: 72,000, ~8 MB), not a key per event for a day.
 */
export const DEFAULT_DEDUPE_SECONDS = 3_600;
/** At most a day: a provider retries within minutes; longer would only grow the set. */
export const MAX_DEDUPE_SECONDS = 86_400;

export const trimmed = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** NODE_ENV=production in any spelling (`Production`, ` PRODUCTION `): what the shipped systemd units set. */
export const isProduction = (env: NodeJS.ProcessEnv) => trimmed(env.NODE_ENV)?.toLowerCase() === 'production';
/** The explicit development marker the development switches need: NODE_ENV exactly `development` or `test`. */
export const isMarkedDevelopment = (env: NodeJS.ProcessEnv) => ['development', 'test'].includes(trimmed(env.NODE_ENV) ?? '');

/** A scraper's secret: long enough not to be guessed, and never repeated in the message. */
function metricsTokenOf(raw: string | undefined): string | undefined {
  const value = trimmed(raw);
  if (value !== undefined && (value.length < 24 || /\s/.test(value))) throw new Error('METRICS_TOKEN must be at least 24 characters without spaces (for example: openssl rand -hex 24).');
  return value;
}

export function wholeNumber(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  const value = trimmed(raw);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${value}".`);
  return n;
}

function authOf(prefix: 'LISTENER' | 'RELAY', env: NodeJS.ProcessEnv): AuthOptions | undefined {
  const issuer = trimmed(env[`${prefix}_ISSUER`]);
  const audience = trimmed(env[`${prefix}_AUDIENCE`]);
  const jwksUri = trimmed(env[`${prefix}_JWKS_URI`]);
  if (!issuer) {
    if (audience || jwksUri) throw new Error(`${prefix}_AUDIENCE and ${prefix}_JWKS_URI need ${prefix}_ISSUER too.`);
    return undefined;
  }
  if (!audience) throw new Error(`${prefix}_ISSUER is set, so ${prefix}_AUDIENCE must be too (the audience its tokens are for).`);
  let urls: URL[];
  try {
    urls = [new URL(issuer), ...(jwksUri ? [new URL(jwksUri)] : [])];
  } catch {
    throw new Error(`${prefix}_ISSUER${jwksUri ? ` and ${prefix}_JWKS_URI` : ''} must be absolute URLs.`);
  }
  // The keys that decide who may post events or open streams come from there: never over plain http off this machine.
  for (const [name, url] of [[`${prefix}_ISSUER`, urls[0]], [`${prefix}_JWKS_URI`, urls[1]]] as const) {
    if (url && url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
      throw new Error(`${name} must be an https:// URL (http:// only on a loopback host such as 127.0.0.1), not "${url.href}".`);
    }
  }
  return { issuer, audience, ...(jwksUri ? { jwksUri } : {}) };
}

/** Stream tickets only for the desk's own client with the relay's scope (decision 0053): any token of the API's audience is not enough. */
function relayPermissionOf(auth: AuthOptions | undefined, env: NodeJS.ProcessEnv): AuthOptions | undefined {
  const clientId = trimmed(env.RELAY_CLIENT_ID);
  const scope = trimmed(env.RELAY_SCOPE) ?? DEFAULT_RELAY_SCOPE;
  if (!/^[\x21\x23-\x5B\x5D-\x7E]+$/.test(scope)) throw new Error(`RELAY_SCOPE must be one scope token (no spaces or quotes), not "${scope}".`);
  if (!auth) {
    if (clientId) throw new Error('RELAY_CLIENT_ID needs RELAY_ISSUER too.');
    return undefined;
  }
  if (!clientId) throw new Error('RELAY_ISSUER is set, so RELAY_CLIENT_ID must be too (the desk\'s client id at that provider, VITE_OIDC_CLIENT_ID).');
  return { ...auth, permission: { clientId, scope } };
}

function originsOf(raw: string | undefined): string[] {
  const origins = (raw ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  for (const origin of origins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    // Exact origins only: a path, a wildcard or a trailing slash would never equal a browser's Origin header.
    if (!parsed || parsed.origin !== origin) {
      throw new Error(`LISTENER_ALLOWED_ORIGINS takes exact origins like https://desk.example.com, comma-separated; "${origin}" is not one.`);
    }
  }
  return origins;
}

function basePathOf(raw: string | undefined): string {
  const value = trimmed(raw);
  if (value === undefined || value === '/') return '';
  if (!/^(\/[A-Za-z0-9._~-]+)+\/?$/.test(value)) {
    throw new Error(`LISTENER_BASE_PATH must be a path like /receiver (letters, digits, . _ ~ -), not "${value}".`);
  }
  return value.replace(/\/$/, '');
}

function redisOf(env: NodeJS.ProcessEnv): ListenerSettings['redis'] {
  const url = trimmed(env.REDIS_URL);
  const keyPrefix = trimmed(env.REDIS_KEY_PREFIX) ?? DEFAULT_REDIS_KEY_PREFIX;
  if (!/^[A-Za-z0-9{}_:.-]{1,64}$/.test(keyPrefix)) throw new Error(`REDIS_KEY_PREFIX must be 1 to 64 letters, digits or { } _ : . -, not "${keyPrefix}".`);
  const dedupeSeconds = wholeNumber('LISTENER_DEDUPE_SECONDS', env.LISTENER_DEDUPE_SECONDS, DEFAULT_DEDUPE_SECONDS, 60, MAX_DEDUPE_SECONDS);
  if (url === undefined) return undefined;
  let protocol = '';
  try {
    protocol = new URL(url).protocol;
  } catch {
    protocol = '';
  }
  // The URL may hold a password: it is never repeated in the message.
  if (protocol !== 'redis:' && protocol !== 'rediss:') throw new Error('REDIS_URL must be a redis:// or rediss:// URL, like redis://127.0.0.1:6379/0.');
  return { url, keyPrefix, dedupeSeconds };
}

/** Each variable checked on its own; whether an issuer is required is receiverSettingsFromEnvironment's (or the gateway's) to say. */
export function settingsFromEnvironment(env: NodeJS.ProcessEnv): ListenerSettings {
  const hooks = trimmed(env.LISTENER_TEST_HOOKS);
  if (hooks !== undefined && hooks !== '0' && hooks !== '1') throw new Error(`LISTENER_TEST_HOOKS must be 1 or 0, not "${hooks}".`);
  // The hooks end every stream and skip the Origin check: for tests only.
  if (hooks === '1' && isProduction(env)) throw new Error('LISTENER_TEST_HOOKS=1 is refused under NODE_ENV=production: the test hooks are for tests only.');
  return {
    port: wholeNumber('LISTENER_PORT', env.LISTENER_PORT, DEFAULT_PORT, 0, 65535),
    host: trimmed(env.LISTENER_HOST) ?? '127.0.0.1',
    basePath: basePathOf(env.LISTENER_BASE_PATH),
    listenerAuth: authOf('LISTENER', env),
    relayAuth: relayPermissionOf(authOf('RELAY', env), env),
    allowedOrigins: originsOf(env.LISTENER_ALLOWED_ORIGINS),
    bufferSize: wholeNumber('LISTENER_BUFFER_SIZE', env.LISTENER_BUFFER_SIZE, DEFAULT_BUFFER_SIZE, 1, 1_000_000),
    testHooks: hooks === '1',
    redis: redisOf(env),
    subscriberMaxBytes: wholeNumber('LISTENER_SUBSCRIBER_MAX_BYTES', env.LISTENER_SUBSCRIBER_MAX_BYTES, DEFAULT_SUBSCRIBER_MAX_BYTES, 65_536, 1_073_741_824),
    ticketsPerToken: wholeNumber('LISTENER_TICKETS_PER_TOKEN', env.LISTENER_TICKETS_PER_TOKEN, DEFAULT_TICKETS_PER_TOKEN, 1, 1000),
    maxStreamsPerAgent: wholeNumber('RELAY_MAX_STREAMS_PER_AGENT', env.RELAY_MAX_STREAMS_PER_AGENT, DEFAULT_MAX_STREAMS_PER_AGENT, 1, 100),
    metricsToken: metricsTokenOf(env.METRICS_TOKEN),
  };
}

/** Where a server may listen with authentication off: this machine only (an IP literal or localhost, as LISTENER_HOST takes it). */
/**
 * DEV_AUTH_OFF=1, the development switch: without it every issuer named must be set; with it the unset ones are allowed,
 * only with the explicit development marker (NODE_ENV=development or test) and never on a host other machines reach.
 * True when a path is left unauthenticated.
 */
export function authenticationOffOf(
  env: NodeJS.ProcessEnv,
  listen: { variable: string; host: string },
  issuers: ReadonlyArray<readonly [name: 'LISTENER_ISSUER' | 'RELAY_ISSUER', auth: AuthOptions | undefined]>,
): boolean {
  const raw = trimmed(env.DEV_AUTH_OFF);
  if (raw !== undefined && raw !== '0' && raw !== '1') throw new Error(`DEV_AUTH_OFF must be 1 or 0, not "${raw}".`);
  const missing = issuers.filter(([, auth]) => auth === undefined).map(([name]) => name);
  const wanted = issuers.map(([name]) => name).join(' and ');
  if (raw !== '1') {
    if (missing.length === 0) return false;
    const audiences = missing.map((name) => name.replace('_ISSUER', '_AUDIENCE')).join(' and ');
    throw new Error(`${missing.join(' and ')} must be set (with ${audiences}) so that tokens are verified; only for development on this machine, set DEV_AUTH_OFF=1 instead.`);
  }
  if (isProduction(env)) throw new Error(`DEV_AUTH_OFF=1 is refused under NODE_ENV=production: set ${wanted} instead.`);
  if (!isMarkedDevelopment(env)) {
    throw new Error(`DEV_AUTH_OFF=1 needs NODE_ENV=development (or test), not ${trimmed(env.NODE_ENV) === undefined ? 'an unset NODE_ENV' : `"${trimmed(env.NODE_ENV)}"`}: or set ${wanted} instead.`);
  }
  if (!isLoopbackHost(listen.host)) {
    throw new Error(`DEV_AUTH_OFF=1 is refused with ${listen.variable}=${listen.host}: authentication may be off only on a loopback host such as 127.0.0.1.`);
  }
  return missing.length > 0;
}

/** The receiver's settings with its issuers required (or DEV_AUTH_OFF=1 where that is allowed): what server/listener/main.ts starts with. */
export function receiverSettingsFromEnvironment(env: NodeJS.ProcessEnv): ReceiverSettings {
  const settings = settingsFromEnvironment(env);
  const issuers = [['LISTENER_ISSUER', settings.listenerAuth], ['RELAY_ISSUER', settings.relayAuth]] as const;
  return { ...settings, authenticationOff: authenticationOffOf(env, { variable: 'LISTENER_HOST', host: settings.host }, issuers) };
}
