/**
 * The header's work tools on every screen: the ticket search, the Commands button (palette), the Settings menu, and
 * the keyboard shortcuts. The palette and the cheat sheet load when first opened (decision 0034).
 */
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { HeaderSearch } from '../../features/workspace/header-search';
import { SettingsMenu } from '../../features/workspace/settings-menu';
import { useShortcuts, type ShortcutActions } from '../../features/workspace/use-shortcuts';
import { useAgentSettings } from '../../lib/agent-settings';
import { useTranslation } from '../../lib/i18n/react';

const PaletteHost = lazy(async () => ({ default: (await import('./palette-host')).PaletteHost }));
const CheatSheet = lazy(async () => ({ default: (await import('../../features/workspace/cheat-sheet')).CheatSheet }));

export function WorkspaceTools() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useRef<HTMLInputElement>(null);
  const [shown, setShown] = useState<'palette' | 'help' | null>(null);
  const [{ shortcuts }] = useAgentSettings();
  const close = () => setShown(null);
  const help = () => setShown('help');
  const actions = useMemo<ShortcutActions>(
    () => ({
      search: () => search.current?.focus(),
      palette: () => setShown('palette'),
      help: () => setShown('help'),
      go: (path) => void navigate(path),
    }),
    [navigate],
  );
  useShortcuts(actions, shortcuts);
  return (
    <div className="workspace-tools">
      <HeaderSearch input={search} />
      <button type="button" className="workspace-button" aria-haspopup="dialog" onClick={() => setShown('palette')}>
        {t('bar.commands')} <kbd className="workspace-button__keys">Ctrl K</kbd>
      </button>
      <SettingsMenu onHelp={help} />
      <Suspense fallback={null}>
        {shown === 'palette' ? <PaletteHost onClose={close} onHelp={help} /> : null}
        {shown === 'help' ? <CheatSheet onClose={close} /> : null}
      </Suspense>
    </div>
  );
}
