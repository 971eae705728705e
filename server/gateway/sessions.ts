/** The gateway's session store and sign-in transactions: in memory or in Redis, keyed by a hash, encrypted at rest. */
import { createHash, randomBytes } from 'node:crypto';
import { CompactEncrypt, compactDecrypt } from 'jose';
import type { RedisConnection } from '../listener/redis-connection';
import type { GatewayRole } from './session-types';

export type SessionRecord = {
  subject: string;
  name: string;
  roles: GatewayRole[];
  refreshToken?: string;
  idToken: string;
  /** The IdP's session id (`sid` of the ID token), when it sends one: a back-channel logout names it. */
  sid?: string;
  /** Milliseconds since the epoch, all four. */
  createdAt: number;
  lastSeenAt: number;
  absoluteExpiresAt: number;
  idleExpiresAt: number;
};

export type NewSession = Pick<SessionRecord, 'subject' | 'name' | 'roles' | 'refreshToken' | 'idToken' | 'sid'>;

/** What POST /gateway/logout keeps for the redirect to the IdP and the signed-out page: one browser, ten minutes. */
export type SignOutTransaction = { idToken: string; subject: string; sid?: string; signedOutAt: number; providerSession?: 'ended' | 'alive' | 'unknown' };

/** What /gateway/login keeps until /gateway/callback: one use, ten minutes. */
export type LoginTransaction = {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
  /** The signed-out page's silent question to the IdP (prompt=none): the sign-out transaction it answers for. */
  check?: string;
};

export type SessionStore = {
  kind: 'memory' | 'redis';
  /** A new session: `id` goes into the cookie, `key` (its SHA-256) names it everywhere else (store, relay, logs). */
  create(fields: NewSession): Promise<{ id: string; key: string; record: SessionRecord }>;
  /** The live session of a cookie id; reading does not slide the idle end. */
  read(id: string): Promise<SessionRecord | undefined>;
  /** Like read, and slides the idle end (written back at most once every SLIDE_WRITE_MS). */
  touch(id: string): Promise<SessionRecord | undefined>;
  /** Slides the idle end now and stores what a refresh at the IdP brought; undefined if the session is gone. */
  renew(id: string, changes: Partial<Pick<SessionRecord, 'refreshToken' | 'idToken' | 'roles'>>): Promise<SessionRecord | undefined>;
  /** Deletes the session; returns what it was, if it was live. */
  remove(id: string): Promise<SessionRecord | undefined>;
  keyOf(id: string): string;
  saveLogin(transaction: LoginTransaction): Promise<string>;
  /** The transaction of a login cookie, once: a second call gets undefined. */
  takeLogin(id: string): Promise<LoginTransaction | undefined>;
  /**
   * Ends every session the IdP's back-channel logout names: by its `sid`, or every session of `subject` (on every
   * instance: the index lives beside the sessions). The store keys of the sessions that were live.
   */
  removeMatching(match: { sid?: string; subject?: string }): Promise<string[]>;
  /** True the first time `id` is seen within `ttlMs` (a logout token's `jti`): shared by every instance. */
  firstUse(id: string, ttlMs: number): Promise<boolean>;
  saveSignOut(transaction: SignOutTransaction): Promise<string>;
  readSignOut(id: string): Promise<SignOutTransaction | undefined>;
  /** Writes back a sign-out transaction (the provider's answer); nothing if it is gone. */
  updateSignOut(id: string, transaction: SignOutTransaction): Promise<void>;
  ready(): Promise<boolean>;
  /** Sessions held now, on every instance (the store is shared with Redis). */
  count(): Promise<number>;
  /**
   * Holds one session's refresh for every instance (at most REFRESH_LOCK_MS); the release, or undefined while another
   * holds it. An IdP that rotates refresh tokens takes a second use of one as theft and ends the whole grant.
   */
  lockRefresh(id: string): Promise<(() => Promise<void>) | undefined>;
};

