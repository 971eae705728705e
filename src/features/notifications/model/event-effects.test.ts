import { focusManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_REFRESH_WINDOW_MS } from '../../../api/query-client';

const WINDOW = EVENT_REFRESH_WINDOW_MS.lists;
const LONGEST = Math.max(...Object.values(EVENT_REFRESH_WINDOW_MS));
import type { EventEnvelope } from '../../../domain/event';
import { eventKindList, type EventKind } from '../../../domain/event-kinds';
import { changeLanguage, i18n } from '../../../lib/i18n';
import { cancelOrderKeys, ticketKeys } from '../../../lib/query-keys';
import { clearToasts, getToasts } from '../../../lib/toasts';
import { applyEvent, notificationOf } from './event-effects';
import type { StreamEvent } from '../api/event-stream';
import '../notifications-panel-section';

let queryClient: QueryClient;
const unsubscribes: (() => void)[] = [];

beforeEach(async () => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // As QueryClientProvider does: the client follows the tab's visibility (focusManager).
  queryClient.mount();
  clearToasts();
  await changeLanguage('en');
});
afterEach(() => {
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
  queryClient.clear();
  queryClient.unmount();
});

/** A query a screen shows (an observer makes it active), loaded with `data`; returns its fetch spy. */
async function onScreen(queryKey: readonly unknown[], data: unknown) {
  const queryFn = vi.fn(() => Promise.resolve(data));
  const observer = new QueryObserver(queryClient, { queryKey, queryFn });
  unsubscribes.push(observer.subscribe(() => undefined));
  await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(data));
  queryFn.mockClear();
  return queryFn;
}

function event(key: string, eventType: string, resource: Record<string, unknown>, extra: Record<string, unknown> = {}): StreamEvent {
  const name = eventType.startsWith('CancelProductOrder') ? 'cancelProductOrder' : 'troubleTicket';
  const envelope = { eventId: key, eventTime: '2026-11-22T10:30:00+01:00', eventType, event: { [name]: resource }, ...extra } as EventEnvelope;
  return { seq: 1, eventType, receivedAt: '2026-11-22T09:30:00.000Z', envelope, key };
}

const toastTitles = () => getToasts().map((toast) => toast.words(i18n.t).title);

