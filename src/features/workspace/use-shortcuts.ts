/**
 * Starts the global keyboard shortcuts. The bindings (tinykeys, ./shortcuts) are not part of the first screen: a tiny
 * listener loads them on the first key press that could begin a shortcut and hands them that press and any that
 * follow while they load (decision 0034). Ctrl/Cmd+K is claimed at once, before the browser's own Ctrl+K.
 */
import { useEffect, useRef } from 'react';

export type ShortcutActions = {
  search(): void;
  palette(): void;
  help(): void;
  go(path: string): void;
};

export type ShortcutState = { actions: ShortcutActions; singleKeys: boolean };

const isPaletteKey = (event: KeyboardEvent) => (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';

export function useShortcuts(actions: ShortcutActions, singleKeys: boolean): void {
  const current = useRef<ShortcutState>({ actions, singleKeys });
  useEffect(() => {
    current.current = { actions, singleKeys };
  });

  useEffect(() => {
    let handler: ((event: KeyboardEvent) => void) | undefined;
    let queue: KeyboardEvent[] | undefined;
    const onKey = (event: KeyboardEvent) => {
      if (handler) return handler(event);
      const palette = isPaletteKey(event);
      // Only a printable key without Ctrl, Alt or Meta (or the palette's key) can begin a shortcut.
      if (!palette && (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1)) return;
      if (palette) event.preventDefault();
      if (queue) return void queue.push(event);
      queue = [event];
      void import('./shortcuts').then(({ createShortcutHandler }) => {
        handler = createShortcutHandler(() => current.current);
        queue?.forEach(handler);
        queue = undefined;
      });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
