/** The last tickets this agent opened (at most 10, newest first), kept per agent in this browser. */
import { useSyncExternalStore } from 'react';
import { useSession } from './session';
import { readJson, userKey, writeJson } from './storage';

export const RECENT_MAX = 10;

export type RecentTicket = {
  id: string;
  /** The buyer's ticket number, when the ticket had one: agents read it out as often as the id. */
  externalId?: string;
  /** When it was last opened, ISO 8601. */
  openedAt: string;
};

const name = 'recent-tickets';
const cache = new Map<string, RecentTicket[]>();
const listeners = new Set<() => void>();

function isEntry(value: unknown): value is RecentTicket {
  const entry = value as Partial<RecentTicket> | null;
  return (
    typeof entry?.id === 'string' &&
    entry.id !== '' &&
    typeof entry.openedAt === 'string' &&
    (entry.externalId === undefined || typeof entry.externalId === 'string')
  );
}

/** What is stored; entries of another shape (an older version, a hand edit) are left out. */
export function readRecentTickets(userId: string): RecentTicket[] {
  let list = cache.get(userId);
  if (!list) {
    const stored = readJson(userKey(userId, name));
    list = Array.isArray(stored) ? stored.filter(isEntry).slice(0, RECENT_MAX) : [];
    cache.set(userId, list);
  }
  return list;
}

/** Puts a ticket first (once: opening it again moves it up) and keeps the newest RECENT_MAX. */
export function recordRecentTicket(userId: string, ticket: { id: string; externalId?: string }, now = Date.now()): void {
  const current = readRecentTickets(userId);
  const entry: RecentTicket = { id: ticket.id, openedAt: new Date(now).toISOString() };
  if (ticket.externalId) entry.externalId = ticket.externalId;
  const next = [entry, ...current.filter((item) => item.id !== ticket.id)].slice(0, RECENT_MAX);
  cache.set(userId, next);
  writeJson(userKey(userId, name), next);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tests start each case from what storage holds. */
export function forgetRecentTickets(): void {
  cache.clear();
}

export function useRecentTickets(): RecentTicket[] {
  const { userId } = useSession();
  return useSyncExternalStore(subscribe, () => readRecentTickets(userId));
}