export type SessionStoreOptions = {
  /** GATEWAY_SESSION_SECRET: its SHA-256 is the AES-256-GCM key of every record. */
  secret: string;
  idleSeconds: number;
  absoluteSeconds: number;
  now?: () => number;
  /** With Redis: the records live there, shared by every instance. */
  redis?: { connection: RedisConnection; keyPrefix: string };
  /** In memory: the most sessions (and, apart, login transactions) held; the oldest goes first. */
  maxEntries?: number;
};

/** An API call slides the idle end; writing it back on every call would be a Redis write per request. */
export const SLIDE_WRITE_MS = 30_000;
export const LOGIN_TRANSACTION_MS = 10 * 60 * 1000;
/** Longer than a refresh at the IdP may take (openid-client's timeout, 10 s). */
export const REFRESH_LOCK_MS = 15_000;

/** The storage underneath: strings with a time to live. */
type Kv = {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number, onlyIfPresent?: boolean): Promise<void>;
  take(key: string): Promise<string | undefined>;
  del(key: string): Promise<void>;
  /** SET NX: false if the key is live already. */
  claim(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Deletes the key only while it holds `value`. */
  release(key: string, value: string): Promise<void>;
  ready(): Promise<boolean>;
  /**
   * Like set, and keeps `member` in the index `index` (a sorted set by expiry) as long as the key lives: what counts
   * the sessions without SCAN (docs/gateway.md). False when `onlyIfPresent` and the key was gone.
   */
  setIndexed(key: string, value: string, ttlMs: number, onlyIfPresent: boolean, index: string, member: string): Promise<boolean>;
  /** Deletes the key and takes `member` out of `index`. */
  delIndexed(key: string, index: string, member: string): Promise<void>;
  /** Members of `index` whose key still lives (the sessions gauge of /metrics, read at each scrape). */
  countIndexed(index: string): Promise<number>;
  /** A set of members that lives at least `ttlMs` from now (an index of sessions). */
  addMember(key: string, member: string, ttlMs: number): Promise<void>;
  members(key: string): Promise<string[]>;
  removeMember(key: string, member: string): Promise<void>;
};

function memoryKv(now: () => number, maxEntries: number): Kv {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  const sets = new Map<string, { members: Set<string>; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) entries.delete(key);
    return entry && entry.expiresAt > now() ? entry : undefined;
  };
  return {
    get: async (key) => live(key)?.value,
    async set(key, value, ttlMs, onlyIfPresent) {
      if (onlyIfPresent && !live(key)) return;
      entries.delete(key);
      if (entries.size >= maxEntries) {
        for (const [k, entry] of entries) if (entry.expiresAt <= now()) entries.delete(k);
      }
      // Map keeps insertion order: the first key is the oldest.
      while (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, expiresAt: now() + ttlMs });
    },
    async take(key) {
      const value = live(key)?.value;
      entries.delete(key);
      return value;
    },
    del: async (key) => void entries.delete(key),
    // In memory the entries are the index: one map per process, counted by walking it.
    async setIndexed(key, value, ttlMs, onlyIfPresent) {
      if (onlyIfPresent && !live(key)) return false;
      await this.set(key, value, ttlMs);
      return true;
    },
    delIndexed: async (key) => void entries.delete(key),
    countIndexed: async (index) => [...entries.keys()].filter((key) => key.startsWith(index) && live(key)).length,
    async claim(key, value, ttlMs) {
      if (live(key)) return false;
      entries.set(key, { value, expiresAt: now() + ttlMs });
      return true;
    },
    release: async (key, value) => void (live(key)?.value === value && entries.delete(key)),
    ready: async () => true,
    async addMember(key, member, ttlMs) {
      const t = now();
      let set = sets.get(key);
      if (!set || set.expiresAt <= t) {
        // Bounded like the entries: expired sets go first, then the oldest.
        if (sets.size >= maxEntries) for (const [k, old] of sets) if (old.expiresAt <= t) sets.delete(k);
        while (sets.size >= maxEntries) sets.delete(sets.keys().next().value as string);
        set = { members: new Set(), expiresAt: 0 };
        sets.set(key, set);
      }
      set.members.add(member);
      set.expiresAt = Math.max(set.expiresAt, t + ttlMs);
    },
    async members(key) {
      const set = sets.get(key);
      if (set && set.expiresAt <= now()) sets.delete(key);
      return set && set.expiresAt > now() ? [...set.members] : [];
    },
    async removeMember(key, member) {
      const set = sets.get(key);
      set?.members.delete(member);
      if (set?.members.size === 0) sets.delete(key);
    },
  };
}

