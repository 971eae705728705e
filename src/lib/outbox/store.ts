/**
 * The outbox in IndexedDB (idb-keyval, one object store keyed [agent, run id]): every read and write names the agent,
 * so one agent's tickets are never listed for another. Entries are sealed with the agent's key (src/lib/crypto-store)
 * and expire unsent after the offline keeping time (decision 0054). Changes are announced to this tab and to the
 * others (BroadcastChannel), so every header count and outbox page follows.
 */
import { createStore, del, get, promisifyRequest, set, type UseStore } from 'idb-keyval';
import { offlineKeepMs } from '../config';
import { seal, SealedDataUnreadable, unseal } from '../crypto-store';
import { createStore as createObservable } from '../external-store';
import { readEntry } from './read-entry';
import { isPending, type FinishedTicket, type OutboxEntry, type PendingTicket } from './types';

const DB_NAME = 'trouble-ticket-desk-outbox';
const CHANNEL = 'trouble-ticket-desk-outbox';
/** Finished tickets are shown for a day, at most this many. */
export const FINISHED_KEPT = 20;
const FINISHED_FOR_MS = 24 * 60 * 60 * 1000;

let db: UseStore | undefined;
const itemsStore = (): UseStore => (db ??= createStore(DB_NAME, 'items'));

type Listener = (userId: string) => void;
/** The agent whose outbox changed last; every change is told, even of the same agent again. */
const lastChanged = createObservable('');
let channel: BroadcastChannel | null | undefined;

function broadcast(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (typeof event.data === 'string') lastChanged.set(event.data);
    });
  }
  return channel;
}

function changed(userId: string): void {
  lastChanged.set(userId);
  broadcast()?.postMessage(userId);
}

/** Calls `listener` with the agent's id after any change to that agent's outbox, in this tab or another. */
export function subscribeOutbox(listener: Listener): () => void {
  broadcast();
  return lastChanged.subscribe(() => listener(lastChanged.get()));
}

const key = (userId: string, id: string): IDBValidKey => [userId, id];
const agentRange = (userId: string) => IDBKeyRange.bound([userId], [userId, []]);

/** What IndexedDB holds: the entry sealed, and in the clear only what names it and when it was queued (for expiry). */
type SealedEntry = { sealed: 1; userId: string; id: string; queuedAt: string; data: Uint8Array };

/** A ticket not sent within the offline keeping time is deleted unsent: it held an end user's data for too long. */
export const keepMs = offlineKeepMs;
export const isExpired = (entry: Pick<OutboxEntry, 'state' | 'queuedAt'>, now = Date.now()): boolean =>
  entry.state !== 'finished' && now - Date.parse(entry.queuedAt) > keepMs();

const isSealed = (value: unknown): value is SealedEntry =>
  typeof value === 'object' && value !== null && (value as Partial<SealedEntry>).sealed === 1 && (value as Partial<SealedEntry>).data !== undefined;

/** The entry as stored, opened; undefined when it cannot be opened (its key is gone) or is not an entry of this agent. */
async function opened(value: unknown, userId: string): Promise<OutboxEntry | undefined> {
  let entry: unknown = value;
  if (isSealed(value)) {
    try {
      entry = JSON.parse(await unseal(userId, new Uint8Array(value.data))) as unknown;
    } catch (error) {
      // Only what nobody can open is treated as gone; a failing IndexedDB is the caller's to report.
      if (error instanceof SealedDataUnreadable || error instanceof SyntaxError) return undefined;
      throw error;
    }
  }
  // This version as it is, an older one turned into it (./read-entry.ts); anything else is left alone, never sent.
  return readEntry(entry, userId);
}

/** Every entry of this agent that is not expired, oldest first (by when it was queued). */
export async function listOutbox(userId: string): Promise<OutboxEntry[]> {
  const found = await itemsStore()('readonly', (store) => promisifyRequest(store.getAll(agentRange(userId)) as IDBRequest<unknown[]>));
  const now = Date.now();
  const entries = await Promise.all(found.map((value) => opened(value, userId)));
  return entries
    .filter((entry): entry is OutboxEntry => entry !== undefined && !isExpired(entry, now))
    .sort((a, b) => a.queuedAt.localeCompare(b.queuedAt) || a.id.localeCompare(b.id));
}

