/**
 * The services of the offline layer, per signed-in agent: the shell's service worker (real-mode production builds),
 * the persisted query cache (real mode: the demo's data is new with every page load), and the outbox's runner, which
 * sends through the wizard's own submit outcome (docs/decisions/0037, 0038); a ticket it delivered refreshes the ticket
 * lists and counts as one the wizard sent does.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAuthController, useAuthState } from '../../features/auth/components/auth-context';
import { startOutboxRunner } from '../../features/outbox/model/runner';
import { setOutboxRunner } from '../../features/outbox/model/runtime';
import { refreshAfterCreate } from '../../features/ticket-entry/api/create-ticket';
import { deliverQueued } from '../../features/ticket-entry/model/deliver';
import { useApi } from '../../api/api-context';
import { bulkLimits } from '../../lib/bulk-limits';
import { config } from '../../lib/config';
import type { FinishedTicket } from '../../lib/outbox/types';
import { clearPersistedQueries, closePersistedQueries, persistQueries } from '../../lib/query-persistence';
import { registerServiceWorker } from '../../lib/service-worker';
import { signOutEvent, useSession } from '../../lib/session';
import { pushToast } from '../../lib/toasts';
import '../../features/outbox/outbox-section';

/** Vite folds this at build time: only a production build in real mode ships and registers the shell's worker. */
const shellWorker = import.meta.env.PROD && import.meta.env.VITE_DEMO !== 'true';

export function useShellWorker(): void {
  useEffect(() => {
    if (shellWorker) registerServiceWorker();
  }, []);
}

/**
 * Real mode: the signed-in agent's persisted queries are restored and kept; every other agent's are deleted; with
 * nobody signed in, all are. Nothing happens while the sign-in is still being read.
 */
export function usePersistedQueries(): void {
  const queryClient = useQueryClient();
  const state = useAuthState();
  const controller = useAuthController();
  const persisting = !config.demo && controller !== null;
  const userId = state.status === 'signedIn' ? state.user.userId : '';
  useEffect(() => {
    if (!persisting || state.status === 'loading') return undefined;
    if (!userId) {
      void clearPersistedQueries().catch(() => undefined);
      return undefined;
    }
    const persistence = persistQueries(queryClient, userId);
    // Signing out deletes every persisted cache before the page leaves for the provider (sign-out waits for it).
    const onSignOut = (event: Event) => (event as CustomEvent<Promise<unknown>[]>).detail.push(closePersistedQueries());
    window.addEventListener(signOutEvent, onSignOut);
    return () => {
      persistence.stop();
      window.removeEventListener(signOutEvent, onSignOut);
    };
  }, [persisting, queryClient, state.status, userId]);
}

function toastFinished(entry: FinishedTicket): void {
  const { externalId, result } = entry;
  pushToast({
    tone: 'info',
    key: `outbox:${entry.id}`,
    words: (t) => ({
      title:
        result.kind === 'created'
          ? t('outbox.toast.created', { externalId, ticketId: result.id })
          : t('outbox.toast.accepted', { externalId }),
    }),
  });
}

/** The outbox of the agent signed in now; a new agent (or none) stops the last one's runner first. */
export function useOutbox(): void {
  const { userId } = useSession();
  const api = useApi();
  const queryClient = useQueryClient();
  const controller = useAuthController();
  // Read when a send is about to go: the agent signed in at that moment, never the one of an earlier render.
  const agent = useRef(userId);
  useEffect(() => {
    agent.current = userId;
  });
  useEffect(() => {
    if (!userId) return undefined;
    const runner = startOutboxRunner({
      userId,
      deliver: (ticket) => deliverQueued(api, ticket),
      signedInAgent: () => {
        if (!controller) return agent.current;
        const state = controller.getState();
        return state.status === 'signedIn' ? state.user.userId : '';
      },
      inFlight: bulkLimits.inFlight,
      onFinished: (entry) => {
        // A bulk batch tells its progress on its own page: no toast per line.
        if (entry.origin?.kind !== 'bulk') toastFinished(entry);
        void refreshAfterCreate(queryClient);
      },
    });
    setOutboxRunner(runner);
    return () => {
      runner.stop();
      setOutboxRunner(null);
    };
  }, [api, controller, queryClient, userId]);
}