function redisKv(redis: RedisConnection): Kv {
  return {
    get: async (key) => (await redis.command<string | null>(['GET', key])) ?? undefined,
    async set(key, value, ttlMs, onlyIfPresent) {
      // XX: a slide that races a sign-out must not bring the session back.
      await redis.command(['SET', key, value, 'PX', String(Math.max(1, Math.ceil(ttlMs))), ...(onlyIfPresent ? ['XX'] : [])]);
    },
    take: async (key) => (await redis.command<string | null>(['GETDEL', key])) ?? undefined,
    del: async (key) => void (await redis.command(['DEL', key])),
    claim: async (key, value, ttlMs) => (await redis.command<string | null>(['SET', key, value, 'PX', String(ttlMs), 'NX'])) === 'OK',
    release: async (key, value) => void (await redis.evaluate(RELEASE_IF_SAME, [key], [value])),
    async ready() {
      try {
        return (await redis.command<string>(['PING'])) === 'PONG';
      } catch {
        return false;
      }
    },
    async setIndexed(key, value, ttlMs, onlyIfPresent, index, member) {
      const ttl = String(Math.max(1, Math.ceil(ttlMs)));
      return (await redis.evaluate<number>(SET_INDEXED, [key, index], [value, ttl, onlyIfPresent ? '1' : '0', member])) === 1;
    },
    delIndexed: async (key, index, member) => void (await redis.evaluate(DEL_INDEXED, [key, index], [member])),
    countIndexed: async (index) => redis.evaluate<number>(COUNT_INDEXED, [index], []),
    async addMember(key, member, ttlMs) {
      // The set lives as long as its longest-lived session: PEXPIRE GT never shortens it.
      await redis.evaluate(ADD_MEMBER, [key], [member, String(Math.max(1, Math.ceil(ttlMs)))]);
    },
    members: async (key) => (await redis.command<string[] | null>(['SMEMBERS', key])) ?? [],
    removeMember: async (key, member) => void (await redis.command(['SREM', key, member])),
  };
}

const ADD_MEMBER = "redis.call('SADD', KEYS[1], ARGV[1]) if redis.call('PEXPIRE', KEYS[1], ARGV[2], 'GT') == 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2], 'NX') end return 1"

/**
 * The sessions' index: one sorted set of session hashes scored by when each expires (Redis's clock), written in the
 * same script as the session, so the two never disagree; trimmed of the expired at every write and count. It holds one
 * member (~100 B) per live session, and counting is ZCARD, whatever else the Redis holds (no SCAN).
 * KEYS: the session, the index. ARGV: value, ttl ms, only if present ('1'), member. Returns 1 when written.
 */
const SET_INDEXED = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if ARGV[3] == '1' then
  if not redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'XX') then return 0 end
