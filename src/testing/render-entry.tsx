/**
 * Test support: the wizard page with the app's real providers in a memory router, stand-ins for the pages it leads
 * to (ticket detail, list), and a way to start from a stored draft instead of typing everything.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from '../lib/i18n/react';
import { RouterProvider, createMemoryRouter, useLocation, useParams } from 'react-router-dom';
import { createApiClient } from '../api/client';
import { demoTokenSource } from '../api/token-source';
import { ApiProvider } from '../api/api-context';
import { i18n } from '../lib/i18n';
import { createQueryClient } from '../api/query-client';
import { demoSession, SessionProvider, type Session } from '../lib/session';
import { TicketEntryPage } from '../features/ticket-entry/components/ticket-entry-page';
import { listDrafts, writeDraft, type Draft } from '../features/ticket-entry/model/draft';
import type { EntryValues } from '../features/ticket-entry/model/form-values';
import type { StepId } from '../features/ticket-entry/model/steps';

configure({ asyncUtilTimeout: 5000 });

export const apiBase = '*/tmf-api/troubleTicket/v5';

/** What the detail page will show: the id, and whether the wizard said "created" (location state). */
function TicketStandIn() {
  const { id } = useParams();
  const location = useLocation();
  const created = (location.state as { created?: boolean } | null)?.created === true;
  return <h1>{`Ticket ${id ?? ''}${created ? ' (created)' : ''}`}</h1>;
}

function ListStandIn() {
  const location = useLocation();
  return <h1>{`Ticket list ${location.search}`}</h1>;
}

/** The run id renderEntry's `draft` is stored under. */
export const testDraftId = 'testrun1';

/** The agent's draft changed last (the one the test's wizard run saved), or null when none is stored. */
export function storedDraft(userId: string = demoSession.userId): Draft | null {
  return listDrafts(userId)[0] ?? null;
}

type Options = {
  session?: Session;
  /** Start from a stored draft with these values, resumed at once on this step (as after a sign-in round trip). */
  draft?: { values: EntryValues; step: StepId; unconfirmedExternalId?: string; origin?: Draft['origin'] };
  /** The ticket page comes only when this settles (a lazy route on a slow machine): the wizard stays on screen until then. */
  ticketPageArrives?: Promise<unknown>;
};

export function renderEntry(path = '/tickets/new', { session = demoSession, draft, ticketPageArrives }: Options = {}) {
  if (draft) writeDraft(session.userId, testDraftId, { ...draft, resumeOnReturn: true });
  const router = createMemoryRouter(
    [
      { path: '/tickets/new', element: <TicketEntryPage /> },
      { path: '/tickets/:id', element: <TicketStandIn />, ...(ticketPageArrives ? { loader: () => ticketPageArrives.then(() => null) } : {}) },
      { path: '/tickets', element: <ListStandIn /> },
    ],
    { initialEntries: [draft ? `/tickets/new?step=${draft.step}` : path] },
  );
  const queryClient = createQueryClient({ retryDelay: 0 });
  const apiClient = createApiClient({ baseUrl: '/tmf-api/troubleTicket/v5', tokenSource: demoTokenSource });
  const user = userEvent.setup();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ApiProvider client={apiClient}>
          <SessionProvider session={session}>
            <RouterProvider router={router} />
          </SessionProvider>
        </ApiProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, router, user };
}

/** The step's heading (h2): "Step 2 of 7 Agreements". */
export const stepHeading = (title: string) => screen.findByRole('heading', { level: 2, name: new RegExp(`Step \\d of 7\\s+${title}$`) });

export const continueButton = () => screen.getByRole('button', { name: 'Continue' });

/** The error summary (its alert) once it is shown. */
export const errorSummary = () => screen.findByRole('alert');
