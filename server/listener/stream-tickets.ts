/** One-time stream tickets: what a browser puts in the EventSource URL instead of its access token (decision 0022). */
import { createHash, randomBytes } from 'node:crypto';

export const TICKET_LIFETIME_MS = 30_000;
/** Without a verified token (no RELAY_ISSUER) nothing says when the agent's session ends: streams last this long. */
export const DEFAULT_STREAM_LIFETIME_MS = 15 * 60_000;
/** Unused tickets one token may hold at once: a browser spends each within a second, so this is plenty (0031). */
export const DEFAULT_TICKETS_PER_TOKEN = 10;
/** Unused tickets held at once by everyone together; beyond it newcomers wait, nobody's ticket is evicted. */
export const MAX_OUTSTANDING_TICKETS = 10_000;

/** What a ticket opens: a stream until then, for this agent (subject), replaying nothing older than `since` (ms). */
export type Redeemed = { streamUntil: number; subject: string; since: number };
export type TicketAgent = Omit<Redeemed, 'streamUntil'>;

/** A ticket, or how long to wait (Retry-After) because the token, or everyone together, holds the most allowed. */
export type Issued = { ticket: string } | { retryAfterSeconds: number; scope: 'token' | 'everyone' };

export type StreamTickets = {
  /** A fresh ticket for the holder of `token`, whose stream may last until `streamUntil` (ms since epoch). */
  issue(token: string, streamUntil: number, agent: TicketAgent): Promise<Issued>;
  /** What the ticket opens, once: a used, unknown or expired ticket gives undefined. */
  redeem(ticket: string): Promise<Redeemed | undefined>;
};

/** Who holds a ticket: the token's SHA-256, so no token is kept (nor, with Redis, stored). */
export const ownerOf = (token: string) => createHash('sha256').update(token).digest('base64url');

export const newTicket = () => randomBytes(32).toString('base64url');

export type InProcessTicketOptions = { now: () => number; perToken?: number; outstanding?: number };

export function createStreamTickets({ now, perToken = DEFAULT_TICKETS_PER_TOKEN, outstanding = MAX_OUTSTANDING_TICKETS }: InProcessTicketOptions): StreamTickets {
  // Insertion order = issue order = expiry order (one lifetime for all): expired tickets are swept from the front.
  const tickets = new Map<string, { owner: string; expiresAt: number; streamUntil: number; agent: TicketAgent }>();
  // Each owner's unused tickets, oldest first: at most `perToken` each, so this is bounded with `tickets`.
  const byOwner = new Map<string, string[]>();

  function forget(ticket: string) {
    const entry = tickets.get(ticket);
    if (!entry) return;
    tickets.delete(ticket);
    const held = (byOwner.get(entry.owner) ?? []).filter((t) => t !== ticket);
    if (held.length) byOwner.set(entry.owner, held);
    else byOwner.delete(entry.owner);
  }

  function sweep(t: number) {
    for (const [ticket, entry] of tickets) {
      if (entry.expiresAt > t) break;
      forget(ticket);
    }
  }

  const secondsUntil = (ms: number, t: number) => Math.max(1, Math.ceil((ms - t) / 1000));

  return {
    async issue(token, streamUntil, agent) {
      const t = now();
      sweep(t);
      const owner = ownerOf(token);
      const held = byOwner.get(owner) ?? [];
      if (held.length >= perToken) {
        return { retryAfterSeconds: secondsUntil(tickets.get(held[0] as string)?.expiresAt ?? t, t), scope: 'token' };
      }
      if (tickets.size >= outstanding) {
        const oldest = tickets.values().next().value as { expiresAt: number };
        return { retryAfterSeconds: secondsUntil(oldest.expiresAt, t), scope: 'everyone' };
      }
      const ticket = newTicket();
      tickets.set(ticket, { owner, expiresAt: t + TICKET_LIFETIME_MS, streamUntil, agent });
      byOwner.set(owner, [...held, ticket]);
      return { ticket };
    },
    async redeem(ticket) {
      const entry = tickets.get(ticket);
      if (!entry) return undefined;
      forget(ticket);
      if (entry.expiresAt <= now() || entry.streamUntil <= now()) return undefined;
      return { streamUntil: entry.streamUntil, ...entry.agent };
    },
  };
}
