/**
 * What an event does in the app, as its row of the event table (src/domain/event-kinds.ts) says: the queries of its
 * `refresh` are invalidated (views update by themselves), a toast says so when its row has `toast` and the resource it
 * `opens` is on screen, and the panel gets an entry (link, status, `line.values`).
 */
import type { Query, QueryClient } from '@tanstack/react-query';
import { statusLabel } from '../../../components/status-badge';
import { occurredAt, type EventEnvelope } from '../../../domain/event';
import { eventKindOf, type EventKind, type QueryFamily, type RefreshRule } from '../../../domain/event-kinds';
import { informationRequiredOf } from '../../../domain/information-required';
import { readTroubleTicket } from '../../../domain/ticket-reader';
import { cancelOrderKeys, ticketKeys } from '../../../lib/query-keys';
import { pushToast } from '../../../lib/toasts';
import type { StreamEvent } from '../api/event-stream';
import type { NotificationItem, NotificationLink } from './notification-types';

type Resource = Record<string, unknown>;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

const isResource = (value: unknown): value is Resource => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The resource the event is about: under its row's keys (`troubleTicket` before an information request's
 * `informationRequired` operation), else the first object under `event`.
 */
function resourceOf(kind: EventKind | undefined, envelope: EventEnvelope | null): Resource | undefined {
  if (!envelope) return undefined;
  const named = kind ? kind.resources.map((name) => envelope.event[name]) : [];
  return [...named, ...Object.values(envelope.event)].find(isResource);
}

/** The page in this app the event points at (its row's `opens`): the resource's own, or the ticket it points at. */
export function linkOf(eventType: string, envelope: EventEnvelope | null): NotificationLink | undefined {
  const kind = eventKindOf(eventType);
  const opens = kind?.opens;
  const resource = resourceOf(kind, envelope);
  if (!opens || !resource) return undefined;
  const id = text(opens.via ? (resource[opens.via] as Resource | undefined)?.id : resource.id);
  return id ? { kind: opens.page, id } : undefined;
}

/**
 * The new status an event carries (its row's `status`): a ticket's is read by the domain's one ticket reader, so
 * `Pending`, `IN_PROGRESS` and the older spellings read as they do on the list and the detail (docs/decisions/0027).
 */
function statusOf(kind: EventKind | undefined, resource: Resource | undefined): string | undefined {
  const source = kind?.status;
  if (!source) return undefined;
  const sent = source.field === 'ticket' ? (readTroubleTicket(resource)?.status ?? text(resource?.status)) : text(resource?.[source.field]);
  return sent ?? source.implied;
}

/** The kept fields the panel's words show (its row's `line.values`), as text. */
function valuesOf(kind: EventKind | undefined, resource: Resource | undefined): Record<string, string> | undefined {
  const named = kind?.line?.values ?? [];
  const values = Object.fromEntries(named.flatMap((field) => (text(resource?.[field]) ? [[field, text(resource?.[field]) as string]] : [])));
  return Object.keys(values).length ? values : undefined;
}

/** The panel's entry for an event. */
export function notificationOf(event: StreamEvent): Omit<NotificationItem, 'read'> {
  const { envelope, eventType } = event;
  const kind = eventKindOf(eventType);
  const resource = resourceOf(kind, envelope);
  const status = statusOf(kind, resource);
  const values = valuesOf(kind, resource);
  const asked = kind?.keep.includes('informationRequired') ? informationRequiredOf(envelope?.event) : undefined;
  // A request for information names its ticket itself (possibly inside, beside the request's own id).
  const link = asked?.ticketId ? { kind: 'ticket' as const, id: asked.ticketId } : linkOf(eventType, envelope);
  return {
    key: event.key,
    eventType,
    ...(text(resource?.id) ? { resourceId: text(resource?.id) } : {}),
    ...(status ? { status } : {}),
    ...(link ? { link } : {}),
    ...(asked ? { informationRequired: asked.paths } : {}),
    ...(values ? { values } : {}),
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

/** Where each family of queries an event may refresh (its row's `refresh`) lives in the cache. */
const familyRoots: Record<QueryFamily, readonly unknown[]> = { tickets: ticketKeys.all, cancelOrders: cancelOrderKeys.all };
const pageRoots: Record<NotificationLink['kind'], readonly unknown[]> = { ticket: ticketKeys.all, cancelOrder: cancelOrderKeys.all };

/** Everything under `root` but the details of other resources: lists and counts may now read differently. */
function affected(root: readonly unknown[], rule: RefreshRule, id: string | undefined) {
  return {
    queryKey: root,
    predicate: (query: Query) => (query.queryKey[1] === 'detail' ? rule.detail === 'refetch' && (id === undefined || query.queryKey[2] === id) : rule.lists === 'refetch'),
  };
}

/** The keys of events already toasted: one toast per event, even if something upstream let a repeat through. */
const toasted = new Set<string>();
const TOASTED_LIMIT = 500;

export function applyEvent(queryClient: QueryClient, event: StreamEvent): Omit<NotificationItem, 'read'> {
  const item = notificationOf(event);
  const link = item.link;
  const kind = eventKindOf(event.eventType);
  const refresh = Object.entries(kind?.refresh ?? {}) as [QueryFamily, RefreshRule][];
  if (!refresh.length) return item;

  // Decide before invalidating: the data that says "on screen" is the data the agent is looking at now.
  const onScreen = kind?.toast === true && link !== undefined && isOnScreen(queryClient, pageRoots[link.kind], link.id);
  for (const [family, rule] of refresh) void queryClient.invalidateQueries(affected(familyRoots[family], rule, link?.id));

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
