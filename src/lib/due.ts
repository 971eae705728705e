/** What is due: a ticket's expected resolution against the clock, in whole minutes, hours or days (decision 0035). */
import { isFinalStatus } from '../domain/ticket-status';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Up to this long before the expected resolution a ticket is "due soon" (amber); earlier it is only "due". */
export const SOON_MS = 4 * HOUR;


export type DueUnit = 'minute' | 'hour' | 'day';

export type Due = {
  /** The expected resolution lies in the past. */
  overdue: boolean;
  /** Not overdue, and at most SOON_MS away. */
  soon: boolean;
  /** How far away, rounded down to whole units (at least 1): "due in 3 h", "overdue by 2 d". */
  count: number;
  unit: DueUnit;
};

/**
 * `expected` and `status` as the ticket has them, `now` in epoch milliseconds. Nothing is due without a readable
 * expected resolution or once the status is final (resolved, closed, completed, done, cancelled, rejected, failed:
 * src/domain/ticket-status.ts; resolved is open for a dispute, 0007, but its resolution is done); any other status,
 * assessingCancellation and one this app does not know included, is taken as open (shown, not hidden). Overdue means
 * strictly past, as the service filter `expectedResolutionDate.lt=now` reads it.
 */
export function dueOf(expected: string | undefined, status: string | undefined, now: number): Due | undefined {
  if (!expected || isFinalStatus(status)) return undefined;
  const at = Date.parse(expected);
  if (Number.isNaN(at)) return undefined;
  const left = at - now;
  const span = Math.abs(left);
  const [unit, size]: [DueUnit, number] = span < HOUR ? ['minute', MINUTE] : span < DAY ? ['hour', HOUR] : ['day', DAY];
  return { overdue: left < 0, soon: left >= 0 && left <= SOON_MS, count: Math.max(1, Math.floor(span / size)), unit };
}

