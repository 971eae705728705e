/** The ticket statuses, apart from the schemas: screens that only list them (the overview) need no zod. */

/** In the order of the usual flow, then the side states (decisions.md): screens list them in this order. */
export const ticketStatuses = [
  'acknowledged',
  'inProgress',
  'pending',
  'held',
  'resolved',
  'closed',
  'rejected',
  'cancelled',
  'failed',
] as const;

const byLetters = new Map<string, string>(ticketStatuses.map((status) => [status.toLowerCase(), status]));

/**
 * A status as a service sent it, mapped to the interface's own spelling when only letter case, spaces, `_` or `-`
 * differ (`Pending`, `IN_PROGRESS`, `in progress` -> `pending`, `inProgress`); anything else is kept as it came, so a
 * newer service's status is shown rather than hidden (decisions.md "Reading is tolerant").
 */
export function readStatus(status: string): string {
  return byLetters.get(status.replace(/[\s_-]+/g, '').toLowerCase()) ?? status;
}
