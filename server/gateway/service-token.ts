/** The desk's client-credentials token for the provider's API: one fetch for many callers, cached until shortly before it expires. */
import { createHash, createPrivateKey, randomUUID, type KeyObject } from 'node:crypto';
import { CompactEncrypt, compactDecrypt, importJWK, importPKCS8, type JWK } from 'jose';
import * as client from 'openid-client';
import type { Logger } from '../listener/log';
import type { RedisConnection } from '../listener/redis-connection';
import { isLoopbackHost } from '../loopback';

export type ProviderAuth =
  | { method: 'client_secret_basic'; clientSecret: string }
  | { method: 'private_key_jwt'; privateKey: client.PrivateKey };

export type ServiceTokenOptions = {
  /** GATEWAY_PROVIDER_TOKEN_URL: https, or http on a loopback host only. */
  tokenUrl: string;
  /** GATEWAY_PROVIDER_ISSUER; default the token URL's origin (a private_key_jwt assertion's audience). */
  issuer?: string;
  clientId: string;
  auth: ProviderAuth;
  /** Sent as RFC 8707 `resource`. */
  audience?: string;
  scope?: string;
  /** Milliseconds since the epoch; decides when a token is renewed. */
  now?: () => number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /**
   * With Redis every instance shares one token, and one instance at a time fetches it. The token is stored sealed
   * (AES-256-GCM, a key derived from `secret`, GATEWAY_SESSION_SECRET), as the sessions are: Redis alone does not give
   * a token that works at the provider.
   */
  redis?: { connection: RedisConnection; prefix: string; secret: string };
  log?: Logger;
  /** How long one instance may hold the fetch lock, and how often the others look for its token. */
  lockMs?: number;
  pollMs?: number;
};

/** The token endpoint could not be reached, timed out or failed (5xx): the proxy answers 503 with Retry-After. */
export class ServiceTokenUnavailable extends Error {
  readonly retryAfterSeconds = 10;
  constructor(readonly host: string, why: string) {
    super(`The provider's token endpoint at ${host} ${why}`);
    this.name = 'ServiceTokenUnavailable';
  }
}

/** The token endpoint answered, but gave no token (4xx: wrong client id, secret or audience): a setting to fix. */
export class ServiceTokenRefused extends Error {
  constructor(readonly host: string, why: string) {
    super(`The provider's token endpoint at ${host} refused the desk's credentials: ${why}`);
    this.name = 'ServiceTokenRefused';
  }
}

export type ServiceTokens = {
  get(): Promise<string>;
  /** After the API refused `token`: drops it, but not a newer one another caller has fetched meanwhile. */
  invalidate(token: string): Promise<void>;
  /** Counters for metrics: token requests made, and how many of them failed. */
  stats(): { fetches: number; failures: number };
  /** The token endpoint's host, for messages (never the secret). */
  host: string;
};

/** `sealed`: what Redis holds for it (with Redis), so that a refusal drops exactly that one. */
type Cached = { token: string; refreshAt: number; sealed?: string };

// Deletes a key only while it still holds what this caller saw: a lock it owns, or the sealed token it was refused.
const DELETE_IF_SAME = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";


/** Renewed `max(30 s, 10 %)` before it expires, but kept at least half its life; a token without expires_in, 30 s. */
export function cacheSeconds(expiresIn: number | undefined): number {
  if (expiresIn === undefined) return 30;
  return Math.max(expiresIn - Math.max(30, expiresIn * 0.1), expiresIn / 2);
}

