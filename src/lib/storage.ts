/** The one place that touches Web Storage: user preferences only (never tokens), and never a crash when storage is blocked. */

const prefix = 'trouble-ticket-desk.';

/** Reads a stored preference; null when absent or when storage is unavailable (private mode, blocked cookies). */
export function readPreference(key: string): string | null {
  try {
    return window.localStorage.getItem(prefix + key);
  } catch {
    return null;
  }
}

/** Stores a preference; silently does nothing when storage is unavailable: the choice then lasts for this page only. */
export function writePreference(key: string, value: string): void {
  try {
    window.localStorage.setItem(prefix + key, value);
  } catch {
    // Storage full or blocked: the app keeps working with the in-memory choice.
  }
}
