/** Loaded with the palette: gives it the agent's saved ticket views (the tickets feature's), so features stay apart. */
import type { RecentTicket } from '../../lib/recent-tickets';
import { readSavedViews } from '../../features/tickets/hooks/saved-views';
import { CommandPalette } from '../../features/workspace/components/command-palette';
import { useSession } from '../../lib/session';

type Props = { recent: readonly RecentTicket[]; onClose(): void; onHelp(): void };

export function PaletteHost({ recent, onClose, onHelp }: Props) {
  const { userId } = useSession();
  const views = readSavedViews(userId).map((view) => ({ name: view.name, to: `/tickets${view.query ? `?${view.query}` : ''}` }));
  return <CommandPalette views={views} recent={recent} onClose={onClose} onHelp={onHelp} />;
}
