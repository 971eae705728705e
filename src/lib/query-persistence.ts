/**
 * The persisted query cache: the tickets and cancellations an agent has viewed stay readable offline, kept in
 * IndexedDB (idb-keyval) per agent, for a day, within a size bound, sealed with the agent's key (src/lib/crypto-store,
 * decision 0054: after sign-out it cannot be opened). Only the signed-in agent's cache is kept: starting
 * for one agent deletes every other's; signing out deletes all (docs/decisions/0038). Loaded lazily, after the first
 * screen. It works on the QueryClient's own methods, not on TanStack's persister packages: those import query-core
 * modules the first screen shares, and the bundler then splits that shared chunk (a larger first screen, 0038).
 */
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { clear, createStore, del, get, keys, set, type UseStore } from 'idb-keyval';
import { seal, unseal } from './crypto-store';
import { cancelOrderKeys, ticketKeys } from './query-keys';

/** How long a persisted cache is worth restoring, and how long the queries it restores live unobserved in memory. */
export const PERSIST_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** The bound of one agent's persisted cache, in UTF-16 code units of its JSON (about as many bytes for this data). */
export const PERSIST_MAX_CHARS = 2_000_000;
/** Saves follow changes at most this often (a list page changes its queries many times while it loads). */
export const SAVE_EVERY_MS = 1_000;
/** Another shape of what is kept: an older cache is discarded, not misread (2: counts are `{ value, exact }`, issue 28). */
const VERSION = 2;

type PersistedQuery = { queryKey: QueryKey; data: unknown; dataUpdatedAt: number };
type Persisted = { version: typeof VERSION; savedAt: number; queries: PersistedQuery[] };

const DB_NAME = 'trouble-ticket-desk-query-cache';
let db: UseStore | undefined;
/** Set on sign-out: this page writes no cache any more, not even a save already waiting for its time. */
let closed = false;
const cachesStore = (): UseStore => (db ??= createStore(DB_NAME, 'caches'));

const persistedRoots: readonly string[] = [ticketKeys.all[0], cancelOrderKeys.all[0]];

/** Tickets and cancellations that loaded: what an agent reads offline. Nothing of sign-in or of the outbox. */
export function shouldPersist(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  return query.state.status === 'success' && query.state.data !== undefined && persistedRoots.includes(String(query.queryKey[0]));
}

/**
 * The cache as JSON within `maxChars`: the most recently fetched queries are kept, older ones dropped until it fits,
 * so the stored cache stays bounded however much the agent reads.
 */
export function persistedJson(queryClient: QueryClient, savedAt: number, maxChars = PERSIST_MAX_CHARS): string {
  const queries = queryClient
    .getQueryCache()
    .getAll()
    .filter(shouldPersist)
    .map((query): PersistedQuery => ({ queryKey: query.queryKey, data: query.state.data, dataUpdatedAt: query.state.dataUpdatedAt }))
    .sort((a, b) => b.dataUpdatedAt - a.dataUpdatedAt);
  const kept: string[] = [];
  let size = JSON.stringify({ version: VERSION, savedAt, queries: [] }).length;
  for (const query of queries) {
    const json = JSON.stringify(query);
    if (size + json.length + 1 > maxChars) continue;
    kept.push(json);
    size += json.length + 1;
  }
  return `{"version":${VERSION},"savedAt":${savedAt},"queries":[${kept.join(',')}]}`;
}

/** The stored cache opened: sealed bytes (or a string kept before sealing); undefined when nobody can open it. */
async function openStored(userId: string, stored: unknown): Promise<string | undefined> {
  if (typeof stored === 'string') return stored;
  if (!ArrayBuffer.isView(stored)) return undefined;
  return unseal(userId, new Uint8Array(stored.buffer, stored.byteOffset, stored.byteLength)).catch(() => undefined);
}

function readPersisted(json: unknown): Persisted | undefined {
  if (typeof json !== 'string') return undefined;
  try {
    const value = JSON.parse(json) as Partial<Persisted>;
    return value.version === VERSION && typeof value.savedAt === 'number' && Array.isArray(value.queries) ? (value as Persisted) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Puts persisted queries into the cache, each with the time it was fetched (so it is stale, and refetched as soon as
 * the network allows); a query the cache holds newer data for is left as it is. Returns how many were restored.
 */
export function restoreQueries(queryClient: QueryClient, persisted: Persisted): number {
  let restored = 0;
  for (const { queryKey, data, dataUpdatedAt } of persisted.queries) {
    if (!Array.isArray(queryKey) || !persistedRoots.includes(String(queryKey[0])) || data === undefined) continue;
    if ((queryClient.getQueryState(queryKey)?.dataUpdatedAt ?? 0) >= dataUpdatedAt) continue;
    queryClient.setQueryData(queryKey, data, { updatedAt: dataUpdatedAt });
    restored += 1;
  }
  return restored;
}

export type QueryPersistence = {
  /** Resolves once the agent's persisted queries are in the cache (or there were none). */
  restored: Promise<void>;
  /** Stops saving; nothing is written after this. */
  stop(): void;
};

/**
 * Restores `userId`'s persisted queries into `queryClient` and saves the cache as it changes. Every other agent's
 * cache is deleted first: contacts are personal data, and a browser is shared at a desk.
 */
export function persistQueries(queryClient: QueryClient, userId: string, { now = Date.now, maxChars = PERSIST_MAX_CHARS } = {}): QueryPersistence {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe: (() => void) | undefined;
  const store = cachesStore();
  // Restored queries live unobserved until the agent opens their page: as long as the cache is worth restoring.
  for (const root of persistedRoots) queryClient.setQueryDefaults([root], { gcTime: PERSIST_MAX_AGE_MS });

  const save = () => {
    timer = undefined;
    if (stopped || closed) return;
    void seal(userId, persistedJson(queryClient, now(), maxChars))
      // Signed out while it was being sealed: nothing is written any more.
      .then((sealed) => (stopped || closed ? undefined : set(userId, sealed, store)))
      .catch(() => undefined);
  };

  const restored = (async () => {
    try {
      for (const key of await keys(store)) if (key !== userId) await del(key, store);
      const persisted = readPersisted(await openStored(userId, await get(userId, store)));
      if (persisted && now() - persisted.savedAt <= PERSIST_MAX_AGE_MS && !stopped) restoreQueries(queryClient, persisted);
      else if (!persisted || now() - persisted.savedAt > PERSIST_MAX_AGE_MS) await del(userId, store);
    } catch {
      // IndexedDB blocked or broken: the app works as before, without reading offline.
    }
    if (stopped) return;
    const saveSoon = () => (timer ??= setTimeout(save, SAVE_EVERY_MS));
    unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') saveSoon();
    });
    // What the page loaded before this layer started (it starts after the first screen) is kept too.
    saveSoon();
  })();

  return {
    restored,
    stop() {
      stopped = true;
      clearTimeout(timer);
      unsubscribe?.();
    },
  };
}

/** Deletes every agent's persisted cache (nobody signed in). */
export function clearPersistedQueries(): Promise<void> {
  return clear(cachesStore());
}

/** How long sign-out waits for the deletion: a stuck store must not keep the agent signed in. */
const CLOSE_WAIT_MS = 2_000;

/** Sign-out: every cache deleted (waited for up to 2 s), and nothing written again by this page. */
export function closePersistedQueries(): Promise<void> {
  closed = true;
  return Promise.race([clearPersistedQueries(), new Promise<void>((resolve) => setTimeout(resolve, CLOSE_WAIT_MS))]);
}
