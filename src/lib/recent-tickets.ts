/** The last tickets this agent opened (at most 10, newest first), kept per agent in this browser. */
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

function isEntry(value: unknown): value is RecentTicket {
  const entry = value as Partial<RecentTicket> | null;
  return (
    typeof entry?.id === 'string' &&
    entry.id !== '' &&
    typeof entry.openedAt === 'string' &&
    (entry.externalId === undefined || typeof entry.externalId === 'string')
  );
}

/**
 * What is stored; entries of another shape (an older version, a hand edit) are left out. Read when a screen that
 * shows them opens (the overview, the palette): no screen shows them while a ticket is being opened.
 */
export function readRecentTickets(userId: string): RecentTicket[] {
  const stored = readJson(userKey(userId, name));
  return Array.isArray(stored) ? stored.filter(isEntry).slice(0, RECENT_MAX) : [];
}

/** Puts a ticket first (once: opening it again moves it up) and keeps the newest RECENT_MAX. */
export function recordRecentTicket(userId: string, ticket: { id: string; externalId?: string }, now = Date.now()): void {
  const entry: RecentTicket = { id: ticket.id, openedAt: new Date(now).toISOString() };
  if (ticket.externalId) entry.externalId = ticket.externalId;
  const others = readRecentTickets(userId).filter((item) => item.id !== ticket.id);
  writeJson(userKey(userId, name), [entry, ...others].slice(0, RECENT_MAX));
}
