/** The global key bindings (tinykeys): loaded on the first key press by ../hooks/use-shortcuts, never on the first screen. */
import { createKeybindingsHandler } from 'tinykeys';
import { readSettings } from '../../../lib/agent-settings';
import { isTypingOrInDialog, shortcutKeys } from '../../../lib/shortcut-keys';
import type { ShortcutActions, ShortcutState } from '../hooks/use-shortcuts';

const withModifier = (event: KeyboardEvent) => event.ctrlKey || event.metaKey;

export function createShortcutHandler(current: () => ShortcutState): (event: KeyboardEvent) => void {
  /**
   * After a shortcut fires the bindings start afresh: tinykeys stops at the first match and would keep the other
   * sequences' half-typed state, so "g t" then "g c" within a second would read the second "c" as `c` alone.
   */
  const fired = (run: (event: KeyboardEvent) => void) => (event: KeyboardEvent) => {
    run(event);
    handler = bindings();
  };
  /** A single-key shortcut: nothing when the agent switched them off (WCAG 2.1.4). */
  const single = (run: (actions: ShortcutActions) => void) =>
    fired((event: KeyboardEvent) => {
      const { actions, userId } = current();
      if (!readSettings(userId).shortcuts) return;
      event.preventDefault();
      run(actions);
    });
  const bindings = () => createKeybindingsHandler(
    {
      [shortcutKeys.palette]: fired((event) => {
        event.preventDefault();
        current().actions.palette();
      }),
      // Sequences come before the single key they end with: tinykeys fires the first binding that matches, and
      // "g c" must win over "c".
      [shortcutKeys.goTickets]: single((actions) => actions.go('/tickets')),
      [shortcutKeys.goOverview]: single((actions) => actions.go('/')),
      [shortcutKeys.goCancelOrders]: single((actions) => actions.go('/cancel-orders')),
      [shortcutKeys.newTicket]: single((actions) => current().canWrite !== false && actions.go('/tickets/new')),
      [shortcutKeys.search]: single((actions) => actions.search()),
      [shortcutKeys.help]: single((actions) => actions.help()),
    },
    {
      // Ctrl/Cmd+K works in text fields too (the palette is no single key); nothing fires inside a dialog.
      ignore: (event) =>
        event.isComposing || (withModifier(event) ? !!(event.target as Element | null)?.closest?.('dialog') : event.repeat || isTypingOrInDialog(event)),
    },
  );
  let handler = bindings();
  return (event) => handler(event);
}
