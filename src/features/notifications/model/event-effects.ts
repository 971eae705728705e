/**
 * What an event does in the app: the affected ticket and cancel-order queries are invalidated (views update by
 * themselves), a toast says so when the changed ticket or cancellation is on screen, and the panel gets an entry.
 */
import type { Query, QueryClient } from '@tanstack/react-query';
import { statusLabel } from '../../../components/status-badge';
import { listeners, occurredAt, resourceNamesOf, type EventEnvelope } from '../../../domain/event';
import { informationRequiredOf } from '../../../domain/information-required';
import { readTroubleTicket } from '../../../domain/ticket-reader';
import { cancelOrderKeys, ticketKeys } from '../../../lib/query-keys';
import { pushToast } from '../../../lib/toasts';
import type { StreamEvent } from '../api/event-stream';
import type { NotificationItem, NotificationLink } from './notification-types';

/** Events that say a ticket or cancellation has a new status/state: these get a toast when it is on screen. */
const statusEvents: Record<string, { kind: NotificationLink['kind']; field: 'status' | 'state'; implied?: string }> = {
  TroubleTicketStatusChangeEvent: { kind: 'ticket', field: 'status' },
  TroubleTicketResolvedEvent: { kind: 'ticket', field: 'status', implied: 'resolved' },
  CancelProductOrderStateChangeEvent: { kind: 'cancelOrder', field: 'state' },
};

type Resource = Record<string, unknown>;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

const isResource = (value: unknown): value is Resource => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The resource the event is about: under its names for this event (`troubleTicket` before an information request's
 * `informationRequired` operation), else the first object under `event`.
 */
function resourceOf(eventType: string, envelope: EventEnvelope | null): Resource | undefined {
  if (!envelope) return undefined;
  const listener = listeners.find((candidate) => candidate.eventType === eventType);
  const named = listener ? resourceNamesOf(listener).map((name) => envelope.event[name]) : [];
  return [...named, ...Object.values(envelope.event)].find(isResource);
}

/** The page in this app the event points at: a ticket (also through a cancel/in-flight change ticket), or a cancellation. */
export function linkOf(eventType: string, envelope: EventEnvelope | null): NotificationLink | undefined {
  const resource = resourceOf(eventType, envelope);
  if (!resource) return undefined;
  const id = text(resource.id);
  if (eventType.startsWith('TroubleTicket') && !eventType.startsWith('TroubleTicketSpecification')) {
    return id ? { kind: 'ticket', id } : undefined;
  }
  if (eventType.startsWith('CancelTroubleTicket') || eventType.startsWith('InflightChangeTroubleTicket')) {
    const ticket = resource.troubleTicket as Resource | undefined;
    const ticketId = text(ticket?.id);
    return ticketId ? { kind: 'ticket', id: ticketId } : undefined;
  }
  if (eventType === 'CancelProductOrderStateChangeEvent') return id ? { kind: 'cancelOrder', id } : undefined;
  return undefined;
}

/**
 * The new status an event carries: a ticket's is read by the domain's one ticket reader, so `Pending`, `IN_PROGRESS`
 * and the older spellings read as they do on the list and the detail (docs/decisions/0027).
 */
function statusOf(eventType: string, resource: Resource | undefined): string | undefined {
  // A specification has a lifecycle status (TMF621 v5.0.1: inDesign, active, rejected, retired), shown as sent.
  if (eventType === 'TroubleTicketSpecificationStatusChangeEvent') return text(resource?.lifecycleStatus);
  const spec = statusEvents[eventType];
  if (!spec) return undefined;
  const sent = spec.kind === 'ticket' ? readTroubleTicket(resource)?.status : text(resource?.[spec.field]);
  return sent ?? (spec.kind === 'ticket' ? text(resource?.status) : undefined) ?? spec.implied;
}

/** The panel's entry for an event. */
export function notificationOf(event: StreamEvent): Omit<NotificationItem, 'read'> {
  const { envelope, eventType } = event;
  const resource = resourceOf(eventType, envelope);
  const status = statusOf(eventType, resource);
  const asked = eventType === 'TroubleTicketInformationRequiredEvent' ? informationRequiredOf(envelope?.event) : undefined;
  // A request for information names its ticket itself (possibly inside, beside the request's own id).
  const link = asked?.ticketId ? { kind: 'ticket' as const, id: asked.ticketId } : linkOf(eventType, envelope);
  return {
    key: event.key,
    eventType,
    ...(text(resource?.id) ? { resourceId: text(resource?.id) } : {}),
    ...(status ? { status } : {}),
    ...(link ? { link } : {}),
    ...(asked ? { informationRequired: asked.paths } : {}),
    ...(text(envelope?.title) ? { title: text(envelope?.title) } : {}),
    ...(text(envelope?.description) ? { description: text(envelope?.description) } : {}),
    time: (envelope && occurredAt(envelope)) ?? event.receivedAt,
  };
}

function containsId(data: unknown, id: string): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const record = data as { id?: unknown; items?: unknown };
  if (record.id === id) return true;
  return Array.isArray(record.items) && record.items.some((item: unknown) => (item as { id?: unknown } | null)?.id === id);
}

/** On screen = an active query (a detail page, a visible list page) holds data containing that id. */
export function isOnScreen(queryClient: QueryClient, root: readonly unknown[], id: string): boolean {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: root, type: 'active' })
    .some((query) => containsId(query.state.data, id));
}

/** Everything under `root` but the details of other resources: lists and counts may now read differently. */
function affected(root: readonly unknown[], id: string | undefined) {
  return {
    queryKey: root,
    predicate: (query: Query) => query.queryKey[1] !== 'detail' || id === undefined || query.queryKey[2] === id,
  };
}

/** The keys of events already toasted: one toast per event, even if something upstream let a repeat through. */
const toasted = new Set<string>();
const TOASTED_LIMIT = 500;

export function applyEvent(queryClient: QueryClient, event: StreamEvent): Omit<NotificationItem, 'read'> {
  const item = notificationOf(event);
  const link = item.link;
  const root = link?.kind === 'cancelOrder' || event.eventType === 'CancelProductOrderStateChangeEvent' ? cancelOrderKeys.all : ticketKeys.all;
  const touchesTickets = /^(TroubleTicket(?!Specification)|CancelTroubleTicket|InflightChangeTroubleTicket)/.test(event.eventType);
  const touchesCancelOrders = event.eventType === 'CancelProductOrderStateChangeEvent';
  if (!touchesTickets && !touchesCancelOrders) return item;

  // Decide before invalidating: the data that says "on screen" is the data the agent is looking at now.
  const spec = statusEvents[event.eventType];
  const onScreen = spec !== undefined && link !== undefined && isOnScreen(queryClient, root, link.id);
  void queryClient.invalidateQueries(affected(root, link?.id));

  if (onScreen && link && !toasted.has(item.key)) {
    toasted.add(item.key);
    if (toasted.size > TOASTED_LIMIT) toasted.delete(toasted.values().next().value as string);
    const status = item.status;
    pushToast({
      tone: 'info',
      key: `notification:${item.key}`,
      words: (t) => ({
        title: status
          ? t(`notificationsPanel.toast.${link.kind}Status`, { id: link.id, status: statusLabel(status, t) })
          : t(`notificationsPanel.toast.${link.kind}Changed`, { id: link.id }),
      }),
    });
  }
  return item;
}
