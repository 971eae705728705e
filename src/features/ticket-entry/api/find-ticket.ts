/**
 * The ticket a 409 is about: the open ticket carrying this external id (the service refuses a second open one, decision
 * 0008), looked up through the list. Asked by ./create-ticket.ts, the one create of the wizard and the outbox.
 */
import type { ApiClient } from '../../../api/client';
import { isApiError, isRateLimited, isRetryable } from '../../../api/errors';
import { isClosedForGood } from '../../../domain/ticket-status';

/** Looking the ticket up is a read: tried this often when the service has a passing problem. */
export const lookupAttempts = 3;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The ticket a look-up found, as the list gives it (what of it the agent sees is chosen in src/domain/create-outcome.ts). */
export type FoundTicket = { id: string; status?: string | undefined };

/** The open ticket carrying `externalId` (else the newest one), or undefined when it cannot be found. */
export async function findTicket(api: ApiClient, externalId: string, wait: (ms: number) => Promise<unknown> = pause): Promise<FoundTicket | undefined> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const page = await api.listTroubleTickets({
        filters: { 'externalIdentifier.id': externalId },
        sort: '-creationDate',
        limit: 10,
        fields: ['status'],
      });
      // A ticket closed for good (closed, completed, done, cancelled, …; not resolved) no longer holds its external id (0007).
      const open = page.items.find((ticket) => !isClosedForGood(ticket.status));
      const found = open ?? page.items[0];
      return found ? { id: found.id, status: found.status } : undefined;
    } catch (error) {
      // A passing outage (5xx, no answer, 429) must not hide the ticket the agent just created: wait and ask again.
      if (attempt >= lookupAttempts || !(isRetryable(error) || isRateLimited(error))) return undefined;
      const waitSeconds = isApiError(error) ? Math.min(error.retryAfterSeconds ?? 0, 5) : 0;
      await wait(Math.max(waitSeconds * 1000, 500 * attempt));
    }
  }
}
