/**
 * The header's work tools on every screen: the ticket search, the Commands (palette) and Settings buttons, and the
 * keyboard shortcuts. All but the search field's markup and a key listener load on first use (./workspace-layer).
 */
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ApiClient } from '../../api/client';
import { HeaderSearch } from '../../features/workspace/components/header-search';
import { useShortcuts, type ShortcutActions } from '../../features/workspace/hooks/use-shortcuts';
import { useWords } from '../../lib/i18n/react';
import { readRecentTickets } from '../../lib/recent-tickets';
import { isMac } from '../../lib/shortcut-keys';
import { useSession } from '../../lib/session';
import type { Shown } from './workspace-layer';

const loadLayer = () => import('./workspace-layer');
const WorkspaceLayer = lazy(async () => ({ default: (await loadLayer()).WorkspaceLayer }));
const loadShortcuts = async () => (await loadLayer()).createShortcutHandler;
const find = async (api: ApiClient, query: string) => (await loadLayer()).findTicket(api, query);

export function WorkspaceTools() {
  const t = useWords();
  const navigate = useNavigate();
  const { userId, canWrite } = useSession();
  const search = useRef<HTMLInputElement>(null);
  const [shown, setShown] = useState<Shown>(null);
  const show = (what: Shown) => () => setShown(what);
  const actions = useMemo<ShortcutActions>(
    () => ({
      search: () => search.current?.focus(),
      palette: () => setShown('palette'),
      help: () => setShown('help'),
      go: (path) => void navigate(path),
    }),
    [navigate],
  );
  useShortcuts(actions, userId, loadShortcuts, canWrite);
  return (
    <div className="workspace-tools">
      <HeaderSearch input={search} find={find} />
      <button type="button" className="workspace-button" aria-haspopup="dialog" onClick={show('palette')}>
        {t('bar.commands')} <kbd className="workspace-button__keys">{isMac ? '⌘' : t('bar.ctrl')} K</kbd>
      </button>
      <button type="button" className="workspace-button" aria-haspopup="dialog" onClick={show('settings')}>
        {t('bar.settings')}
      </button>
      {shown ? (
        <Suspense fallback={null}>
          {/* Recent tickets are read as the palette opens: the ones opened since the last time are in. */}
          <WorkspaceLayer shown={shown} show={show} recent={shown === 'palette' ? readRecentTickets(userId) : []} />
        </Suspense>
      ) : null}
    </div>
  );
}
