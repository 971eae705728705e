/** Loaded with the palette: gives it the agent's saved ticket views (the tickets feature's), so features stay apart. */
import { readSavedViews } from '../../features/tickets/hooks/saved-views';
import { CommandPalette } from '../../features/workspace/command-palette';
import { useSession } from '../../lib/session';

export function PaletteHost({ onClose, onHelp }: { onClose(): void; onHelp(): void }) {
  const { userId } = useSession();
  const views = readSavedViews(userId).map((view) => ({ name: view.name, to: `/tickets${view.query ? `?${view.query}` : ''}` }));
  return <CommandPalette views={views} onClose={onClose} onHelp={onHelp} />;
}
