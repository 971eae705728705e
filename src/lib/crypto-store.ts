/**
 * The offline stores' key (drafts, outbox, query cache): a non-extractable AES-GCM key per agent, kept in IndexedDB,
 * created on first use and deleted at sign-out, so what the stores leave behind is ciphertext nobody can open
 * (docs/decisions/0054). Loaded only with the stores that need it, never on the first screen.
 */
import { createStore, del, get, update, type UseStore } from 'idb-keyval';

const DB_NAME = 'trouble-ticket-desk-keys';
const CHANNEL = 'trouble-ticket-desk-keys';
/** AES-GCM's recommended nonce: 96 random bits, new for every message. */
const IV_BYTES = 12;

let db: UseStore | undefined;
const keysStore = (): UseStore => (db ??= createStore(DB_NAME, 'keys'));

/** The keys this page has read, so a draft saved on every change does not open IndexedDB each time. */
const cached = new Map<string, Promise<CryptoKey>>();
/** Agents signed out in this page: a late save (an autosave as the page leaves) must not create a new key for them. */
const closed = new Set<string>();

let channel: BroadcastChannel | null | undefined;
/** A key deleted in one tab (sign-out) is forgotten by every other tab of this browser too. */
function keysChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (typeof event.data === 'string') cached.delete(event.data);
    });
  }
  return channel;
}

/** Sealed data cannot be opened: the key is gone (signed out), or the data was not sealed with it. */
export class SealedDataUnreadable extends Error {
  constructor() {
    super('The offline data cannot be decrypted: its key has been deleted (sign-out) or does not match.');
    this.name = 'SealedDataUnreadable';
  }
}

async function storedKey(userId: string, create: boolean): Promise<CryptoKey | undefined> {
  const stored = await get<CryptoKey>(userId, keysStore());
  if (stored || !create) return stored;
  // Non-extractable: no script, ours or another, can read its bytes out of the browser; it can only be used here.
  const fresh = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  // Two tabs may create one at the same moment: the first stored wins, and both use it.
  let kept: CryptoKey = fresh;
  await update<CryptoKey>(userId, (old) => (kept = old ?? fresh), keysStore());
  return kept;
}

/** The agent's key; created when `create` and there is none yet (sealing), never when only reading. */
async function keyOf(userId: string, create: boolean): Promise<CryptoKey | undefined> {
  keysChannel();
  const known = cached.get(userId);
  if (known) return known;
  const found = storedKey(userId, create);
  const key = await found;
  if (key) cached.set(userId, Promise.resolve(key));
  return key;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Encrypts `text` for `userId`: 12 bytes of nonce, then the ciphertext and tag. The agent is the associated data. */
export async function seal(userId: string, text: string): Promise<Uint8Array> {
  const key = await keyOf(userId, !closed.has(userId));
  if (!key || closed.has(userId)) throw new SealedDataUnreadable();
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(userId) }, key, encoder.encode(text)),
  );
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return out;
}

/** Decrypts what `seal` made for this agent; rejects with SealedDataUnreadable when there is no key or it does not fit. */
export async function unseal(userId: string, data: Uint8Array): Promise<string> {
  const key = await keyOf(userId, false);
  if (!key || data.length <= IV_BYTES) throw new SealedDataUnreadable();
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: data.slice(0, IV_BYTES), additionalData: encoder.encode(userId) },
      key,
      data.slice(IV_BYTES),
    );
    return decoder.decode(plain);
  } catch {
    throw new SealedDataUnreadable();
  }
}

/** Text form of sealed data, for Web Storage (which keeps strings only). */
export async function sealToText(userId: string, text: string): Promise<string> {
  const bytes = await seal(userId, text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function unsealText(userId: string, base64: string): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  } catch {
    return Promise.reject(new SealedDataUnreadable());
  }
  return unseal(userId, bytes);
}

/** Reads (or creates) the agent's key now, so the next seal does not wait for IndexedDB. */
export async function prepareKey(userId: string): Promise<void> {
  if (!closed.has(userId)) await keyOf(userId, true);
}

/** Sign-out: the agent's key is deleted here and forgotten by every tab; whatever it sealed can never be opened again. */
export async function forgetKey(userId: string): Promise<void> {
  closed.add(userId);
  cached.delete(userId);
  await del(userId, keysStore());
  keysChannel()?.postMessage(userId);
}
