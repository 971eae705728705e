/**
 * Starts the global keyboard shortcuts. The bindings (tinykeys, ../model/shortcuts) are not part of the first screen:
 * a tiny listener loads them (`load`) on the first key press that could begin a shortcut and hands them that press and
 * any that follow while they load (decision 0034). Ctrl/Cmd+K is claimed at once, before the browser's own Ctrl+K.
 */
import { useEffect, useRef } from 'react';

export type ShortcutActions = {
  search(): void;
  palette(): void;
  help(): void;
  go(path: string): void;
};

/**
 * The agent whose settings say whether single keys are on (read at each press: Settings may change it), and whether
 * they may write (a viewer's `c` opens no new ticket).
 */
export type ShortcutState = { actions: ShortcutActions; userId: string; canWrite?: boolean };

const isPaletteKey = (event: KeyboardEvent) => (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';

/** Typing into a field starts no shortcut, so it loads nothing (the bindings apply the full rule once loaded). */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type)));

/** Builds the key handler (../model/shortcuts' createShortcutHandler, loaded by the app with the rest of its tools). */
export type LoadShortcuts = () => Promise<(current: () => ShortcutState) => (event: KeyboardEvent) => void>;

export function useShortcuts(actions: ShortcutActions, userId: string, load: LoadShortcuts, canWrite = true): void {
  const current = useRef<ShortcutState>({ actions, userId, canWrite });
  useEffect(() => {
    current.current = { actions, userId, canWrite };
  });

  useEffect(() => {
    let handler: ((event: KeyboardEvent) => void) | undefined;
    let queue: KeyboardEvent[] | undefined;
    const onKey = (event: KeyboardEvent) => {
      if (handler) return handler(event);
      const palette = isPaletteKey(event);
      // Only a printable key without Ctrl, Alt or Meta outside a field (or the palette's key) can begin a shortcut.
      if (!palette && (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1 || typing(event.target))) return;
      if (palette) event.preventDefault();
      if (queue) return void queue.push(event);
      queue = [event];
      void load().then((createShortcutHandler) => {
        handler = createShortcutHandler(() => current.current);
        queue?.forEach(handler);
        queue = undefined;
      });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
    // `load` is a module-level function of the app: the listener is set up once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
