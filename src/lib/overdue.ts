/**
 * "Overdue" as the service is asked for it (decision 0035): the statuses still awaiting resolution and an expected
 * resolution before now. Apart from ./due (the badges), so the overview's count loads no more than this.
 */
import type { ticketStatuses } from '../domain/ticket-status';

export type TicketStatus = (typeof ticketStatuses)[number];

/**
 * The statuses whose resolution is still awaited, as the service is asked for them: the interface's enum only. Resolved
 * is open for a dispute (0007) but its resolution is done; closed, cancelled, rejected and failed are final. Neither
 * kind is ever overdue. The profile's wider words (accepted, assessingCancellation, …) are not asked for: a service of
 * the interface filters by its own enum (decision 0047); a row in one of them still shows its due badge (./due).
 */
export const awaitingResolution: readonly TicketStatus[] = ['acknowledged', 'inProgress', 'pending', 'held'];

/** The clock rounded down to the minute: a list query that holds "now" changes (and refetches) once a minute. */
export function minuteOf(now: number): number {
  return now - (now % 60_000);
}

/**
 * The service filters for "overdue": awaiting resolution (intersected with `statuses` when the agent chose some) and
 * expected before `now`. When the chosen statuses leave none awaiting, nothing can be overdue: an empty range
 * (`gte` = `lt`) asks for nothing in the service's own terms instead of dropping the status filter.
 */
export function overdueFilters(now: number, statuses?: readonly string[]): Record<string, string | readonly string[]> {
  const before = new Date(now).toISOString();
  const open = statuses?.length ? awaitingResolution.filter((status) => statuses.includes(status)) : awaitingResolution;
  if (open.length === 0) {
    return { status: statuses ?? [], 'expectedResolutionDate.lt': before, 'expectedResolutionDate.gte': before };
  }
  return { status: open, 'expectedResolutionDate.lt': before };
}
