/**
 * What an answer to a create (POST /troubleTicket, POST /cancelProductOrder) comes to for the agent: the one set of
 * outcome kinds, with their data, for both resources (interface.md 4.1 and 4.2, decisions 0008, 0021, 0065 and
 * docs/decisions/2026-11-28-one-outcome-per-resource.md). Plain data, so the outbox stores it as it is
 * (src/lib/outbox/types.ts). Read from an answer once, by src/api/outcome.ts; shown by one component per resource
 * (src/components/outcomes/). A resource differs only in what a 409 tells of the one that already exists.
 */
import type { InvalidField } from './error';

/** A ticket that already carries the external id (a 409), as the look-up by that id found it, with its status. */
export type ExistingTicket = { id: string; status?: string };

/** The cancellation already under way for the product order (a 409), as the look-up found it. */
export type ExistingCancellation = { id: string; state?: string };

/** Of what the look-up found, what the agent is shown: the only place a 409's data is chosen. */
export function existingTicketOf(found: { id: string; status?: string | undefined }): ExistingTicket {
  return { id: found.id, ...(found.status ? { status: found.status } : {}) };
}

export function existingCancellationOf(found: { id: string; state?: string | undefined }): ExistingCancellation {
  return { id: found.id, ...(found.state ? { state: found.state } : {}) };
}

/**
 * One outcome of a create. `status` is the HTTP status the service answered (absent: no answer at all, or a fault of
 * the app); `reason` the service's own words (its ErrorMessage), shown as it said them.
 */
export type CreateOutcome<Existing> =
  | { kind: 'created'; id: string }
  /** 202: taken, made later; it has no id yet. */
  | { kind: 'accepted' }
  /** 400: the fields the service named (decision 0009), and its message and reason for the rest. */
  | { kind: 'invalid'; invalidFields: InvalidField[]; message?: string; reason?: string }
  | { kind: 'unauthorized' }
  | { kind: 'forbidden' }
  /** 409: another one already holds what this one would (an external id, an open cancellation); `existing` when found. */
  | { kind: 'conflict'; existing?: Existing }
  /** A 409 after an attempt of ours that may have created it, and the look-up found nothing yet: ours, most likely. */
  | { kind: 'unconfirmed' }
  /** 429: the service took nothing; `retryAfterSeconds` when it said how long to wait. */
  | { kind: 'rateLimited'; status: number; retryAfterSeconds?: number; reason?: string }
  /**
   * 5xx (not 501) or no answer: worth sending again. `mayExist` when the service may have made it all the same (not
   * after a 503: that takes nothing), so a 409 on the next attempt is read as "the first one worked".
   */
  | { kind: 'unavailable'; mayExist: boolean; status?: number; retryAfterSeconds?: number; reason?: string }
  /** A refusal the interface does not declare for a create (404, 405, 406, 501 …), or a fault of the app: sending again changes nothing. */
  | { kind: 'unsupported'; status?: number; reason?: string }
  /** A 2xx the app cannot read: it may exist. */
  | { kind: 'unreadable'; status: number };

export type TicketOutcome = CreateOutcome<ExistingTicket>;
export type CancellationOutcome = CreateOutcome<ExistingCancellation>;
export type OutcomeKind = CreateOutcome<unknown>['kind'];

/** Every kind, once: the tests and the recipe walk this list (a kind missing here fails the typecheck). */
export const outcomeKinds = [
  'created',
  'accepted',
  'invalid',
  'unauthorized',
  'forbidden',
  'conflict',
  'unconfirmed',
  'rateLimited',
  'unavailable',
  'unsupported',
  'unreadable',
] as const satisfies readonly OutcomeKind[];
type Unlisted = Exclude<OutcomeKind, (typeof outcomeKinds)[number]>;
/** Fails the typecheck while a kind of the union is not in the list. */
export const everyKindListed: [Unlisted] extends [never] ? true : Unlisted = true;

/** Whether the attempt may have made it without saying so: a 409 on the next attempt is then likely this one's. */
export function mayHaveCreated(outcome: CreateOutcome<unknown>): boolean {
  return (outcome.kind === 'unavailable' && outcome.mayExist) || outcome.kind === 'unreadable';
}

/** The status the service answered, for words that name it; undefined for no answer, a fault of the app or a 2xx read. */
export function statusOf(outcome: CreateOutcome<unknown>): number | undefined {
  return 'status' in outcome ? outcome.status : undefined;
}

/**
 * A ticket's 409, settled with what the look-up found (decision 0008): another ticket carries the external id. When an
 * earlier attempt with this id may have created it (it got no answer), that ticket is the agent's own: open it, never
 * create a second one.
 */
export function settleTicketConflict(found: ExistingTicket | undefined, earlierAttemptMayExist: boolean): TicketOutcome {
  if (!earlierAttemptMayExist) return { kind: 'conflict', ...(found ? { existing: found } : {}) };
  return found ? { kind: 'created', id: found.id } : { kind: 'unconfirmed' };
}
