import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TranslatorProvider } from '../../../lib/i18n/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoTokenSource } from '../../../api/token-source';
import { changeLanguage, i18n } from '../../../lib/i18n';
import { clearToasts } from '../../../lib/toasts';
import { addNotification, resetNotifications, setConnection, setReconnectHandler } from '../model/notification-store';
import { NotificationsControl, type ConnectionSeams } from './notifications-control';
import { FakeEventSource, fakeEventSource, manualTimers, settle, statusChange, ticketFetch } from '../../../testing/fake-event-source';

// The panel is a lazy chunk: on a busy runner its first import can take longer than findBy*'s default second.
configure({ asyncUtilTimeout: 5000 });
beforeAll(async () => {
  // The connection is a lazy chunk too: loaded here once, so no test's wait includes its first transform.
  await Promise.all([import('./notifications-panel'), import('../model/live-updates')]);
});

beforeEach(async () => {
  window.sessionStorage.clear();
  resetNotifications();
  clearToasts();
  FakeEventSource.instances = [];
  await changeLanguage('en');
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** The connection starts at once: the tests below are about the connection, not about when it starts. */
const startNow = (go: () => void) => {
  go();
  return () => undefined;
};

function renderControl({
  eventsUrl = null,
  seams,
  queryClient = new QueryClient(),
  whenToStart = startNow,
}: {
  eventsUrl?: string | null;
  seams?: ConnectionSeams;
  queryClient?: QueryClient;
  /** null: the control's own default. */
  whenToStart?: ((go: () => void) => () => void) | null;
} = {}) {
  return render(
    <TranslatorProvider translator={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <main>
            <p>
              <a href="#x">Elsewhere</a>
            </p>
            <NotificationsControl tokenSource={demoTokenSource} eventsUrl={eventsUrl} seams={seams} whenToStart={whenToStart ?? undefined} />
          </main>
        </MemoryRouter>
      </QueryClientProvider>
    </TranslatorProvider>,
  );
}

const ticketEvent = (key: string, id: string, status: string) => ({
  key,
  eventType: 'TroubleTicketStatusChangeEvent',
  resourceId: id,
  status,
  link: { kind: 'ticket' as const, id },
  time: '2026-11-22T10:30:00+01:00',
});
const cancelEvent = {
  key: 'c-1',
  eventType: 'CancelProductOrderStateChangeEvent',
  resourceId: 'CO-7',
  status: 'done',
  link: { kind: 'cancelOrder' as const, id: 'CO-7' },
  time: '2026-11-22T11:00:00+01:00',
};

/** Adds events after the control bound the (demo) agent, so they count as this agent's. */
function addEvents(...items: Parameters<typeof addNotification>[0][]) {
  act(() => {
    for (const item of items) addNotification(item);
  });
}

describe('notifications control', () => {
  it('names the unread count on the button and shows it as a badge; no count when all is read', () => {
    renderControl();
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveAttribute('aria-expanded', 'false');
    addEvents(ticketEvent('e-1', 'TT-1', 'held'), ticketEvent('e-2', 'TT-2', 'resolved'), ticketEvent('e-2', 'TT-2', 'resolved'));
    const button = screen.getByRole('button', { name: 'Notifications, 2 unread' });
    expect(button).toHaveTextContent(/^Notifications2$/);
  });

  it('opens by keyboard, lists events newest first with words, links and local time, and marks them read', async () => {
    const user = userEvent.setup();
    renderControl();
    addEvents(ticketEvent('e-1', 'TT-1', 'held'), cancelEvent);
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toHaveFocus();
    await user.keyboard('{Enter}');

    const panel = await screen.findByRole('region', { name: 'Notifications' });
    const entries = within(within(panel).getByRole('list', { name: 'Recent events, newest first' })).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent(/^New Cancellation changed state/);
    expect(within(entries[0]).getByRole('link', { name: 'Cancellation CO-7' })).toHaveAttribute('href', '/cancel-orders/CO-7');
    expect(entries[0]).toHaveTextContent('now Done');
    expect(entries[1]).toHaveTextContent('Ticket status changed');
    expect(within(entries[1]).getByRole('link', { name: 'Ticket TT-1' })).toHaveAttribute('href', '/tickets/TT-1');
    expect(entries[1].querySelector('time')).toHaveAttribute('datetime', '2026-11-22T10:30:00+01:00');
    expect(entries[1].querySelector('time')?.textContent).toMatch(/^22 Nov 2026, \d{2}:\d{2} \S+$/);
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getByRole('status')).toHaveTextContent('Live updates are off');

    // Read now: closed and opened again, nothing is tagged new.
    await user.keyboard('{Escape}');
    await user.keyboard('{Enter}');
    const again = await screen.findByRole('region', { name: 'Notifications' });
    expect(within(again).queryByText('New')).not.toBeInTheDocument();
  });

  it('Escape closes the panel and returns focus to the button; Escape elsewhere leaves focus alone', async () => {
    const user = userEvent.setup();
    renderControl();
    addEvents(ticketEvent('e-1', 'TT-1', 'held'));
    await user.click(screen.getByRole('button', { name: /^Notifications/ }));
    const link = await screen.findByRole('link', { name: 'Ticket TT-1' });
    link.focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveFocus();

    await user.keyboard('{Enter}');
    await screen.findByRole('region', { name: 'Notifications' });
    screen.getByRole('link', { name: 'Elsewhere' }).focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Elsewhere' })).toHaveFocus();
  });

  it('Clear empties the list; Close returns focus', async () => {
    const user = userEvent.setup();
    renderControl();
    addEvents(ticketEvent('e-1', 'TT-1', 'held'));
    await user.click(screen.getByRole('button', { name: /^Notifications/ }));
    await user.click(await screen.findByRole('button', { name: 'Clear' }));
    expect(screen.getByText(/^No notifications yet/)).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveFocus();
  });

  it('shows "Reconnecting in 5 s…" politely with "Reconnect now"', async () => {
    const user = userEvent.setup();
    let reconnects = 0;
    renderControl();
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    const state = await screen.findByRole('status');
    act(() => {
      setReconnectHandler(() => (reconnects += 1));
      setConnection({ status: 'reconnecting', attempt: 3, delaySeconds: 5 });
    });
    expect(state).toHaveTextContent('Live updates interrupted. Reconnecting in 5 s…');
    await user.click(screen.getByRole('button', { name: 'Reconnect now' }));
    expect(reconnects).toBe(1);
    act(() => setConnection({ status: 'live' }));
    expect(screen.getByRole('status')).toHaveTextContent('Live updates on');
    expect(screen.queryByRole('button', { name: 'Reconnect now' })).not.toBeInTheDocument();
  });

  it('speaks German', async () => {
    const user = userEvent.setup();
    await changeLanguage('de');
    renderControl();
    addEvents(ticketEvent('e-1', 'TT-1', 'pending'), cancelEvent);
    await user.click(screen.getByRole('button', { name: 'Benachrichtigungen, 2 ungelesen' }));
    const panel = await screen.findByRole('region', { name: 'Benachrichtigungen' });
    expect(panel).toHaveTextContent('Stornierung hat neuen Zustand');
    expect(panel).toHaveTextContent('Ticketstatus geändert');
    expect(within(panel).getByRole('link', { name: 'Stornierung CO-7' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('jetzt Wartend');
    expect(within(panel).getByRole('status')).toHaveTextContent('Live-Aktualisierung ist aus');
    expect(within(panel).getByRole('button', { name: 'Leeren' })).toBeInTheDocument();
  });

  it('shows hostile text in titles and descriptions as text', async () => {
    const user = userEvent.setup();
    renderControl();
    const hostile = '<img src=x onerror="alert(1)">';
    addEvents({ ...ticketEvent('e-1', 'TT-1', 'held'), title: hostile, description: '<script>alert(2)</script>' });
    await user.click(screen.getByRole('button', { name: /^Notifications/ }));
    expect(await screen.findByText(hostile)).toBeInTheDocument();
    expect(screen.getByText('<script>alert(2)</script>')).toBeInTheDocument();
    expect(document.querySelector('img, script')).toBeNull();
  });

  it('keeps the list per agent across a reload (sessionStorage)', () => {
    const first = renderControl();
    addEvents(ticketEvent('e-1', 'TT-1', 'held'));
    first.unmount();
    resetNotifications();
    renderControl();
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('with a relay configured, loads the connection after the first render and counts what arrives', async () => {
    const { fetch } = ticketFetch();
    const clock = manualTimers();
    renderControl({ eventsUrl: '/relay', seams: { fetch, EventSource: fakeEventSource, timers: clock.timers, random: () => 1 } });
    await act(async () => {
      await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    });
    const source = FakeEventSource.latest();
    expect(source.url).toMatch(/\/relay\/events\?ticket=ticket-1$/);
    // What reads and applies events loads with the first one; here it is evaluated ahead, so the wait is the steps'.
    await act(async () => {
      await Promise.all([import('../api/relay-data'), import('../model/event-effects')]);
    });
    act(() => {
      source.open();
      source.notify('1', statusChange('e-1', 'TT-1', 'inProgress'));
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    await settle();
  });

  it('by default connects only once the screen\'s first requests have settled and the cache has stayed still', async () => {
    const { fetch, requests } = ticketFetch();
    const clock = manualTimers();
    const queryClient = new QueryClient();
    let answer: (value: number) => void = () => undefined;
    const counts = queryClient.fetchQuery({ queryKey: ['counts'], queryFn: () => new Promise<number>((resolve) => (answer = resolve)) });
    renderControl({ eventsUrl: '/relay', seams: { fetch, EventSource: fakeEventSource, timers: clock.timers, random: () => 1 }, queryClient, whenToStart: null });
    await act(async () => {
      await import('../model/live-updates');
      await settle();
    });
    expect(requests).toEqual([]);
    expect(FakeEventSource.instances).toEqual([]);
    answer(7);
    await act(async () => {
      await counts;
      await settle();
    });
    // The answers are being shown: still nothing.
    expect(FakeEventSource.instances).toEqual([]);
    await act(async () => {
      await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(1), { timeout: 5000 });
    });
    expect(requests).toHaveLength(1);
    await settle();
  });

  it('a page being left opens no connection, even when the connection loads after `beforeunload`', async () => {
    const { fetch, requests } = ticketFetch();
    const clock = manualTimers();
    renderControl({ eventsUrl: '/relay', seams: { fetch, EventSource: fakeEventSource, timers: clock.timers, random: () => 1 } });
    // The reload starts before the lazily loaded connection has arrived (a busy machine, a slow network).
    window.dispatchEvent(new Event('beforeunload'));
    await act(async () => {
      await import('../model/live-updates');
      await settle();
    });
    expect(requests).toEqual([]);
    expect(FakeEventSource.instances).toEqual([]);
  });

  it('`beforeunload` closes the open stream and buys no new ticket; back from the back/forward cache it connects again', async () => {
    const { fetch, requests } = ticketFetch();
    const clock = manualTimers();
    renderControl({ eventsUrl: '/relay', seams: { fetch, EventSource: fakeEventSource, timers: clock.timers, random: () => 1 } });
    await act(async () => {
      await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    });
    act(() => FakeEventSource.latest().open());
    act(() => {
      window.dispatchEvent(new Event('beforeunload'));
    });
    expect(FakeEventSource.latest().closed).toBe(true);
    expect(clock.pending).toEqual([]);
    // Not a restore from the cache: nothing happens.
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    });
    await act(settle);
    expect(requests).toHaveLength(1);
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    await act(async () => {
      await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    });
    expect(requests).toHaveLength(2);
    expect(FakeEventSource.latest().url).toMatch(/\/relay\/events\?ticket=ticket-2/);
    await settle();
  });
});
