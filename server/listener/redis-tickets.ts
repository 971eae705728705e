/** Stream tickets in Redis: bought at one receiver, redeemed at any, once; limits as in-process (stream-tickets.ts). */
import type { RedisConnection, RedisKeys } from './redis-connection';
import { ISSUE_TICKET, REDEEM_TICKET } from './redis-scripts';
import { DEFAULT_TICKETS_PER_TOKEN, MAX_OUTSTANDING_TICKETS, newTicket, ownerOf, TICKET_LIFETIME_MS, type StreamTickets } from './stream-tickets';

export type RedisTicketOptions = { redis: RedisConnection; keys: RedisKeys; now: () => number; perToken?: number; outstanding?: number };

export function createRedisTickets({ redis, keys, now, perToken = DEFAULT_TICKETS_PER_TOKEN, outstanding = MAX_OUTSTANDING_TICKETS }: RedisTicketOptions): StreamTickets {
  return {
    async issue(token, streamUntil, agent) {
      const ticket = newTicket();
      const owner = keys.ticketsOf(ownerOf(token));
      const [issued, waitMs, scope] = await redis.evaluate<[number, number, number?]>(ISSUE_TICKET, [keys.ticket(ticket), owner, keys.tickets], [
        String(TICKET_LIFETIME_MS),
        String(perToken),
        String(outstanding),
        String(Math.floor(streamUntil)),
        keys.ticket(ticket),
        String(Math.floor(agent.since)),
        agent.subject,
      ]);
      if (issued === 1) return { ticket };
      return { retryAfterSeconds: Math.max(1, Math.ceil(Number(waitMs) / 1000)), scope: scope === 2 ? 'everyone' : 'token' };
    },
    async redeem(ticket) {
      // A ticket of another shape is not looked up: the key is a hash, but there is no reason to ask.
      if (!/^[A-Za-z0-9_-]{43}$/.test(ticket)) return undefined;
      const redeemed = await redis.evaluate<[string, string, string] | null>(REDEEM_TICKET, [keys.ticket(ticket), keys.tickets], [keys.ticket(ticket)]);
      if (redeemed === null || Number(redeemed[0]) <= now()) return undefined;
      return { streamUntil: Number(redeemed[0]), since: Number(redeemed[1]), subject: redeemed[2] };
    },
  };
}
