/**
 * `j` / `k` move the focus down and up through a table's rows (to the row's first link or button, so the row shows
 * its focus and Enter opens it as the link would). Off when the agent switched single-key shortcuts off (WCAG 2.1.4).
 */
import { useEffect, type RefObject } from 'react';
import { tinykeys } from 'tinykeys';
import { useAgentSettings } from '../../lib/agent-settings';
import { isTypingOrInDialog, shortcutKeys } from '../../lib/shortcut-keys';

/** The row to focus after `current` (-1: none focused yet, so j starts at the top and k at the bottom). */
export function nextRowIndex(current: number, step: 1 | -1, count: number): number {
  if (current === -1) return step === 1 ? 0 : count - 1;
  return Math.min(count - 1, Math.max(0, current + step));
}

export function useRowKeys(body: RefObject<HTMLTableSectionElement | null>): void {
  const [{ shortcuts }] = useAgentSettings();
  useEffect(() => {
    if (!shortcuts) return undefined;
    const move = (step: 1 | -1) => (event: KeyboardEvent) => {
      const rows = [...(body.current?.rows ?? [])];
      if (rows.length === 0) return;
      const current = rows.findIndex((row) => row.contains(document.activeElement));
      const target = rows[nextRowIndex(current, step, rows.length)].querySelector<HTMLElement>('a[href], button');
      if (!target) return;
      event.preventDefault();
      target.focus();
    };
    // Held keys repeat (move on), unlike tinykeys' default that ignores repeats.
    return tinykeys(window, { [shortcutKeys.nextRow]: move(1), [shortcutKeys.previousRow]: move(-1) }, { ignore: isTypingOrInDialog });
  }, [shortcuts, body]);
}