else
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
end
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[2]), ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
return 1
`;
const DEL_INDEXED = "redis.call('DEL', KEYS[1]) redis.call('ZREM', KEYS[2], ARGV[1]) return 1";
const COUNT_INDEXED = `
local t = redis.call('TIME')
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000))
return redis.call('ZCARD', KEYS[1])
`;

const RELEASE_IF_SAME = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
const randomId = () => randomBytes(32).toString('base64url');
/** A cookie id is 32 random bytes in base64url: anything else is not looked up at all. */
const ID = /^[A-Za-z0-9_-]{43}$/;

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const now = options.now ?? Date.now;
  // Imported once: jose would import raw key bytes again on every seal and open (a tenth of a request's time).
  const key = globalThis.crypto.subtle.importKey('raw', createHash('sha256').update(options.secret).digest(), 'AES-GCM', false, ['encrypt', 'decrypt']);
  const kv = options.redis ? redisKv(options.redis.connection) : memoryKv(now, options.maxEntries ?? 100_000);
  // Anyone can start a sign-in: in memory, the transactions of the last 10,000 are kept.
  const logins = options.redis ? kv : memoryKv(now, Math.min(options.maxEntries ?? 10_000, 10_000));
  const prefix = options.redis ? `${options.redis.keyPrefix}:gateway` : 'gateway';
  const sessionKey = (hash: string) => `${prefix}:session:${hash}`;
  // Redis: the sorted set that counts the sessions; in memory, the prefix the session entries share.
  const sessionIndex = options.redis ? `${prefix}:sessions` : sessionKey('');
  const hashOf = (storageKey: string) => storageKey.slice(sessionKey('').length);
  const loginKey = (hash: string) => `${prefix}:login:${hash}`;
  const signOutKey = (hash: string) => `${prefix}:signed-out:${hash}`;
  // The back-channel logout's indexes: the store keys of the sessions of one IdP session (sid) or one account (sub).
  const bySid = (sid: string) => `${prefix}:by-sid:${sha256(sid)}`;
  const bySubject = (subject: string) => `${prefix}:by-sub:${sha256(subject)}`;

  // The storage key goes inside the ciphertext: a record copied under another key does not decrypt as valid there.
  async function seal(storageKey: string, value: unknown): Promise<string> {
    const plaintext = new TextEncoder().encode(JSON.stringify({ k: storageKey, v: value }));
    return new CompactEncrypt(plaintext).setProtectedHeader({ alg: 'dir', enc: 'A256GCM' }).encrypt(await key);
  }
  async function open<T>(storageKey: string, sealed: string | undefined): Promise<T | undefined> {
    if (sealed === undefined) return undefined;
    try {
      const { plaintext } = await compactDecrypt(sealed, await key, { keyManagementAlgorithms: ['dir'], contentEncryptionAlgorithms: ['A256GCM'] });
      const { k, v } = JSON.parse(new TextDecoder().decode(plaintext)) as { k: string; v: T };
      return k === storageKey ? v : undefined;
    } catch {
      // Another secret (rotated) or a damaged record: as good as no session.
      return undefined;
    }
  }

  const ttlOf = (record: SessionRecord) => Math.min(record.idleExpiresAt, record.absoluteExpiresAt) - now();
  const write = async (storageKey: string, record: SessionRecord, onlyIfPresent: boolean) =>
    kv.setIndexed(storageKey, await seal(storageKey, record), ttlOf(record), onlyIfPresent, sessionIndex, hashOf(storageKey));
  const forget = (storageKey: string) => kv.delIndexed(storageKey, sessionIndex, hashOf(storageKey));

  async function live(id: string): Promise<{ storageKey: string; record: SessionRecord } | undefined> {
    if (!ID.test(id)) return undefined;
    const storageKey = sessionKey(sha256(id));
    const record = await open<SessionRecord>(storageKey, await kv.get(storageKey));
    if (!record || ttlOf(record) <= 0) return undefined;
    return { storageKey, record };
  }

  const slid = (record: SessionRecord, t: number): SessionRecord => ({
    ...record,
    lastSeenAt: t,
    idleExpiresAt: Math.min(t + options.idleSeconds * 1000, record.absoluteExpiresAt),
  });

  return {
    kind: options.redis ? 'redis' : 'memory',
    async create(fields) {
      const id = randomId();
      const t = now();
      const record: SessionRecord = {
        ...fields,
        createdAt: t,
        lastSeenAt: t,
        absoluteExpiresAt: t + options.absoluteSeconds * 1000,
        idleExpiresAt: t + options.idleSeconds * 1000,
      };
      const hash = sha256(id);
      await write(sessionKey(hash), record, false);
      // Kept as long as the session can live (its absolute end), so the index never outlives what it points to by more.
      const lifetime = options.absoluteSeconds * 1000;
      await kv.addMember(bySubject(record.subject), hash, lifetime);
      if (record.sid) await kv.addMember(bySid(record.sid), hash, lifetime);
      return { id, key: hash, record };
    },
    read: async (id) => (await live(id))?.record,
    async touch(id) {
      const found = await live(id);
      if (!found) return undefined;
      const t = now();
      if (t - found.record.lastSeenAt < SLIDE_WRITE_MS) return found.record;
      const record = slid(found.record, t);
      await write(found.storageKey, record, true);
      return record;
    },
    async renew(id, changes) {
      const found = await live(id);
      if (!found) return undefined;
      const record = { ...slid(found.record, now()), ...changes };
      await write(found.storageKey, record, true);
      return (await live(id))?.record;
    },
    async remove(id) {
      const found = await live(id);
      if (ID.test(id)) await forget(sessionKey(sha256(id)));
      return found?.record;
    },
    keyOf: (id) => sha256(id),
    async removeMatching(match) {
      const indexes = [...(match.sid ? [bySid(match.sid)] : []), ...(match.subject && !match.sid ? [bySubject(match.subject)] : [])];
      const ended: string[] = [];
      for (const index of indexes) {
        for (const hash of await kv.members(index)) {
          const storageKey = sessionKey(hash);
          const record = await open<SessionRecord>(storageKey, await kv.get(storageKey));
          // Both named: the session must match both (a logout token's sub and sid belong together).
          const matches = record && (!match.subject || record.subject === match.subject) && (!match.sid || record.sid === match.sid);
          if (matches) {
            await forget(storageKey);
            if (ttlOf(record) > 0) ended.push(hash);
          }
          if (matches || !record) await kv.removeMember(index, hash);
        }
      }
      return ended;
    },
    firstUse: async (id, ttlMs) => kv.claim(`${prefix}:seen:${sha256(id)}`, '1', ttlMs),
    async saveSignOut(transaction) {
      const id = randomId();
      const storageKey = signOutKey(sha256(id));
      await logins.set(storageKey, await seal(storageKey, transaction), LOGIN_TRANSACTION_MS);
      return id;
    },
    async readSignOut(id) {
      if (!ID.test(id)) return undefined;
      const storageKey = signOutKey(sha256(id));
      const found = await open<SignOutTransaction>(storageKey, await logins.get(storageKey));
      return found && found.signedOutAt + LOGIN_TRANSACTION_MS > now() ? found : undefined;
    },
    async updateSignOut(id, transaction) {
      if (!ID.test(id)) return;
      const storageKey = signOutKey(sha256(id));
      const left = transaction.signedOutAt + LOGIN_TRANSACTION_MS - now();
      if (left > 0) await logins.set(storageKey, await seal(storageKey, transaction), left, true);
    },
    async saveLogin(transaction) {
      const id = randomId();
      const storageKey = loginKey(sha256(id));
      const expiresAt = now() + LOGIN_TRANSACTION_MS;
      await logins.set(storageKey, await seal(storageKey, { ...transaction, expiresAt }), LOGIN_TRANSACTION_MS);
      return id;
    },
    async takeLogin(id) {
      if (!ID.test(id)) return undefined;
      const storageKey = loginKey(sha256(id));
      const found = await open<LoginTransaction & { expiresAt: number }>(storageKey, await logins.take(storageKey));
      if (!found || found.expiresAt <= now()) return undefined;
      const { expiresAt: _expiresAt, ...transaction } = found;
      return transaction;
    },
    ready: () => kv.ready(),
    count: () => kv.countIndexed(sessionIndex),
    async lockRefresh(id) {
      const key = `${prefix}:refresh-lock:${sha256(id)}`;
      const holder = randomId();
      return (await kv.claim(key, holder, REFRESH_LOCK_MS)) ? () => kv.release(key, holder) : undefined;
    },
  };
}
