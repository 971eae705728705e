/**
 * The recent events and the connection state, as a tiny external store (no zod, no React): the header's button reads
 * it on the first screen, the lazily loaded connection writes to it. Kept per agent in sessionStorage, so a reload
 * keeps the list and resumes the stream where it stopped, and the next agent in this browser tab starts empty.
 */
import { userKey } from '../../../lib/storage';
import { createStore, type Readable } from '../../../lib/external-store';
import type { ConnectionState, NotificationItem } from './notification-types';

/** The panel shows the last 50 events. */
export const MAX_NOTIFICATIONS = 50;

export type NotificationsSnapshot = {
  items: readonly NotificationItem[];
  unread: number;
  connection: ConnectionState;
};

type Stored = { items: NotificationItem[]; lastEventId: string | null };

const storageName = 'notifications';
const off: ConnectionState = { status: 'off' };

let userId = '';
let lastEventId: string | null = null;
const store = createStore<NotificationsSnapshot>({ items: [], unread: 0, connection: off });
let reconnectHandler: (() => void) | null = null;

/** The list, how many are unread and the connection (the header's button and the panel read it). */
export const notifications: Readable<NotificationsSnapshot> = store;

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * A stored entry (storage is not trusted input). An event kind's own payload fields (`values`) need no check here: the
 * panel shows only its row's `line.values`, and only text (./components/notifications-panel.tsx), so the first screen
 * neither loads the event table nor grows with it.
 */
function isItem(value: unknown): value is NotificationItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  const asked = item.informationRequired;
  return (
    typeof item.key === 'string' &&
    typeof item.eventType === 'string' &&
    typeof item.time === 'string' &&
    typeof item.read === 'boolean' &&
    (asked === undefined || (Array.isArray(asked) && asked.every((path) => typeof path === 'string')))
  );
}

/** What an earlier page load kept; anything unreadable counts as nothing (storage is not trusted input). */
function load(id: string): Stored {
  try {
    const raw = session()?.getItem(`trouble-ticket-desk.${userKey(id, storageName)}`);
    const parsed = raw ? (JSON.parse(raw) as Partial<Stored>) : null;
    const items = Array.isArray(parsed?.items) ? parsed.items.filter(isItem).slice(0, MAX_NOTIFICATIONS) : [];
    const last = typeof parsed?.lastEventId === 'string' ? parsed.lastEventId : null;
    return { items, lastEventId: last };
  } catch {
    return { items: [], lastEventId: null };
  }
}

function save(): void {
  if (!userId) return;
  const stored: Stored = { items: [...store.get().items], lastEventId };
  try {
    session()?.setItem(`trouble-ticket-desk.${userKey(userId, storageName)}`, JSON.stringify(stored));
  } catch {
    // Full or blocked: the list then lasts for this page only.
  }
}

function set(next: Partial<NotificationsSnapshot>, persist = true): void {
  const snapshot = store.get();
  const items = next.items ?? snapshot.items;
  store.set({ ...snapshot, ...next, items, unread: items.filter((item) => !item.read).length });
  if (persist) save();
}

/** Switches to this agent's list ('' = signed out: empty). Called on every render's effect; a no-op for the same agent. */
export function bindUser(id: string): void {
  if (id === userId) return;
  userId = id;
  const stored = id ? load(id) : { items: [], lastEventId: null };
  lastEventId = stored.lastEventId;
  set({ items: stored.items }, false);
}

/** Adds an event (newest first, at most 50); one already listed under the same key is ignored. */
export function addNotification(item: Omit<NotificationItem, 'read'>): boolean {
  const { items } = store.get();
  if (items.some((shown) => shown.key === item.key)) return false;
  set({ items: [{ ...item, read: false }, ...items].slice(0, MAX_NOTIFICATIONS) });
  return true;
}

export function markAllRead(): void {
  const { unread, items } = store.get();
  if (unread > 0) set({ items: items.map((item) => (item.read ? item : { ...item, read: true })) });
}

export function clearNotifications(): void {
  set({ items: [] });
}

export function setConnection(connection: ConnectionState): void {
  set({ connection }, false);
}

/** The SSE id of the last event received, so a reload resumes there. */
export function getLastEventId(): string | null {
  return lastEventId;
}

export function setLastEventId(id: string | null): void {
  lastEventId = id;
  save();
}

/** Keys of the listed events: a replay after a reload must not list them again. */
export function knownKeys(): string[] {
  return store.get().items.map((item) => item.key);
}

/** The connection registers how to try again at once ("Reconnect now"); null when there is no connection. */
export function setReconnectHandler(handler: (() => void) | null): void {
  reconnectHandler = handler;
}

export function reconnectNow(): void {
  reconnectHandler?.();
}

/** Tests: forget the agent, the list and the connection (sessionStorage is cleared by the test itself). */
export function resetNotifications(): void {
  userId = '';
  lastEventId = null;
  reconnectHandler = null;
  store.set({ items: [], unread: 0, connection: off });
}
