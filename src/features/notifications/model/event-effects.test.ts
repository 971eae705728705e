import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
  clearToasts();
  await changeLanguage('en');
});
afterEach(() => {
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
  queryClient.clear();
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
  it('refetches the detail on screen and says "Ticket … is now …" in one toast, once per event', async () => {
    const detail = await onScreen(ticketKeys.detail('TT-1042'), { id: 'TT-1042', status: 'inProgress' });
    const change = event('e-1', 'TroubleTicketStatusChangeEvent', { id: 'TT-1042', status: 'resolved' });
    applyEvent(queryClient, change);
    applyEvent(queryClient, change);
    await vi.waitFor(() => expect(detail).toHaveBeenCalled());
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

  it('toasts for a visible list row, and refetches lists and counts but not the details of other tickets', async () => {
    const list = await onScreen([...ticketKeys.lists(), { offset: 0 }], { items: [{ id: 'TT-1' }, { id: 'TT-2' }] });
    const counts = await onScreen(ticketKeys.counts(), { total: 2 });
    const other = await onScreen(ticketKeys.detail('TT-9'), { id: 'TT-9' });
    applyEvent(queryClient, event('e-3', 'TroubleTicketStatusChangeEvent', { id: 'TT-2', status: 'held' }));
    await vi.waitFor(() => expect(list).toHaveBeenCalled());
    expect(counts).toHaveBeenCalled();
    expect(other).not.toHaveBeenCalled();
    expect(toastTitles()).toEqual(['Ticket TT-2 is now Held']);
  });

  it('gives no toast for a ticket that is not on screen, but marks its cached detail stale', async () => {
    await onScreen(ticketKeys.detail('TT-1'), { id: 'TT-1' });
    queryClient.setQueryData(ticketKeys.detail('TT-5'), { id: 'TT-5' });
    applyEvent(queryClient, event('e-4', 'TroubleTicketStatusChangeEvent', { id: 'TT-5', status: 'closed' }));
    expect(toastTitles()).toEqual([]);
    expect(queryClient.getQueryState(ticketKeys.detail('TT-5'))?.isInvalidated).toBe(true);
  });

  it('gives no toast for a change that is not a status change (the panel still lists it)', async () => {
    await onScreen(ticketKeys.detail('TT-1'), { id: 'TT-1' });
    const item = applyEvent(queryClient, event('e-5', 'TroubleTicketAttributeValueChangeEvent', { id: 'TT-1' }));
    expect(toastTitles()).toEqual([]);
    expect(item).toMatchObject({ key: 'e-5', link: { kind: 'ticket', id: 'TT-1' } });
  });

  it('refetches a cancellation on screen and says "Cancellation … is now …"', async () => {
    const detail = await onScreen(cancelOrderKeys.detail('CO-7'), { id: 'CO-7', state: 'inProgress' });
    applyEvent(queryClient, event('e-6', 'CancelProductOrderStateChangeEvent', { id: 'CO-7', state: 'done' }));
    await vi.waitFor(() => expect(detail).toHaveBeenCalled());
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

/**
 * Each row of the event table, against what is written here by hand (what the app has a page for, decision 0053 and
 * the panel): which query families it refreshes, whether it toasts, and the page it opens.
 */
const refreshesTickets = [
  'CancelTroubleTicketStateChangeEvent',
  'InflightChangeTroubleTicketStateChangeEvent',
  'TroubleTicketJeopardyAlertEvent',
  'TroubleTicketMilestoneEvent',
  'TroubleTicketAttributeValueChangeEvent',
  'TroubleTicketCreateEvent',
  'TroubleTicketInformationRequiredEvent',
  'TroubleTicketResolvedEvent',
  'TroubleTicketStatusChangeEvent',
];
const refreshesCancelOrders = ['CancelProductOrderStateChangeEvent'];
const toasts = ['TroubleTicketResolvedEvent', 'TroubleTicketStatusChangeEvent', 'CancelProductOrderStateChangeEvent'];

describe('each row of the event table (src/domain/event-kinds.ts)', () => {
  it('refreshes, toasts and opens only what is written here', () => {
    expect(eventKindList.filter((kind) => kind.refresh?.tickets).map((kind) => kind.name)).toEqual(refreshesTickets);
    expect(eventKindList.filter((kind) => kind.refresh?.cancelOrders).map((kind) => kind.name)).toEqual(refreshesCancelOrders);
    expect(eventKindList.filter((kind) => kind.toast).map((kind) => kind.name)).toEqual(toasts);
  });

  /** The event as a provider sends it: the resource under its key, and the ticket a cancellation points at. */
  function rowEvent(kind: EventKind, id: string): StreamEvent {
    const resource = { id, status: 'resolved', state: 'done', troubleTicket: { id } };
    const envelope = { eventId: `k-${kind.name}`, eventTime: '2026-11-22T10:30:00+01:00', eventType: kind.name, event: { [kind.resource]: resource } } as EventEnvelope;
    return { seq: 1, eventType: kind.name, receivedAt: '2026-11-22T09:30:00.000Z', envelope, key: `k-${kind.name}` };
  }

  it.each(eventKindList.map((kind) => [kind.name, kind] as const))('%s', async (name, kind) => {
    const ticketList = await onScreen([...ticketKeys.lists(), { offset: 0 }], { items: [{ id: 'X-1' }] });
    const ticketCounts = await onScreen(ticketKeys.counts(), { total: 1 });
    const ticketDetail = await onScreen(ticketKeys.detail('X-1'), { id: 'X-1' });
    const otherTicket = await onScreen(ticketKeys.detail('X-2'), { id: 'X-2' });
    const cancelList = await onScreen([...cancelOrderKeys.lists(), { offset: 0 }], { items: [{ id: 'X-1' }] });
    const cancelDetail = await onScreen(cancelOrderKeys.detail('X-1'), { id: 'X-1' });
    const ticketKeysShown = [[...ticketKeys.lists(), { offset: 0 }], ticketKeys.counts(), ticketKeys.detail('X-1')];
    const cancelKeysShown = [[...cancelOrderKeys.lists(), { offset: 0 }], cancelOrderKeys.detail('X-1')];
    const item = applyEvent(queryClient, rowEvent(kind, 'X-1'));
    // Marked stale at once (then refetched, being on screen): read before any refetch can settle.
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated === true;
    const tickets = refreshesTickets.includes(name);
    const cancels = refreshesCancelOrders.includes(name);
    expect(ticketKeysShown.map(stale)).toEqual([tickets, tickets, tickets]);
    expect(cancelKeysShown.map(stale)).toEqual([cancels, cancels]);
    expect(stale(ticketKeys.detail('X-2'))).toBe(false);
    for (const [refetched, expected] of [[ticketList, tickets], [ticketCounts, tickets], [ticketDetail, tickets], [cancelList, cancels], [cancelDetail, cancels]] as const) {
      if (expected) await vi.waitFor(() => expect(refetched).toHaveBeenCalled());
      else expect(refetched).not.toHaveBeenCalled();
    }
    expect(otherTicket).not.toHaveBeenCalled();
    expect(toastTitles()).toHaveLength(toasts.includes(name) ? 1 : 0);
    expect(item.link).toEqual(tickets ? { kind: 'ticket', id: 'X-1' } : cancels ? { kind: 'cancelOrder', id: 'X-1' } : undefined);
  });
});
