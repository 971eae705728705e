/**
 * The one place that touches Web Storage: preferences, drafts and saved views (never tokens), and never a crash when
 * storage is blocked or full.
 */

/** Every key of the app's in Web Storage starts so. */
export const prefix = 'trouble-ticket-desk.';

/** Reads a stored preference; null when absent or when storage is unavailable (private mode, blocked cookies). */
export function readPreference(key: string): string | null {
  try {
    return window.localStorage.getItem(prefix + key);
  } catch {
    return null;
  }
}

/**
 * Stores a preference; returns false when storage is unavailable or full: the value then lasts for this page only,
 * and callers that keep an agent's work (drafts) can say so.
 */
export function writePreference(key: string, value: string): boolean {
  try {
    window.localStorage.setItem(prefix + key, value);
    return true;
  } catch {
    return false;
  }
}

/** Removes a stored value; nothing happens when storage is unavailable. */
export function removePreference(key: string): void {
  try {
    window.localStorage.removeItem(prefix + key);
  } catch {
    // Nothing stored that could be removed.
  }
}

/** A key kept apart per signed-in agent, so two agents sharing a browser never see each other's drafts or views. */
export function userKey(userId: string, name: string): string {
  return `user.${encodeURIComponent(userId)}.${name}`;
}

/** Reads stored JSON; null when absent, unreadable or not valid JSON (callers validate the shape with a schema). */
export function readJson(key: string): unknown {
  const raw = readPreference(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** Stores a value as JSON; false when it could not be kept (see writePreference). */
export function writeJson(key: string, value: unknown): boolean {
  return writePreference(key, JSON.stringify(value));
}

/**
 * The names under which the forms keep an agent's unsent work (with userKey). One list, because sign-out reads it to
 * ask before discarding a draft: a form that stored its draft under a name not here would lose it unasked. A form
 * that keeps several drafts stores each as `<name>.<draft id>` (the ticket wizard: one per wizard run); the bare name
 * is where it kept its single draft before (read once more, to move it over).
 */
export const draftNames = { ticket: 'ticket-draft', cancelOrder: 'cancel-draft' } as const;
export type DraftName = (typeof draftNames)[keyof typeof draftNames];

/** The names this agent has stored under `name`: `name` itself and every `name.<id>`, in storage order. */
export function storedNames(userId: string, name: string): string[] {
  const own = prefix + userKey(userId, '');
  const names: string[] = [];
  try {
    const storage = window.localStorage;
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key === null || !key.startsWith(own)) continue;
      const rest = key.slice(own.length);
      if (rest === name || rest.startsWith(`${name}.`)) names.push(rest);
    }
  } catch {
    // Storage unavailable: nothing is kept, so there is nothing to list.
  }
  return names;
}


/**
 * Whether this agent has any draft stored (a look at the keys only, for the first screen): the sealing code is loaded,
 * and the drafts opened, only then. A draft waiting to be sealed has its key stored too (src/lib/sealed-storage.ts).
 */
export function hasStoredDrafts(userId: string): boolean {
  return Object.values(draftNames).some((name) => storedNames(userId, name).length > 0);
}
