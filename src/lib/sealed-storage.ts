/**
 * Drafts sealed in Web Storage (decision 0054). localStorage holds `sealed1:<saved at, ms>:<AES-GCM ciphertext>` under
 * the draft's key; this page keeps what it wrote or opened in memory, so the forms still read and write their drafts
 * synchronously. Sealing follows each write (the crypto is loaded then, never with the first screen); opening what an
 * earlier page sealed is done once before the screens show (`openSealed`, the sign-in gate waits for it). Drafts not
 * changed for the offline keeping time are removed at start, and sign-out forgets them with the agent's key.
 *
 * Sealing is asynchronous, and a page that is leaving (a reload) may be gone before it finishes: until it has, the
 * tab's sessionStorage holds the value in the clear (the "rescue"), which the tab's next page seals and removes. It
 * dies with the tab, and sign-out removes it (decision 0054).
 */
import { offlineKeepMs } from './config';
import { draftNames, prefix, readPreference, removePreference, storedNames, userKey, writePreference } from './storage';

const SEALED = 'sealed1:';
const RESCUE = 'trouble-ticket-desk.unsealed.';
const loadCrypto = () => import('./crypto-store');

/** What this page wrote or opened, as JSON, by storage key: the drafts' truth while the page lives. */
const plain = new Map<string, string>();
/** The raw value each key should still hold when its sealing finishes; anything else means it changed meanwhile. */
const expected = new Map<string, string>();
/** Sealings under way, for those who must wait for them (sign-out, tests). */
const sealing = new Set<Promise<void>>();
/** Agents signed out in this page: nothing of theirs is kept any more. */
const closed = new Set<string>();

function rescue(key: string, json: string | null): void {
  try {
    if (json === null) window.sessionStorage.removeItem(RESCUE + key);
    else window.sessionStorage.setItem(RESCUE + key, json);
  } catch {
    // No sessionStorage: a page leaving mid-sealing loses its last change, as a blocked storage would anyway.
  }
}

/** What this tab's last page could not seal before it went, per storage key, for this agent. */
function rescued(userId: string): [key: string, json: string][] {
  const own = RESCUE + userKey(userId, '');
  const found: [string, string][] = [];
  try {
    const storage = window.sessionStorage;
    for (let i = 0; i < storage.length; i += 1) {
      const name = storage.key(i);
      const json = name?.startsWith(own) ? storage.getItem(name) : null;
      if (name && json !== null) found.push([name.slice(RESCUE.length), json]);
    }
  } catch {
    // Nothing rescued.
  }
  return found;
}

type Raw = { sealedAt: number; payload: string };

function parseSealed(raw: string | null): Raw | undefined {
  if (raw === null || !raw.startsWith(SEALED)) return undefined;
  const rest = raw.slice(SEALED.length);
  const colon = rest.indexOf(':');
  const sealedAt = Number(rest.slice(0, colon));
  return colon > 0 && Number.isFinite(sealedAt) ? { sealedAt, payload: rest.slice(colon + 1) } : undefined;
}

const parse = (json: string): unknown => {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
};

/** Every draft key of this agent (the ticket wizard's runs, the cancellation, the old single draft). */
function draftKeys(userId: string): string[] {
  return Object.values(draftNames).flatMap((name) => storedNames(userId, name).map((stored) => userKey(userId, stored)));
}

/** The stored value, or null. A draft stored before sealing (plain JSON) is still read, and sealed when opened. */
export function readSealed(key: string): unknown {
  const raw = readPreference(key);
  if (raw === null) {
    // Removed meanwhile (another tab discarded it, or sign-out): what this page remembers is gone too.
    plain.delete(key);
    return null;
  }
  const known = plain.get(key);
  if (known !== undefined && expected.get(key) === raw) return parse(known);
  // Stored by someone else since (another tab of the same run): what this page remembers is out of date.
  plain.delete(key);
  expected.delete(key);
  return raw.startsWith(SEALED) ? null : parse(raw);
}

function sealLater(userId: string, key: string, json: string, probe: string): void {
  const done = loadCrypto()
    .then(({ sealToText }) => sealToText(userId, json))
    .then((sealed) => {
      // Written again, removed, or signed out meanwhile: this sealing is out of date.
      if (expected.get(key) !== probe || readPreference(key) !== probe || closed.has(userId)) return;
      const raw = `${SEALED}${Date.now()}:${sealed}`;
      if (!writePreference(key, raw)) return;
      expected.set(key, raw);
      rescue(key, null);
    })
    .catch(() => undefined)
    .finally(() => sealing.delete(done));
  sealing.add(done);
}

/**
 * Keeps `value` for the agent: at once for this page, sealed in storage a moment later. False when the browser refuses
 * storage (the caller says the draft lasts for this page only). The previous sealed value stays until the new one is
 * sealed, so a page that goes away meanwhile loses at most the last change.
 */
