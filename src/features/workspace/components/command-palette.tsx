/**
 * The command palette (Ctrl/Cmd+K, or the header's Commands button; cmdk, decision 0034): find a ticket, recent tickets,
 * saved views, the lists, new ticket and cancellation, language, theme, row density, shortcuts and their help.
 */
import { Command } from 'cmdk';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAgentSettings } from '../../../lib/agent-settings';
import { useApi } from '../../../api/api-context';
import { activeLanguage, changeLanguage, languages } from '../../../lib/i18n';
import { useWords } from '../../../lib/i18n/react';
import { useSession } from '../../../lib/session';
import type { RecentTicket } from '../../../lib/recent-tickets';
import { setThemeChoice, themeChoices } from '../../../lib/theme';
import { findTicket } from '../api/find-ticket';
import { FIND_MAX } from './header-search';
import { WorkspaceDialog } from './workspace-dialog';
import '../workspace-section';

/** A saved view of the ticket list, as the app passes it in (the views belong to the tickets feature). */
export type PaletteView = { name: string; to: string };

type Props = {
  views: readonly PaletteView[];
  /** The agent's recent tickets, newest first (read by the app when the palette opens). */
  recent: readonly RecentTicket[];
  onClose(): void;
  /** Opens the keyboard cheat sheet (after this closes). */
  onHelp(): void;
};

export function CommandPalette({ views, recent, onClose, onHelp }: Props) {
  const t = useWords();
  const api = useApi();
  const navigate = useNavigate();
  const [settings, change] = useAgentSettings();
  const { canWrite } = useSession();
  const [search, setSearch] = useState('');
  const [finding, setFinding] = useState(false);
  const titleId = useId();
  const query = search.trim();

  const go = (to: string) => {
    onClose();
    void navigate(to);
  };
  const run = (action: () => void) => () => {
    action();
    onClose();
  };
  const find = async () => {
    if (!query || finding) return;
    setFinding(true);
    go(await findTicket(api, query));
  };
  const otherLanguage = languages.find((language) => language !== activeLanguage()) ?? 'en';
  const otherDensity = settings.density === 'compact' ? 'comfortable' : 'compact';

  return (
    <WorkspaceDialog labelledBy={titleId} onClose={onClose} className="palette">
      <h2 id={titleId} className="visually-hidden">
        {t('workspace.palette.title')}
      </h2>
      <Command label={t('workspace.palette.input')} vimBindings={false} loop>
        <Command.Input
          data-autofocus
          className="palette__input"
          value={search}
          onValueChange={setSearch}
          maxLength={FIND_MAX * 2}
          placeholder={t('workspace.palette.input')}
        />
        <p role="status" className="palette__status">
          {finding ? t('workspace.palette.finding') : ''}
        </p>
        <Command.List className="palette__list">
          <Command.Empty>{t('workspace.palette.empty')}</Command.Empty>
          {recent.length ? (
            <Command.Group heading={t('workspace.palette.recent')}>
              {recent.map((ticket) => (
                <Command.Item
                  key={ticket.id}
                  value={`recent ${ticket.id}`}
                  keywords={ticket.externalId ? [ticket.id, ticket.externalId] : [ticket.id]}
                  onSelect={() => go(`/tickets/${encodeURIComponent(ticket.id)}`)}
                >
                  <span className="palette__id">{ticket.id}</span>
                  {ticket.externalId ? <span className="palette__detail">{ticket.externalId}</span> : null}
                </Command.Item>
              ))}
            </Command.Group>
          ) : null}
          {views.length ? (
            <Command.Group heading={t('workspace.palette.views')}>
              {views.map((view) => (
                <Command.Item key={view.name} value={`view ${view.name}`} onSelect={() => go(view.to)}>
                  {view.name}
                </Command.Item>
              ))}
            </Command.Group>
          ) : null}
          <Command.Group heading={t('workspace.palette.goTo')}>
            <Command.Item onSelect={() => go('/')}>{t('workspace.palette.overview')}</Command.Item>
            <Command.Item onSelect={() => go('/tickets')}>{t('workspace.palette.tickets')}</Command.Item>
            <Command.Item onSelect={() => go('/tickets?due=overdue')}>{t('workspace.palette.overdue')}</Command.Item>
            <Command.Item onSelect={() => go('/cancel-orders')}>{t('workspace.palette.cancelOrders')}</Command.Item>
          </Command.Group>
          {canWrite ? (
            <Command.Group heading={t('workspace.palette.create')}>
              <Command.Item onSelect={() => go('/tickets/new')}>{t('workspace.palette.newTicket')}</Command.Item>
              <Command.Item onSelect={() => go('/cancel-orders/new')}>{t('workspace.palette.newCancelOrder')}</Command.Item>
            </Command.Group>
          ) : null}
          <Command.Group heading={t('workspace.palette.settings')}>
            <Command.Item onSelect={run(() => void changeLanguage(otherLanguage))}>
              {t('workspace.palette.language', { language: t(`languageName.${otherLanguage}`) })}
            </Command.Item>
            {themeChoices.map((theme) => (
              <Command.Item key={theme} onSelect={run(() => setThemeChoice(theme))}>
                {t('workspace.palette.theme', { theme: t(`workspace.settings.${theme}`) })}
              </Command.Item>
            ))}
            <Command.Item onSelect={run(() => change({ density: otherDensity }))}>
              {t('workspace.palette.density', { density: t(`workspace.settings.${otherDensity}`) })}
            </Command.Item>
            <Command.Item onSelect={run(() => change({ shortcuts: !settings.shortcuts }))}>
              {settings.shortcuts ? t('workspace.palette.shortcutsOff') : t('workspace.palette.shortcutsOn')}
            </Command.Item>
            <Command.Item onSelect={onHelp}>{t('workspace.palette.help')}</Command.Item>
          </Command.Group>
          {/* Always offered for what is typed, after the commands that match it (first when none does). */}
          {query && query.length <= FIND_MAX ? (
            <Command.Item value={`find ${query}`} forceMount onSelect={() => void find()}>
              {t('workspace.palette.find', { query })}
            </Command.Item>
          ) : null}
        </Command.List>
      </Command>
    </WorkspaceDialog>
  );
}
