/**
 * What an event does in the app, as its row of the event table (src/domain/event-kinds.ts) says: the state it carries
 * goes into the cached resource and the list rows showing it, the queries of its `refresh` that remain stale are
 * refetched once the burst is over (views update by themselves), a toast says so when its row has `toast` and the resource it
 * `opens` is on screen, and the panel gets an entry (link, status, `line.values`).
 */
import type { Query, QueryClient } from '@tanstack/react-query';
import { statusLabel } from '../../../components/status-badge';
import { occurredAt, type EventEnvelope } from '../../../domain/event';
import { scheduleRefresh } from '../../../api/query-client';
import { eventKindOf, type EventKind, type QueryFamily, type RefreshRule, type RefreshWhen } from '../../../domain/event-kinds';
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

/** What a query of a family is, by the second part of its key (src/lib/query-keys.ts): a detail, a count, else a list. */
type Part = 'detail' | 'counts' | 'lists';
const partOf = (query: Query): Part =>
  query.queryKey[1] === 'detail' ? 'detail' : query.queryKey[1] === 'counts' || query.queryKey[1] === 'count' ? 'counts' : 'lists';

type Row = { id?: unknown };
type Rows = { items: Row[] };
const hasRows = (data: unknown): data is Rows => isResource(data) && Array.isArray(data.items);
const showsRow = (data: unknown, id: string) => hasRows(data) && data.items.some((item) => item?.id === id);

const dateOf = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);
/** When a ticket or cancellation last changed, as far as it says (NaN: it does not). */
const changedAt = (resource: Resource) => {
  const times = ['statusChangeDate', 'lastUpdateDate', 'lastUpdate'].map((field) => dateOf(resource[field])).filter((time) => !Number.isNaN(time));
  return times.length ? Math.max(...times) : Number.NaN;
};

/**
 * The fields the event carries of the new state (its row's `keep`, read as the cache holds them: a ticket through the
 * ticket reader, so `lastUpdate` is `lastUpdateDate` and `IN_PROGRESS` is `inProgress`); undefined when none.
 */
function carriedState(family: QueryFamily, kind: EventKind, resource: Resource, id: string): Resource | undefined {
  const sent = Object.fromEntries(kind.keep.flatMap((field) => (typeof resource[field] === 'string' ? [[field, resource[field]]] : [])));
  if (!Object.keys(sent).length) return undefined;
  if (family === 'cancelOrders') return sent;
  const { id: _id, other: _other, ...read } = readTroubleTicket({ ...sent, id }) ?? { id };
  return Object.keys(read).length ? read : undefined;
}

/**
 * The cached resource with the event's state; unchanged when the cache already holds a later change than the event.
 * A ticket's new status also ends its history's last step: the reason it had was the old status's (the event does not
 * carry one), and the history takes the new step.
 */
function patched(cached: Resource, state: Resource): Resource {
  if (changedAt(state) < changedAt(cached)) return cached;
  const next: Resource = { ...cached, ...state };
  const status = text(state.status);
  if (status && status !== cached.status) {
    delete next.statusChangeReason;
    if (Array.isArray(cached.statusChange)) {
      const changeDate = text(state.statusChangeDate);
      next.statusChange = [...(cached.statusChange as unknown[]), { status, ...(changeDate ? { changeDate } : {}) }];
    }
  }
  return next;
}

/**
 * What an event does to one family of queries, as its rule says: the state it carries goes into the cached detail and
 * the list rows that show it, without a fetch (`setQueryData`, keeping their age, so a poll comes when it would have);
 * then what remains stale is marked so and refetched by the query layer's coalesced refresh (scheduleRefresh).
 */
function applyRule(queryClient: QueryClient, family: QueryFamily, rule: RefreshRule, kind: EventKind, resource: Resource | undefined, id: string | undefined) {
  const queries = queryClient.getQueryCache().findAll({ queryKey: familyRoots[family] });
  const state = rule.detail === 'patch' && resource && id ? carriedState(family, kind, resource, id) : undefined;
  if (state && id) {
    for (const query of queries) {
      const data: unknown = query.state.data;
      const part = partOf(query);
      let next: unknown;
      if (part === 'detail' && query.queryKey[2] === id && isResource(data)) next = patched(data, state);
      else if (part === 'lists' && hasRows(data) && showsRow(data, id))
        next = { ...data, items: data.items.map((item) => (item?.id === id && isResource(item) ? patched(item, state) : item)) };
      if (next !== undefined) queryClient.setQueryData(query.queryKey, next, { updatedAt: query.state.dataUpdatedAt });
    }
  }
  const shown = id !== undefined && queries.some((query) => partOf(query) === 'lists' && showsRow(query.state.data, id));
  const when = (rule: RefreshWhen) => rule === 'always' || (rule === 'unlessShown' && !shown) || (rule === 'ifShown' && shown);
  const stale = (query: Query): boolean => {
    const part = partOf(query);
    if (part === 'detail') return rule.detail === 'refetch' && (id === undefined || query.queryKey[2] === id);
    if (part === 'counts') return when(rule.counts);
    // A list that shows the resource took its new state: only one that does not show it may now be missing it.
    if (rule.lists === 'unlessShown' && state && id !== undefined) return !showsRow(query.state.data, id);
    return when(rule.lists);
  };
  if (queries.some(stale)) scheduleRefresh(queryClient, { queryKey: familyRoots[family], predicate: stale });
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
  const resource = resourceOf(kind, event.envelope);
  if (kind) for (const [family, rule] of refresh) applyRule(queryClient, family, rule, kind, resource, link?.id);

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
