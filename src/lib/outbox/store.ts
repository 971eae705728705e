/**
 * The outbox in IndexedDB (idb-keyval, one object store keyed [agent, run id]): every read and write names the agent,
 * so one agent's tickets are never listed for another. Changes are announced to this tab and to the others
 * (BroadcastChannel), so every header count and outbox page follows.
 */
import { createStore, del, get, promisifyRequest, set, type UseStore } from 'idb-keyval';
import { isPending, outboxVersion, type FinishedTicket, type OutboxEntry, type PendingTicket } from './types';

const DB_NAME = 'trouble-ticket-desk-outbox';
const CHANNEL = 'trouble-ticket-desk-outbox';
/** Finished tickets are shown for a day, at most this many. */
export const FINISHED_KEPT = 20;
const FINISHED_FOR_MS = 24 * 60 * 60 * 1000;

let db: UseStore | undefined;
const itemsStore = (): UseStore => (db ??= createStore(DB_NAME, 'items'));

type Listener = (userId: string) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

function broadcast(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (typeof event.data === 'string') for (const listener of listeners) listener(event.data);
    });
  }
  return channel;
}

function changed(userId: string): void {
  for (const listener of listeners) listener(userId);
  broadcast()?.postMessage(userId);
}

/** Calls `listener` with the agent's id after any change to that agent's outbox, in this tab or another. */
export function subscribeOutbox(listener: Listener): () => void {
  broadcast();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const key = (userId: string, id: string): IDBValidKey => [userId, id];

/** An entry of this version whose key agrees with what it says (anything else is left alone, never sent). */
function readable(value: unknown, userId: string): value is OutboxEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<OutboxEntry>;
  return entry.version === outboxVersion && entry.userId === userId && typeof entry.id === 'string' && typeof entry.state === 'string';
}

/** Every entry of this agent, oldest first (by when it was queued). */
export async function listOutbox(userId: string): Promise<OutboxEntry[]> {
  const range = IDBKeyRange.bound([userId], [userId, []]);
  const found = await itemsStore()('readonly', (store) => promisifyRequest(store.getAll(range) as IDBRequest<unknown[]>));
  return found
    .filter((value): value is OutboxEntry => readable(value, userId))
    .sort((a, b) => a.queuedAt.localeCompare(b.queuedAt) || a.id.localeCompare(b.id));
}

export async function getOutboxEntry(userId: string, id: string): Promise<OutboxEntry | undefined> {
  const value: unknown = await get(key(userId, id), itemsStore());
  return readable(value, userId) ? value : undefined;
}

/** Stores (or replaces) an entry; rejects when the browser will not keep it (the caller must then not drop the work). */
export async function putOutboxEntry(entry: OutboxEntry): Promise<void> {
  await set(key(entry.userId, entry.id), entry, itemsStore());
  changed(entry.userId);
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
  const finished = (await listOutbox(userId))
    .filter((entry): entry is FinishedTicket => entry.state === 'finished')
    .sort((a, b) => b.finishedAt.localeCompare(a.finishedAt));
  const old = finished.filter((entry, index) => index >= FINISHED_KEPT || now.getTime() - Date.parse(entry.finishedAt) > FINISHED_FOR_MS);
  if (old.length === 0) return;
  await itemsStore()('readwrite', async (store) => {
    for (const entry of old) store.delete(key(userId, entry.id));
    return promisifyRequest(store.transaction);
  });
  changed(userId);
}
