/** The ticket statuses and their kinds, apart from the schemas: screens that only list them (the overview) need no zod. */

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

/** Open work, work waiting on someone, work finished, work stopped: what a status's colour says. */
export type StatusKind = 'open' | 'waiting' | 'done' | 'stopped';

/**
 * Every status and state the desk knows a word for: the interface's ticket statuses, the AG-FIT 621 profile's wider
 * vocabulary (accepted, assessingCancellation, completed, done, initialized, confirmed; decisions.md "Read-only
 * fields…") and the cancellation's TMF622 states (done, terminatedWithError), each with its kind (decision 0047).
 */
const kinds = {
  acknowledged: 'open',
  accepted: 'open',
  initialized: 'open',
  confirmed: 'open',
  inProgress: 'open',
  pending: 'waiting',
  held: 'waiting',
  // The provider weighs the buyer's cancellation request: nothing is decided, and the ticket is still due.
  assessingCancellation: 'waiting',
  resolved: 'done',
  closed: 'done',
  completed: 'done',
  done: 'done',
  rejected: 'stopped',
  cancelled: 'stopped',
  failed: 'stopped',
  terminatedWithError: 'stopped',
} as const satisfies Record<string, StatusKind>;

export type KnownStatus = keyof typeof kinds;

export const knownStatuses = Object.keys(kinds) as KnownStatus[];

export function isKnownStatus(status: string | undefined): status is KnownStatus {
  return status !== undefined && Object.hasOwn(kinds, status);
}

/** The kind of a known status; undefined for one this app has no word for (it is shown as received). */
export function statusKindOf(status: string | undefined): StatusKind | undefined {
  return isKnownStatus(status) ? kinds[status] : undefined;
}

/**
 * No work follows these (decisions.md: rejected, cancelled, completed, closed, failed, done, resolved; and the
 * cancellation's terminatedWithError), so nothing about them is ever due. assessingCancellation is not one of them.
 */
export function isFinalStatus(status: string | undefined): boolean {
  const kind = statusKindOf(status);
  return kind === 'done' || kind === 'stopped';
}

/** The final ones, as the kinds above say (a list for tests and documentation). */
export const finalStatuses: readonly KnownStatus[] = knownStatuses.filter(isFinalStatus);

/**
 * Final and past disputing: a resolved ticket is final for the due time, but it can still be disputed or reopened, so
 * it keeps its external id (docs/decisions/0007).
 */
export function isClosedForGood(status: string | undefined): boolean {
  return isFinalStatus(status) && status !== 'resolved';
}

const byLetters = new Map<string, string>(knownStatuses.map((status) => [status.toLowerCase(), status]));

/**
 * A status as a service sent it, mapped to the known spelling when only letter case, spaces, `_` or `-` differ
 * (`Pending`, `IN_PROGRESS`, `in progress`, `ASSESSING_CANCELLATION` -> `pending`, `inProgress`,
 * `assessingCancellation`); anything else is kept as it came, so a newer service's status is shown rather than hidden
 * (decisions.md "Reading is tolerant").
 */
export function readStatus(status: string): string {
  return byLetters.get(status.replace(/[\s_-]+/g, '').toLowerCase()) ?? status;
}