describe('event effects', () => {
  it('shows the new status on the detail at once, without a fetch, and says "Ticket … is now …" in one toast, once per event', async () => {
    const detail = await onScreen(ticketKeys.detail('TT-1042'), { id: 'TT-1042', status: 'inProgress' });
    const change = event('e-1', 'TroubleTicketStatusChangeEvent', { id: 'TT-1042', status: 'resolved' });
    applyEvent(queryClient, change);
    applyEvent(queryClient, change);
    expect(queryClient.getQueryData(ticketKeys.detail('TT-1042'))).toEqual({ id: 'TT-1042', status: 'resolved' });
    expect(detail).not.toHaveBeenCalled();
    expect(toastTitles()).toEqual(['Ticket TT-1042 is now Resolved']);
    expect(getToasts()[0].tone).toBe('info');
  });

  it.each([
    ['IN_PROGRESS', 'In progress'],
    ['Resolved', 'Resolved'],
    ['escalated', 'escalated'],
  ])('reads the status %s through the ticket reader: "is now %s"', async (sent, words) => {
    await onScreen(ticketKeys.detail('TT-7'), { id: 'TT-7' });
    const item = applyEvent(queryClient, event(`e-${sent}`, 'TroubleTicketStatusChangeEvent', { id: 'TT-7', status: sent }));
    expect(toastTitles()).toEqual([`Ticket TT-7 is now ${words}`]);
    expect(item.status).toBe(sent === 'escalated' ? 'escalated' : sent === 'Resolved' ? 'resolved' : 'inProgress');
  });

  it('says it in German too', async () => {
    await onScreen(ticketKeys.detail('TT-1042'), { id: 'TT-1042' });
    applyEvent(queryClient, event('e-2', 'TroubleTicketStatusChangeEvent', { id: 'TT-1042', status: 'pending' }));
    await changeLanguage('de');
    expect(toastTitles()).toEqual(['Ticket TT-1042 ist jetzt Wartend']);
  });

  it('toasts for a visible list row, shows its new status there, refetches the counts but no list nor other details', async () => {
    const list = await onScreen([...ticketKeys.lists(), { offset: 0 }], { items: [{ id: 'TT-1' }, { id: 'TT-2', status: 'inProgress' }] });
    const counts = await onScreen(ticketKeys.counts(), { total: 2 });
    const other = await onScreen(ticketKeys.detail('TT-9'), { id: 'TT-9' });
    applyEvent(queryClient, event('e-3', 'TroubleTicketStatusChangeEvent', { id: 'TT-2', status: 'held' }));
    expect(queryClient.getQueryData([...ticketKeys.lists(), { offset: 0 }])).toEqual({ items: [{ id: 'TT-1' }, { id: 'TT-2', status: 'held' }] });
    await vi.waitFor(() => expect(counts).toHaveBeenCalled());
    expect(list).not.toHaveBeenCalled();
    expect(other).not.toHaveBeenCalled();
    expect(toastTitles()).toEqual(['Ticket TT-2 is now Held']);
  });

  it('gives no toast for a ticket that is not on screen, but its cached detail takes the new status', async () => {
    await onScreen(ticketKeys.detail('TT-1'), { id: 'TT-1' });
    queryClient.setQueryData(ticketKeys.detail('TT-5'), { id: 'TT-5' });
    applyEvent(queryClient, event('e-4', 'TroubleTicketStatusChangeEvent', { id: 'TT-5', status: 'closed' }));
    expect(toastTitles()).toEqual([]);
    expect(queryClient.getQueryData(ticketKeys.detail('TT-5'))).toEqual({ id: 'TT-5', status: 'closed' });
  });

  it('gives no toast for a change that is not a status change (the panel still lists it)', async () => {
    await onScreen(ticketKeys.detail('TT-1'), { id: 'TT-1' });
    const item = applyEvent(queryClient, event('e-5', 'TroubleTicketAttributeValueChangeEvent', { id: 'TT-1' }));
    expect(toastTitles()).toEqual([]);
    expect(item).toMatchObject({ key: 'e-5', link: { kind: 'ticket', id: 'TT-1' } });
  });

  it('shows a cancellation\'s new state on screen, without a fetch, and says "Cancellation … is now …"', async () => {
    const detail = await onScreen(cancelOrderKeys.detail('CO-7'), { id: 'CO-7', state: 'inProgress' });
    applyEvent(queryClient, event('e-6', 'CancelProductOrderStateChangeEvent', { id: 'CO-7', state: 'done' }));
    expect(queryClient.getQueryData(cancelOrderKeys.detail('CO-7'))).toEqual({ id: 'CO-7', state: 'done' });
    expect(detail).not.toHaveBeenCalled();
    expect(toastTitles()).toEqual(['Cancellation CO-7 is now Done']);
  });

  it('builds the panel entry: kind, resource, new status, link, the sender words and the event time', () => {
    const item = notificationOf(
      event('e-7', 'TroubleTicketResolvedEvent', { id: 'TT-3' }, { title: '<b>hi</b>', description: 'Fixed' }),
    );
    expect(item).toEqual({
      key: 'e-7',
      eventType: 'TroubleTicketResolvedEvent',
      resourceId: 'TT-3',
      status: 'resolved',
      link: { kind: 'ticket', id: 'TT-3' },
      title: '<b>hi</b>',
      description: 'Fixed',
      time: '2026-11-22T10:30:00+01:00',
    });
    const bodiless = notificationOf({ seq: 4, eventType: 'ProductOrderMilestoneEvent', receivedAt: '2026-11-22T09:30:00.000Z', envelope: null, key: 'seq:4' });
    expect(bodiless).toEqual({ key: 'seq:4', eventType: 'ProductOrderMilestoneEvent', time: '2026-11-22T09:30:00.000Z' });
  });
});

