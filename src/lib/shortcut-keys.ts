/**
 * The app's keyboard shortcuts in one place (tinykeys syntax, decision 0034): the handlers bind these strings and the
 * cheat sheet shows them, so the two cannot drift apart. Single keys follow GitHub and Gmail (`/`, `c`, `g t`, `j`/`k`, `?`).
 */

/** `[Shift]+` accepts the key with or without Shift: `?` and `/` need Shift on many layouts (German: Shift+ß, Shift+7). */
export const shortcutKeys = {
  search: '[Shift]+/',
  palette: '$mod+k',
  help: '[Shift]+?',
  newTicket: 'c',
  goTickets: 'g t',
  goOverview: 'g o',
  goCancelOrders: 'g c',
  nextRow: 'j',
  previousRow: 'k',
} as const;

export type ShortcutName = keyof typeof shortcutKeys;

/** How each shortcut is written for people (the cheat sheet); Enter opens the focused row, as a link does. */
export const shortcutLabels: Record<ShortcutName | 'openRow', readonly string[]> = {
  search: ['/'],
  palette: ['Ctrl', 'K'],
  help: ['?'],
  newTicket: ['c'],
  goTickets: ['g', 't'],
  goOverview: ['g', 'o'],
  goCancelOrders: ['g', 'c'],
  nextRow: ['j'],
  previousRow: ['k'],
  openRow: ['Enter'],
};

/** On a Mac, Ctrl in a shortcut is Cmd (tinykeys' `$mod`), and its key says ⌘. */
export const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * Where a single-key shortcut must not fire: while typing (text fields, selects, editable content) and inside a dialog
 * (the palette, the cheat sheet, the session dialogs), whose keys belong to the dialog.
 */
export function isTypingOrInDialog(event: KeyboardEvent): boolean {
  const target = event.target;
  if (!(target instanceof Element)) return false;
  if (target.closest('dialog, [role="dialog"]')) return true;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || (target as HTMLElement).isContentEditable;
}
