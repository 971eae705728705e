/**
 * The note "a renewal is in flight" in this tab's sessionStorage (beside the tokens, never in localStorage), so the
 * next page load can tell that the page before it was cut off between sending its refresh token and storing the new one.
 */
export interface RenewalMarker {
  /** Notes a renewal of the user with this expiry (seconds since the epoch, as a string). */
  set(value: string): void;
  clear(): void;
  /** What was noted, or null. */
  read(): string | null;
}

const KEY = 'trouble-ticket-desk.auth.renewal-in-flight';

export function browserRenewalMarker(store: Storage | undefined = globalThis.sessionStorage): RenewalMarker {
  return {
    set(value) {
      try {
        store?.setItem(KEY, value);
      } catch {
        // Storage full or refused: without the note a cut renewal only costs a "Sign in again".
      }
    },
    clear() {
      try {
        store?.removeItem(KEY);
      } catch {
        // Nothing could have been noted either.
      }
    },
    read() {
      try {
        return store?.getItem(KEY) ?? null;
      } catch {
        return null;
      }
    },
  };
}

/** In memory, for tests and for places without sessionStorage. */
export function memoryRenewalMarker(): RenewalMarker & { value: string | null } {
  const marker = {
    value: null as string | null,
    set(value: string) {
      marker.value = value;
    },
    clear() {
      marker.value = null;
    },
    read() {
      return marker.value;
    },
  };
  return marker;
}