/** Makes the tab hidden or visible as a browser does: `visibilityState` and the `visibilitychange` TanStack follows. */
function setVisible(visible: boolean) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (visible ? 'visible' : 'hidden') });
  document.dispatchEvent(new Event('visibilitychange'));
  window.dispatchEvent(new Event('visibilitychange'));
}

const listKey = [...ticketKeys.lists(), { offset: 0 }];

describe('an event changes what it names, once (issue 42)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    setVisible(true);
    focusManager.setFocused(undefined);
    vi.useRealTimers();
  });

  it('an event that carries the new state updates the cached ticket and its list row without a fetch', async () => {
    const list = await onScreen(listKey, { items: [{ id: 'TT-1', status: 'acknowledged' }, { id: 'TT-2', status: 'inProgress' }] });
    const detail = await onScreen(ticketKeys.detail('TT-2'), { id: 'TT-2', status: 'inProgress', description: 'No dial tone' });
    applyEvent(queryClient, event('e-10', 'TroubleTicketStatusChangeEvent', { id: 'TT-2', status: 'RESOLVED', statusChangeDate: '2026-11-22T10:30:00Z', lastUpdate: '2026-11-22T10:30:00Z' }));
    const now = { status: 'resolved', statusChangeDate: '2026-11-22T10:30:00Z', lastUpdateDate: '2026-11-22T10:30:00Z' };
    expect(queryClient.getQueryData(ticketKeys.detail('TT-2'))).toEqual({ id: 'TT-2', description: 'No dial tone', ...now });
    expect(queryClient.getQueryData(listKey)).toEqual({ items: [{ id: 'TT-1', status: 'acknowledged' }, { id: 'TT-2', ...now }] });
    await vi.advanceTimersByTimeAsync(3 * LONGEST);
    expect(list).not.toHaveBeenCalled();
    expect(detail).not.toHaveBeenCalled();
  });

  it('a new status ends the old one\'s reason, and the ticket\'s history takes the step', async () => {
    const held = { status: 'held', changeDate: '2026-11-22T09:00:00Z', changeReason: 'Waiting for access' };
    await onScreen(ticketKeys.detail('TT-3'), { id: 'TT-3', status: 'held', statusChangeReason: 'Waiting for access', statusChange: [held] });
    applyEvent(queryClient, event('e-15', 'TroubleTicketStatusChangeEvent', { id: 'TT-3', status: 'inProgress', statusChangeDate: '2026-11-22T10:30:00Z' }));
    expect(queryClient.getQueryData(ticketKeys.detail('TT-3'))).toEqual({
      id: 'TT-3',
      status: 'inProgress',
      statusChangeDate: '2026-11-22T10:30:00Z',
      statusChange: [held, { status: 'inProgress', changeDate: '2026-11-22T10:30:00Z' }],
    });
  });

  it('an event older than what the cache holds leaves it as it is', async () => {
    await onScreen(ticketKeys.detail('TT-2'), { id: 'TT-2', status: 'closed', statusChangeDate: '2026-11-22T11:00:00Z' });
    applyEvent(queryClient, event('e-11', 'TroubleTicketStatusChangeEvent', { id: 'TT-2', status: 'resolved', statusChangeDate: '2026-11-22T10:30:00Z' }));
    expect(queryClient.getQueryData(ticketKeys.detail('TT-2'))).toEqual({ id: 'TT-2', status: 'closed', statusChangeDate: '2026-11-22T11:00:00Z' });
  });

  it.each([
    ['in one moment', 0],
    ['a tenth of the list window apart', WINDOW / 10],
  ])('N events %s cause at most one refresh per visible list and count per window', async (_, apart) => {
    const list = await onScreen(listKey, { items: [{ id: 'TT-1' }] });
    const counts = await onScreen(ticketKeys.counts(), { total: 1 });
    for (let n = 0; n < 10; n += 1) {
      applyEvent(queryClient, event(`burst-${n}`, 'TroubleTicketCreateEvent', { id: `TT-${100 + n}` }));
      await vi.advanceTimersByTimeAsync(apart);
    }
    await vi.advanceTimersByTimeAsync(LONGEST);
    // One refresh when the burst begins, then at most one per window begun while it lasted.
    for (const [fetched, window] of [[list, EVENT_REFRESH_WINDOW_MS.lists], [counts, EVENT_REFRESH_WINDOW_MS.counts]] as const) {
      expect(fetched.mock.calls.length).toBeGreaterThanOrEqual(1);
      expect(fetched.mock.calls.length).toBeLessThanOrEqual(Math.ceil((10 * apart) / window) + 1);
    }
    const [lists, countCalls] = [list.mock.calls.length, counts.mock.calls.length];
    await vi.advanceTimersByTimeAsync(3 * LONGEST);
    expect([list.mock.calls.length, counts.mock.calls.length]).toEqual([lists, countCalls]);
  });

  it('a hidden tab refreshes nothing while hidden, then once when shown', async () => {
    const list = await onScreen(listKey, { items: [{ id: 'TT-1' }] });
    const counts = await onScreen(ticketKeys.counts(), { total: 1 });
    setVisible(false);
    for (let n = 0; n < 5; n += 1) {
      applyEvent(queryClient, event(`hidden-${n}`, 'TroubleTicketCreateEvent', { id: `TT-${200 + n}` }));
      await vi.advanceTimersByTimeAsync(LONGEST);
    }
    expect(list).not.toHaveBeenCalled();
    expect(counts).not.toHaveBeenCalled();
    setVisible(true);
    await vi.advanceTimersByTimeAsync(3 * LONGEST);
    expect(list).toHaveBeenCalledTimes(1);
    expect(counts).toHaveBeenCalledTimes(1);
  });

  it('an event for a ticket not in any cached list refreshes the list at most once; one in the list, not at all', async () => {
    const list = await onScreen(listKey, { items: [{ id: 'TT-1', status: 'inProgress' }] });
    applyEvent(queryClient, event('e-12', 'TroubleTicketStatusChangeEvent', { id: 'TT-1', status: 'held' }));
    await vi.advanceTimersByTimeAsync(2 * LONGEST);
    expect(list).not.toHaveBeenCalled();
    applyEvent(queryClient, event('e-13', 'TroubleTicketStatusChangeEvent', { id: 'TT-77', status: 'held' }));
    await vi.advanceTimersByTimeAsync(3 * LONGEST);
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('a list not on screen is only marked stale: it is fetched when next shown', async () => {
    queryClient.setQueryData(listKey, { items: [{ id: 'TT-1' }] });
    applyEvent(queryClient, event('e-14', 'TroubleTicketCreateEvent', { id: 'TT-300' }));
    await vi.advanceTimersByTimeAsync(2 * LONGEST);
    expect(queryClient.getQueryState(listKey)).toMatchObject({ isInvalidated: true, fetchStatus: 'idle' });
  });
});