export function createServiceTokens(options: ServiceTokenOptions): ServiceTokens {
  const { log = () => {}, now = Date.now, timeoutMs = 10_000, lockMs = 10_000, pollMs = 100 } = options;
  const url = new URL(options.tokenUrl);
  const insecure = url.protocol === 'http:' && isLoopbackHost(url.hostname);
  if (url.protocol !== 'https:' && !insecure) throw new Error(`GATEWAY_PROVIDER_TOKEN_URL must be https (http only on a loopback host), not ${url.protocol}//${url.host}.`);
  const host = url.host;
  const config = new client.Configuration(
    { issuer: options.issuer ?? url.origin, token_endpoint: url.href },
    options.clientId,
    {},
    options.auth.method === 'client_secret_basic' ? client.ClientSecretBasic(options.auth.clientSecret) : client.PrivateKeyJwt(options.auth.privateKey),
  );
  if (insecure) client.allowInsecureRequests(config);
  config.timeout = timeoutMs / 1000;
  // Only one request is under way per instance (see `get`), so one variable says what the last one answered.
  let lastStatus: number | undefined;
  const fetchImpl = options.fetch ?? fetch;
  config[client.customFetch] = async (target, init) => {
    const response = await fetchImpl(target, init as RequestInit);
    lastStatus = response.status;
    return response;
  };
  const parameters: Record<string, string> = {
    ...(options.audience ? { resource: options.audience } : {}),
    ...(options.scope ? { scope: options.scope } : {}),
  };
  const counters = { fetches: 0, failures: 0 };

  async function fetchToken(): Promise<Cached> {
    counters.fetches += 1;
    lastStatus = undefined;
    try {
      const response = await client.clientCredentialsGrant(config, parameters);
      return { token: response.access_token, refreshAt: now() + cacheSeconds(response.expires_in) * 1000 };
    } catch (error) {
      counters.failures += 1;
      const failure = classify(error, lastStatus);
      log({ kind: 'info', message: failure.message });
      throw failure;
    }
  }

  function classify(error: unknown, status: number | undefined): Error {
    if (status === undefined) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || (error.cause instanceof Error && error.cause.name === 'TimeoutError'));
      return new ServiceTokenUnavailable(host, timedOut ? `did not answer within ${timeoutMs / 1000} s` : 'could not be reached');
    }
    if (status >= 500) return new ServiceTokenUnavailable(host, `answered ${status}`);
    // The OAuth error code (invalid_client, invalid_target…) says what to fix; it carries nothing secret.
    const code = error instanceof client.ResponseBodyError ? ` (${error.error})` : '';
    return new ServiceTokenRefused(host, `it answered ${status}${code}`);
  }

  const redis = options.redis;
  const tokenKey = redis ? `${redis.prefix}:gateway:service-token` : '';
  const lockKey = `${tokenKey}:lock`;
  // Its own key, apart from the sessions' (sessions.ts): the same secret, another purpose.
  const sealKey = redis
    ? globalThis.crypto.subtle.importKey('raw', createHash('sha256').update(`service-token:${redis.secret}`).digest(), 'AES-GCM', false, ['encrypt', 'decrypt'])
    : undefined;

  async function seal(value: Omit<Cached, 'sealed'>): Promise<string> {
    const plaintext = new TextEncoder().encode(JSON.stringify({ k: tokenKey, v: value }));
    return new CompactEncrypt(plaintext).setProtectedHeader({ alg: 'dir', enc: 'A256GCM' }).encrypt(await (sealKey as Promise<CryptoKey>));
  }
  async function open(sealed: string): Promise<Cached | undefined> {
    try {
      const { plaintext } = await compactDecrypt(sealed, await (sealKey as Promise<CryptoKey>), { keyManagementAlgorithms: ['dir'], contentEncryptionAlgorithms: ['A256GCM'] });
      const { k, v } = JSON.parse(new TextDecoder().decode(plaintext)) as { k: string; v: Cached };
      return k === tokenKey ? { token: v.token, refreshAt: v.refreshAt, sealed } : undefined;
    } catch {
      // Another secret (rotated, or an old clear-text record): as good as none; a new one is fetched and stored.
      return undefined;
    }
  }

  async function readShared(connection: RedisConnection): Promise<Cached | undefined> {
    const text = await connection.command<string | null>(['GET', tokenKey]);
    if (!text) return undefined;
    const found = await open(text);
    return found && found.refreshAt > now() ? found : undefined;
  }

  async function fetchAndShare(connection: RedisConnection): Promise<Cached> {
    const fetched = await fetchToken();
    const ttl = Math.max(1, Math.floor(fetched.refreshAt - now()));
    const sealed = await seal(fetched);
    await connection.command(['SET', tokenKey, sealed, 'PX', String(ttl)]).catch(() => {});
    return { ...fetched, sealed };
  }

  /** One instance fetches under a lock; the others find its token in Redis, or take over once the lock is gone. */
  async function viaRedis(connection: RedisConnection): Promise<Cached> {
    const deadline = Date.now() + lockMs;
    for (;;) {
      const found = await readShared(connection);
      if (found) return found;
      const lockId = randomUUID();
      if ((await connection.command<string | null>(['SET', lockKey, lockId, 'NX', 'PX', String(lockMs)])) === 'OK') {
        try {
          // Another instance may have stored a token between the read above and taking the lock.
          return (await readShared(connection)) ?? (await fetchAndShare(connection));
        } finally {
          await connection.evaluate(DELETE_IF_SAME, [lockKey], [lockId]).catch(() => {});
        }
      }
      if (Date.now() >= deadline) return fetchAndShare(connection);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  async function acquire(): Promise<Cached> {
    if (!redis) return fetchToken();
    try {
      return await viaRedis(redis.connection);
    } catch (error) {
      if (error instanceof ServiceTokenUnavailable || error instanceof ServiceTokenRefused) throw error;
      // Redis down: this instance fetches a token of its own rather than failing the agent's call.
      log({ kind: 'info', message: `Service token: Redis did not answer (${(error as Error).message}); fetching without it` });
      return fetchToken();
    }
  }

  let cached: Cached | undefined;
  let inflight: Promise<Cached> | undefined;

  return {
    host,
    async get() {
      if (cached && cached.refreshAt > now()) return cached.token;
      inflight ??= acquire()
        .then((fresh) => (cached = fresh))
        .finally(() => {
          inflight = undefined;
        });
      return (await inflight).token;
    },
    async invalidate(token) {
      if (cached?.token !== token) return;
      const { sealed } = cached;
      cached = undefined;
      if (redis && sealed) await redis.connection.evaluate(DELETE_IF_SAME, [tokenKey], [sealed]).catch(() => {});
    },
    stats: () => ({ ...counters }),
  };
}

function signingAlgorithm(key: KeyObject): string {
  const curves: Record<string, string> = { prime256v1: 'ES256', secp384r1: 'ES384', secp521r1: 'ES512' };
  const type = key.asymmetricKeyType;
  const alg = type === 'rsa' ? 'RS256' : type === 'rsa-pss' ? 'PS256' : type === 'ed25519' ? 'EdDSA' : type === 'ec' ? curves[key.asymmetricKeyDetails?.namedCurve ?? ''] : undefined;
  if (!alg) throw new Error('GATEWAY_PROVIDER_PRIVATE_KEY_FILE must hold an RSA, EC (P-256, P-384, P-521) or Ed25519 private key.');
  return alg;
}

/** GATEWAY_PROVIDER_PRIVATE_KEY_FILE's text (PEM PKCS#8 or a private JWK) as the key private_key_jwt signs with. */
export async function providerPrivateKey(text: string): Promise<client.PrivateKey> {
  const trimmed = text.trim();
  try {
    if (trimmed.startsWith('{')) {
      const jwk = JSON.parse(trimmed) as JWK;
      const key = await importJWK(jwk, jwk.alg ?? signingAlgorithm(createPrivateKey({ key: jwk as never, format: 'jwk' })));
      if (key instanceof Uint8Array) throw new Error('a symmetric key');
      return { key, ...(jwk.kid ? { kid: jwk.kid } : {}) };
    }
    return { key: await importPKCS8(trimmed, signingAlgorithm(createPrivateKey(trimmed))) };
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('GATEWAY_')) throw error;
    throw new Error('GATEWAY_PROVIDER_PRIVATE_KEY_FILE must hold a PEM PKCS#8 private key or a private JWK.');
  }
}