/** The entry, unless it is gone, unreadable or expired (an expired ticket is never sent). */
export async function getOutboxEntry(userId: string, id: string): Promise<OutboxEntry | undefined> {
  const entry = await opened(await get(key(userId, id), itemsStore()), userId);
  return entry && !isExpired(entry) ? entry : undefined;
}

/** Stores (or replaces) an entry, sealed; rejects when the browser will not keep it (the caller must then not drop the work). */
export async function putOutboxEntry(entry: OutboxEntry): Promise<void> {
  const sealed: SealedEntry = {
    sealed: 1,
    userId: entry.userId,
    id: entry.id,
    queuedAt: entry.queuedAt,
    data: await seal(entry.userId, JSON.stringify(entry)),
  };
  await set(key(entry.userId, entry.id), sealed, itemsStore());
  changed(entry.userId);
}

/**
 * At start: this agent's expired tickets and entries nobody can open any more (their key was deleted) are removed;
 * entries stored before sealing are sealed. Returns how many expired tickets were removed.
 */
export async function tidyOutbox(userId: string): Promise<number> {
  const found = await itemsStore()('readonly', (store) => promisifyRequest(store.getAll(agentRange(userId)) as IDBRequest<unknown[]>));
  const now = Date.now();
  let expired = 0;
  const gone: string[] = [];
  for (const value of found) {
    const entry = await opened(value, userId);
    const id = (value as { id?: unknown }).id;
    if (!entry || isExpired(entry, now)) {
      if (typeof id === 'string') gone.push(id);
      if (entry) expired += 1;
    } else if (!isSealed(value)) {
      await putOutboxEntry(entry);
    }
  }
  if (gone.length > 0) {
    await itemsStore()('readwrite', (store) => {
      for (const id of gone) store.delete(key(userId, id));
      return promisifyRequest(store.transaction);
    });
    changed(userId);
  }
  return expired;
}

/** Sign-out: every entry of this agent deleted. */
export async function forgetOutbox(userId: string): Promise<void> {
  await itemsStore()('readwrite', (store) => {
    store.delete(agentRange(userId));
    return promisifyRequest(store.transaction);
  });
  changed(userId);
}

export async function removeOutboxEntry(userId: string, id: string): Promise<void> {
  await del(key(userId, id), itemsStore());
  changed(userId);
}

/** The tickets still waiting in some way (what the header counts). */
export async function pendingOf(userId: string): Promise<PendingTicket[]> {
  return (await listOutbox(userId)).filter(isPending);
}

/** A pending ticket turned into the record of what became of it: its answers are dropped (personal data). */
export function finish(entry: PendingTicket, result: FinishedTicket['result'], at: Date): FinishedTicket {
  const { version, userId, id, externalId, ticketType, origin, queuedAt } = entry;
  return { version, userId, id, externalId, ticketType, ...(origin ? { origin } : {}), queuedAt, state: 'finished', finishedAt: at.toISOString(), result };
}

/** Finished records older than a day, and beyond the newest FINISHED_KEPT, are removed. */
export async function pruneFinished(userId: string, now: Date): Promise<void> {
  // A bulk batch's records stay for the day however many (its result page reads them); they do not push others out.
  const all = await listOutbox(userId);
  const finished = all
    .filter((entry): entry is FinishedTicket => entry.state === 'finished' && entry.origin?.kind !== 'bulk')
    .sort((a, b) => b.finishedAt.localeCompare(a.finishedAt));
  const bulkOld = all.filter(
    (entry) => entry.state === 'finished' && entry.origin?.kind === 'bulk' && now.getTime() - Date.parse(entry.finishedAt) > FINISHED_FOR_MS,
  );
  const old = [...finished.filter((entry, index) => index >= FINISHED_KEPT || now.getTime() - Date.parse(entry.finishedAt) > FINISHED_FOR_MS), ...bulkOld];
  if (old.length === 0) return;
  await itemsStore()('readwrite', async (store) => {
    for (const entry of old) store.delete(key(userId, entry.id));
    return promisifyRequest(store.transaction);
  });
  changed(userId);
}