/**
 * Each row of the event table, against what is written here by hand (what the app has a page for, decision 0053 and
 * the panel; issue 42's rules): with a ticket list, the counts, the ticket's detail, a cancellation list and detail on
 * screen, all showing resource X-1, which of them the event has fetched again; whether it toasts; the page it opens.
 */
type Fetched = { ticketList?: true; ticketCounts?: true; ticketDetail?: true };
const changed: Fetched = { ticketList: true, ticketCounts: true, ticketDetail: true };
const fetchedBy: Record<string, Fetched> = {
  CancelTroubleTicketStateChangeEvent: changed,
  InflightChangeTroubleTicketStateChangeEvent: changed,
  TroubleTicketJeopardyAlertEvent: { ticketDetail: true },
  TroubleTicketMilestoneEvent: { ticketDetail: true },
  TroubleTicketAttributeValueChangeEvent: changed,
  TroubleTicketCreateEvent: { ticketList: true, ticketCounts: true },
  TroubleTicketInformationRequiredEvent: changed,
  // These carry the new state: shown where X-1 is, no fetch; the counts by status may change.
  TroubleTicketResolvedEvent: { ticketCounts: true },
  TroubleTicketStatusChangeEvent: { ticketCounts: true },
  // Its new state is shown where the cancellation is; the count of all cancellations does not change.
  CancelProductOrderStateChangeEvent: {},
};
const patches: Record<string, 'ticket' | 'cancelOrder'> = {
  TroubleTicketResolvedEvent: 'ticket',
  TroubleTicketStatusChangeEvent: 'ticket',
  CancelProductOrderStateChangeEvent: 'cancelOrder',
};
const opensTicket = Object.keys(fetchedBy).filter((name) => name !== 'CancelProductOrderStateChangeEvent');
const toasts = ['TroubleTicketResolvedEvent', 'TroubleTicketStatusChangeEvent', 'CancelProductOrderStateChangeEvent'];

