/**
 * The frame of every page: skip link, a compact header (name, demo marker, notifications, language, account), the
 * navigation beside the work tools (ticket search, commands, settings), and main. On a phone a menu button
 * (./header-menu) holds the navigation and the less used tools.
 */
import type { MouseEvent } from 'react';
import { useWords } from '../../lib/i18n/react';
import { Link, Outlet, useLocation, useMatches } from 'react-router-dom';
import { demoTokenSource } from '../../api/token-source';
import { useAuthController } from '../../features/auth/components/auth-context';
import { NotificationsControl } from '../../features/notifications/components/notifications-control';
import { config } from '../../lib/config';
import { useSession } from '../../lib/session';
import { AccountArea } from './account-area';
import { HeaderMenuButton } from './header-menu';
import { LanguageSwitch } from './language-switch';
import { OfflineSlot } from './offline-slot';
import { ToastRegion } from './toast-region';
import { useRouteFocus } from './use-route-focus';
import type { ScreenHandle } from './screen-handle';
import { WorkspaceTools } from './workspace-tools';
import '../../lib/theme';

const navigation = [
  { to: '/tickets', key: 'nav.tickets' },
  { to: '/tickets/new', key: 'nav.newTicket' },
  { to: '/cancel-orders', key: 'nav.cancelOrders' },
] as const;

function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  // Focus main without adding "#main" to the address, which the router would otherwise keep in history.
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus();
}

export function RootLayout({ demo = config.demo }: { demo?: boolean }) {
  const t = useWords();
  // Live updates buy their stream ticket with the same token as the API client: the agent's in real mode.
  const tokenSource = useAuthController()?.tokenSource ?? demoTokenSource;
  const { canWrite } = useSession();
  useRouteFocus();
  // The entry the page belongs to: the longest whose path starts the address (a ticket is "Tickets", a new one is not).
  const { pathname } = useLocation();
  const current = navigation.filter((item) => `${pathname}/`.startsWith(`${item.to}/`)).pop()?.to;
  // The screen's width comes from its route (src/app/routes.tsx), known before its chunk and data: no late widening.
  const wide = useMatches().some((match) => (match.handle as ScreenHandle | undefined)?.wide === true);
  return (
    <>
      <a href="#main" className="skip-link" onClick={focusMain}>
        {t('app.skipToContent')}
      </a>
      {/* A phone shows the name, the demo mark, Notifications, the outbox and the search; the menu button the rest. */}
      <header className="site-header">
        <div className="width-container site-header__bar">
          <Link to="/" className="site-header__name">
            {t('app.name')}
          </Link>
          {demo ? (
            <p className="demo-marker">
              <strong className="demo-marker__tag">{t('app.demoData')}</strong>{' '}
              <span className="demo-marker__hint">{t('app.demoDataHint')}</span>
            </p>
          ) : null}
          {/* One group, so on a phone the buttons wrap together (never the menu button alone on a line of its own). */}
          <div className="site-header__actions">
            <NotificationsControl tokenSource={tokenSource} />
            <OfflineSlot />
            <HeaderMenuButton label={t('app.menu')} />
          </div>
          <div id="header-tools" className="site-header__more">
            <LanguageSwitch />
            <AccountArea />
          </div>
        </div>
        <div className="site-nav">
          <div className="width-container site-nav__bar">
            <nav id="header-nav" aria-label={t('app.mainNavigation')}>
              <ul className="site-nav__list">
                {navigation.filter((item) => canWrite || item.to !== '/tickets/new').map((item) => (
                  <li key={item.to}>
                    <Link to={item.to} className="site-nav__link" aria-current={item.to === current ? 'page' : undefined}>
                      {t(item.key)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <WorkspaceTools />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className={`width-container main${wide ? ' main--wide' : ''}`}>
        <Outlet />
      </main>
      <ToastRegion />
    </>
  );
}
