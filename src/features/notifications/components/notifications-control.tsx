/**
 * The header's Notifications button and its disclosure panel. Small and eager (no zod): after the first render it
 * loads the connection (live-updates) and, when opened, the panel, each in its own chunk.
 */
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useWords } from '../../../lib/i18n/react';
import type { TokenSource } from '../../../api/token-source';
import { Loading } from '../../../components/loading';
import { config } from '../../../lib/config';
import { afterFirstRequests } from '../../../lib/after-first-requests';
import { addSectionGermanLater } from '../../../lib/i18n/sections';
import { notificationsEn } from '../../../lib/i18n/sections/notifications.en';
import { useSession } from '../../../lib/session';
import type { LiveUpdatesOptions } from '../model/live-updates';
import { bindUser, markAllRead, notifications, setConnection } from '../model/notification-store';
import { useStore } from '../../../lib/external-store';
import './notifications.css';

// On the first screen: German only when used (decision 0039).
addSectionGermanLater('notifications', notificationsEn, async () => (await import('../../../lib/i18n/sections/notifications.de')).notificationsDe);

const NotificationsPanel = lazy(() => import('./notifications-panel').then((module) => ({ default: module.NotificationsPanel })));

/** Test seams of the connection: a fake EventSource, fetch and timers. */
export type ConnectionSeams = Pick<LiveUpdatesOptions, 'fetch' | 'EventSource' | 'random' | 'timers'>;

type Props = {
  /** The same token source the API client uses (src/app/providers.tsx): the stream ticket is bought with it. */
  tokenSource: TokenSource;
  /** config.eventsUrl unless a test says otherwise; null = live updates off. */
  eventsUrl?: string | null;
  seams?: ConnectionSeams;
  /**
   * When the connection may start: calls `go` and returns a cancel. By default once the screen's first requests have
   * settled and the cache has then been still for 1 s (so the answers are on the screen), at the latest after 3 s: the
   * connection's code and the stream ticket then do not share a slow phone's line and main thread with the first
   * screen (decision 0057: its largest content paints sooner; decision 0052: the first screen carries none of it; the
   * event schemas wait for the first event, decision 0059). A reload misses nothing meanwhile: the connection resumes
   * from the last event seen.
   */
  whenToStart?: (go: () => void) => () => void;
};

const FIRST_REQUESTS_AT_MOST_MS = 3000;
const STILL_AFTER_FIRST_REQUESTS_MS = 1000;

function useLiveUpdates(
  tokenSource: TokenSource,
  eventsUrl: string | null,
  seams: ConnectionSeams | undefined,
  whenToStart: Props['whenToStart'],
): void {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  useEffect(() => {
    bindUser(userId);
    const hasEventSource = seams?.EventSource !== undefined || typeof EventSource !== 'undefined';
    // Off: not configured, signed out (the stream stops with the session), or a browser without EventSource.
    if (!eventsUrl || !userId || !hasEventSource) {
      setConnection({ status: 'off' });
      return undefined;
    }
    let stop: (() => void) | undefined;
    let cancelled = false;
    // A page being left (reload, another address) opens no connection: its requests would race the unload, and in the
    // demo they miss the mocked service, which lets go of a leaving page at `beforeunload`. The app never asks to stay
    // (drafts are saved as typed), so `beforeunload` always means leaving; a page brought back from the back/forward
    // cache (`pageshow`, persisted) connects again.
    let leaving = false;
    const begin = () => {
      // The connection alone: what reads events (zod, the schemas) loads with the first one (../model/live-updates).
      import('../model/live-updates')
        .then(({ startLiveUpdates }) => {
          if (!cancelled && !leaving) stop = startLiveUpdates({ queryClient, tokenSource, eventsUrl, ...seams });
        })
        .catch(() => setConnection({ status: 'off' }));
    };
    const onLeave = () => {
      leaving = true;
      stop?.();
      stop = undefined;
    };
    const onBack = (event: PageTransitionEvent) => {
      if (!event.persisted || !leaving) return;
      leaving = false;
      begin();
    };
    window.addEventListener('beforeunload', onLeave);
    window.addEventListener('pageshow', onBack);
    const cancelStart = (whenToStart ?? ((go) => afterFirstRequests(queryClient, go, { atMostMs: FIRST_REQUESTS_AT_MOST_MS, quietMs: STILL_AFTER_FIRST_REQUESTS_MS })))(begin);
    return () => {
      cancelled = true;
      cancelStart();
      window.removeEventListener('beforeunload', onLeave);
      window.removeEventListener('pageshow', onBack);
      stop?.();
    };
  }, [userId, eventsUrl, queryClient, tokenSource, seams, whenToStart]);
}

export function NotificationsControl({ tokenSource, eventsUrl = config.eventsUrl, seams, whenToStart }: Props) {
  const t = useWords();
  const { items, unread } = useStore(notifications);
  const [open, setOpen] = useState(false);
  // The panel opens towards the side with room: the header wraps, so the button may sit left or right.
  const [alignEnd, setAlignEnd] = useState(false);
  // Opening marks everything read; the panel still tags what was new at that moment (and what arrives while open).
  const [atOpen, setAtOpen] = useState<{ unread: ReadonlySet<string>; known: ReadonlySet<string> }>(() => ({ unread: new Set(), known: new Set() }));
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  useLiveUpdates(tokenSource, eventsUrl, seams, whenToStart);

  // What the open panel shows has been seen, including events that arrive while it is open.
  useEffect(() => {
    if (open) markAllRead();
  }, [open, items]);

  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const focusInside = wrapperRef.current?.contains(document.activeElement) ?? false;
      setOpen(false);
      // Back to the button only from inside: Escape pressed elsewhere must not pull focus away from the agent's work.
      if (focusInside) buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  return (
    <div className="notifications" ref={wrapperRef}>
      <button
        ref={buttonRef}
        type="button"
        className="header-control notifications-button"
        aria-expanded={open}
        aria-controls={panelId}
        // One name, in words: the badge's bare number would otherwise be read as part of it with odd spacing.
        aria-label={unread > 0 ? t('notifications.withUnread', { count: unread }) : undefined}
        onClick={(event) => {
          const { left, right } = event.currentTarget.getBoundingClientRect();
          setAlignEnd(window.innerWidth - left < right);
          if (!open) {
            setAtOpen({ unread: new Set(items.filter((item) => !item.read).map((item) => item.key)), known: new Set(items.map((item) => item.key)) });
          }
          setOpen(!open);
        }}
      >
        {t('notifications.button')}
        {unread > 0 ? (
          <span className="header-control__badge" aria-hidden="true">
            {unread}
          </span>
        ) : null}
      </button>
      <div id={panelId} className={`notifications-panel${alignEnd ? ' notifications-panel--end' : ''}`} hidden={!open}>
        {open ? (
          <Suspense fallback={<Loading label={t('notifications.loading')} />}>
            <NotificationsPanel onClose={close} isNew={(key) => atOpen.unread.has(key) || !atOpen.known.has(key)} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