describe('each row of the event table (src/domain/event-kinds.ts)', () => {
  it('refreshes, toasts and opens only what is written here', () => {
    expect(eventKindList.filter((kind) => kind.refresh).map((kind) => kind.name)).toEqual(Object.keys(fetchedBy));
    expect(eventKindList.filter((kind) => kind.toast).map((kind) => kind.name)).toEqual(toasts);
  });

  /** The event as a provider sends it: the resource under its key, and the ticket a cancellation points at. */
  function rowEvent(kind: EventKind, id: string): StreamEvent {
    const resource = { id, status: 'resolved', state: 'done', troubleTicket: { id } };
    const envelope = { eventId: `k-${kind.name}`, eventTime: '2026-11-22T10:30:00+01:00', eventType: kind.name, event: { [kind.resource]: resource } } as EventEnvelope;
    return { seq: 1, eventType: kind.name, receivedAt: '2026-11-22T09:30:00.000Z', envelope, key: `k-${kind.name}` };
  }

  it.each(eventKindList.map((kind) => [kind.name, kind] as const))('%s', async (name, kind) => {
    const shown = {
      ticketList: await onScreen(listKey, { items: [{ id: 'X-1', status: 'inProgress' }] }),
      ticketCounts: await onScreen(ticketKeys.counts(), { total: 1 }),
      ticketDetail: await onScreen(ticketKeys.detail('X-1'), { id: 'X-1', status: 'inProgress' }),
      otherTicket: await onScreen(ticketKeys.detail('X-2'), { id: 'X-2' }),
      cancelList: await onScreen([...cancelOrderKeys.lists(), { offset: 0 }], { items: [{ id: 'X-1', state: 'inProgress' }] }),
      cancelCount: await onScreen(cancelOrderKeys.count(), { value: 1, exact: true }),
      cancelDetail: await onScreen(cancelOrderKeys.detail('X-1'), { id: 'X-1', state: 'inProgress' }),
    };
    const item = applyEvent(queryClient, rowEvent(kind, 'X-1'));
    const expected: Fetched = fetchedBy[name] ?? {};
    const fetched = Object.keys(expected) as (keyof Fetched)[];
    for (const key of fetched) await vi.waitFor(() => expect(shown[key], key).toHaveBeenCalledTimes(1));
    for (const [key, spy] of Object.entries(shown)) if (!fetched.includes(key as keyof Fetched)) expect(spy, key).not.toHaveBeenCalled();
    const ticketNow = patches[name] === 'ticket' ? 'resolved' : 'inProgress';
    expect(queryClient.getQueryData(ticketKeys.detail('X-1'))).toMatchObject({ status: ticketNow });
    expect(queryClient.getQueryData(listKey)).toEqual({ items: [{ id: 'X-1', status: ticketNow }] });
    const orderNow = patches[name] === 'cancelOrder' ? 'done' : 'inProgress';
    expect(queryClient.getQueryData(cancelOrderKeys.detail('X-1'))).toMatchObject({ state: orderNow });
    expect(toastTitles()).toHaveLength(toasts.includes(name) ? 1 : 0);
    const page = opensTicket.includes(name) ? 'ticket' : name === 'CancelProductOrderStateChangeEvent' ? 'cancelOrder' : undefined;
    expect(item.link).toEqual(page ? { kind: page, id: 'X-1' } : undefined);
  });
});
