/**
 * ARCHITECTURE.md "Add an event kind", applied: one made-up row in the event table and its line in both catalogues
 * (src/testing/extra-event-kind.ts), and the app refreshes the ticket's queries, toasts when it is on screen, lists it
 * in the panel with its new payload field in both languages, and keeps it across a reload.
 */
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventEnvelope } from '../../domain/event';
import { changeLanguage, i18n } from '../../lib/i18n';
import { TranslatorProvider } from '../../lib/i18n/react';
import { ticketKeys } from '../../lib/query-keys';
import { clearToasts, getToasts } from '../../lib/toasts';
import { EXTRA_FIELD, EXTRA_NAME } from '../../testing/extra-event-kind';
import { NotificationsPanel } from './components/notifications-panel';
import { applyEvent } from './model/event-effects';
import { addNotification, bindUser, resetNotifications } from './model/notification-store';
import './notifications-panel-section';

vi.mock('../../domain/event-kinds', async (importOriginal) => {
  const { withExtraKind } = await import('../../testing/extra-event-kind');
  return withExtraKind(await importOriginal());
});
vi.mock('../../lib/i18n/sections/notifications-panel.en', async (importOriginal) => {
  const { withExtraWords, extraWords } = await import('../../testing/extra-event-kind');
  const { notificationsPanelEn } = await importOriginal<typeof import('../../lib/i18n/sections/notifications-panel.en')>();
  return { notificationsPanelEn: withExtraWords(notificationsPanelEn, extraWords.en) };
});
vi.mock('../../lib/i18n/sections/notifications-panel.de', async (importOriginal) => {
  const { withExtraWords, extraWords } = await import('../../testing/extra-event-kind');
  const { notificationsPanelDe } = await importOriginal<typeof import('../../lib/i18n/sections/notifications-panel.de')>();
  return { notificationsPanelDe: withExtraWords(notificationsPanelDe, extraWords.de) };
});

let queryClient: QueryClient;
let unsubscribe = () => undefined as void;

beforeEach(async () => {
  window.sessionStorage.clear();
  resetNotifications();
  clearToasts();
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  await changeLanguage('en');
});
afterEach(async () => {
  unsubscribe();
  queryClient.clear();
  await changeLanguage('en');
});

const visit = '2026-12-01T09:00:00+01:00';
const envelope = {
  eventId: 'x-1',
  eventTime: '2026-11-22T10:30:00+01:00',
  eventType: EXTRA_NAME,
  event: { troubleTicket: { id: 'TT-7', status: 'acknowledged', [EXTRA_FIELD]: visit } },
} as EventEnvelope;
const event = { seq: 1, eventType: EXTRA_NAME, receivedAt: '2026-11-22T09:30:00.000Z', envelope, key: `${EXTRA_NAME}:x-1` };

function renderPanel() {
  return render(
    <TranslatorProvider translator={i18n}>
      <MemoryRouter>
        <NotificationsPanel onClose={() => undefined} isNew={() => false} />
      </MemoryRouter>
    </TranslatorProvider>,
  );
}

describe('an event kind added by its row and its words only', () => {
  it('refetches the ticket on screen, toasts, and lists it with its new field, in English and German, across a reload', async () => {
    const queryFn = vi.fn(() => Promise.resolve({ id: 'TT-7' }));
    const observer = new QueryObserver(queryClient, { queryKey: ticketKeys.detail('TT-7'), queryFn });
    unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ id: 'TT-7' }));
    queryFn.mockClear();

    bindUser('agent-1');
    const item = applyEvent(queryClient, event);
    addNotification(item);
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalled());
    expect(getToasts().map((toast) => toast.words(i18n.t).title)).toEqual(['Ticket TT-7 has changed']);
    expect(item).toMatchObject({ link: { kind: 'ticket', id: 'TT-7' }, values: { [EXTRA_FIELD]: visit } });

    // A reload: the entry comes back from sessionStorage with its value.
    resetNotifications();
    bindUser('agent-1');
    const { unmount } = renderPanel();
    expect(screen.getByText(`Visit agreed for ${visit}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ticket TT-7' })).toHaveAttribute('href', '/tickets/TT-7');
    unmount();
    await changeLanguage('de');
    renderPanel();
    expect(screen.getByText(`Termin vereinbart für ${visit}`)).toBeInTheDocument();
  });

  it.each([
    ['missing', undefined],
    ['not text (storage is not trusted input)', { [EXTRA_FIELD]: 20261201 }],
  ])('its line shows a value that is %s as "–"', (_case, values) => {
    addNotification({ key: 'k-2', eventType: EXTRA_NAME, time: '2026-11-22T10:30:00+01:00', ...(values ? { values: values as unknown as Record<string, string> } : {}) });
    renderPanel();
    expect(screen.getByText('Visit agreed for –')).toBeInTheDocument();
  });
});