export function writeSealed(userId: string, key: string, value: unknown): boolean {
  if (closed.has(userId)) return true;
  const json = JSON.stringify(value);
  const current = readPreference(key);
  const probe = current !== null && parseSealed(current)?.payload ? current : `${SEALED}${Date.now()}:`;
  if (!writePreference(key, probe)) return false;
  plain.set(key, json);
  expected.set(key, probe);
  rescue(key, json);
  sealLater(userId, key, json, probe);
  return true;
}

export function removeSealed(key: string): void {
  plain.delete(key);
  expected.delete(key);
  removePreference(key);
  rescue(key, null);
}

/** Resolves when every sealing started so far has finished. */
export async function sealed(): Promise<void> {
  while (sealing.size > 0) await Promise.all([...sealing]);
}

/**
 * Opens what earlier pages sealed for this agent, so the forms can read it synchronously. What cannot be opened (its
 * key was deleted at a sign-out, or its sealing never finished) is removed; a draft stored before sealing is sealed now.
 */
export async function openSealed(userId: string): Promise<void> {
  removeExpiredDrafts();
  // The last page of this tab left before sealing its last change: that change is the newest, and is sealed now.
  for (const [key, json] of rescued(userId)) {
    if (plain.has(key) || closed.has(userId)) continue;
    if (readPreference(key) === null || !writeSealed(userId, key, parse(json))) rescue(key, null);
  }
  const toOpen: string[] = [];
  for (const key of draftKeys(userId)) {
    const raw = readPreference(key);
    if (plain.has(key) || raw === null) continue;
    const stored = parseSealed(raw);
    if (stored?.payload) toOpen.push(key);
    else if (stored) removePreference(key);
    else if (parse(raw) !== null) writeSealed(userId, key, parse(raw));
  }
  // Nothing sealed to open: the crypto is not even loaded.
  if (toOpen.length === 0) return;
  const { unsealText, SealedDataUnreadable } = await loadCrypto();
  for (const key of toOpen) {
    const raw = readPreference(key);
    const stored = parseSealed(raw);
    if (!stored) continue;
    try {
      const json = await unsealText(userId, stored.payload);
      if (readPreference(key) === raw) {
        plain.set(key, json);
        expected.set(key, raw!);
      }
    } catch (error) {
      // IndexedDB failing is no reason to delete a draft: it stays for a later page.
      if (!(error instanceof SealedDataUnreadable)) throw error;
      // Sealed under a key that is gone (a sign-out): nobody can read it any more.
      if (readPreference(key) === raw) removePreference(key);
    }
  }
}

/** `user.<agent>.<draft name>` or `user.<agent>.<draft name>.<run id>` (an agent's id may contain dots). */
const draftKeyPattern = new RegExp(`^user\\.(.+)\\.(${Object.values(draftNames).join('|')})(\\.[a-z0-9]+)?$`);
const isDraftKey = (key: string) => draftKeyPattern.test(key);

/** The time a stored draft was last saved: its seal's, or a plain draft's own `savedAt` (none: kept until sealed). */
function savedAtOf(raw: string): number | undefined {
  const stored = parseSealed(raw);
  if (stored) return stored.sealedAt;
  const value = parse(raw) as { savedAt?: unknown } | null;
  return typeof value?.savedAt === 'string' ? Date.parse(value.savedAt) : undefined;
}

/** Every key the app has in localStorage (without its prefix). */
function storedKeys(): string[] {
  try {
    return Object.keys(window.localStorage)
      .filter((key) => key.startsWith(prefix))
      .map((key) => key.slice(prefix.length));
  } catch {
    return [];
  }
}

/** At start: every agent's drafts not saved within the offline keeping time are removed (no crypto needed). */
export function removeExpiredDrafts(now = Date.now()): void {
  for (const key of storedKeys()) {
    if (!isDraftKey(key)) continue;
    const raw = readPreference(key);
    const savedAt = raw === null ? undefined : savedAtOf(raw);
    if (savedAt !== undefined && now - savedAt > offlineKeepMs()) removeSealed(key);
  }
}

/** Sign-out: every draft of the agent removed, and nothing of theirs stored again by this page. */
export function forgetSealed(userId: string): void {
  closed.add(userId);
  for (const key of draftKeys(userId)) removeSealed(key);
  for (const [key] of rescued(userId)) rescue(key, null);
}

/** Loads the crypto and the agent's key ahead of the first save (a form opened), so sealing is quick when it counts. */
export function prepareSealing(userId: string): void {
  if (!closed.has(userId)) void loadCrypto().then(({ prepareKey }) => prepareKey(userId)).catch(() => undefined);
}
