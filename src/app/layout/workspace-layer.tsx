/**
 * Everything of the header's work tools that the first screen does not need, in one chunk loaded on first use (a key
 * press, a search, Commands or Settings; decision 0034): the key bindings, the ticket look-up, the Settings dialog and
 * the cheat sheet. The palette
 * (cmdk, the largest part) loads on its own when first opened.
 */
import { lazy, Suspense } from 'react';
import { CheatSheet } from '../../features/workspace/components/cheat-sheet';
import { SettingsDialog } from '../../features/workspace/components/settings-dialog';
import type { RecentTicket } from '../../lib/recent-tickets';

export { findTicket } from '../../features/workspace/api/find-ticket';
export { createShortcutHandler } from '../../features/workspace/model/shortcuts';

const PaletteHost = lazy(async () => ({ default: (await import('./palette-host')).PaletteHost }));

export type Shown = 'palette' | 'help' | 'settings' | null;

type Props = { shown: Shown; show: (what: Shown) => () => void; recent: readonly RecentTicket[] };

export function WorkspaceLayer({ shown, show, recent }: Props) {
  if (shown === 'help') return <CheatSheet onClose={show(null)} />;
  if (shown === 'settings') return <SettingsDialog onClose={show(null)} onHelp={show('help')} />;
  return shown === 'palette' ? (
    <Suspense fallback={null}>
      <PaletteHost recent={recent} onClose={show(null)} onHelp={show('help')} />
    </Suspense>
  ) : null;
}
