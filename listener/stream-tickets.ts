/** One-time stream tickets: what a browser puts in the EventSource URL instead of its access token (decision 0022). */
import { randomBytes } from 'node:crypto';

export const TICKET_LIFETIME_MS = 30_000;
/** Without a verified token (no RELAY_ISSUER) nothing says when the agent's session ends: streams last this long. */
export const DEFAULT_STREAM_LIFETIME_MS = 15 * 60_000;
/** Outstanding tickets kept at most; the oldest go first (each is useless after 30 s anyway). */
export const MAX_OUTSTANDING_TICKETS = 10_000;

export type Redeemed = { streamUntil: number };

export type StreamTickets = {
  /** A fresh ticket whose stream may last until `streamUntil` (ms since epoch). */
  issue(streamUntil: number): string;
  /** The ticket's stream end, once: a used, unknown or expired ticket gives undefined. */
  redeem(ticket: string): Redeemed | undefined;
  outstanding(): number;
};

export function createStreamTickets(now: () => number): StreamTickets {
  // Insertion order = issue order, so the first entries are the oldest: expired ones are swept from the front.
  const tickets = new Map<string, { expiresAt: number; streamUntil: number }>();

  function sweep() {
    const t = now();
    for (const [ticket, entry] of tickets) {
      if (entry.expiresAt > t && tickets.size < MAX_OUTSTANDING_TICKETS) break;
      tickets.delete(ticket);
    }
  }

  return {
    issue(streamUntil) {
      sweep();
      const ticket = randomBytes(32).toString('base64url');
      tickets.set(ticket, { expiresAt: now() + TICKET_LIFETIME_MS, streamUntil });
      return ticket;
    },
    redeem(ticket) {
      const entry = tickets.get(ticket);
      if (!entry) return undefined;
      tickets.delete(ticket);
      if (entry.expiresAt <= now() || entry.streamUntil <= now()) return undefined;
      return { streamUntil: entry.streamUntil };
    },
    outstanding: () => tickets.size,
  };
}
