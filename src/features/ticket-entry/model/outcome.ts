/**
 * What an answer to POST /troubleTicket means beyond the create vocabulary every resource shares (src/api/outcome.ts):
 * a 409 is settled by looking the ticket up (interface.md 4.1, docs/decisions/0008), so one click never makes two.
 */
import type { CreateOutcome } from '../../../api/outcome';

export type Outcome =
  | Exclude<CreateOutcome, { kind: 'conflict' }>
  /** 409: another ticket carries the external id; `ticketId` when the look-up found it. */
  | { kind: 'conflict'; ticketId?: string }
  /** A 409 after an attempt that may have created it, when the ticket could not be looked up: ours, most likely. */
  | { kind: 'unconfirmed' };

/**
 * A 409 names a ticket that already carries the external id (`ticketId`, when the look-up found it). When an earlier
 * attempt with this id may have created it (it got no answer), that ticket is the agent's own: open it, never create a
 * second one.
 */
export function outcomeOfConflict(ticketId: string | undefined, earlierAttemptMayExist: boolean): Outcome {
  if (!earlierAttemptMayExist) return { kind: 'conflict', ...(ticketId ? { ticketId } : {}) };
  return ticketId ? { kind: 'created', id: ticketId } : { kind: 'unconfirmed' };
}

/** The outcomes the check-answers page shows in its outcome panel (the others leave the page or go to the summary). */
export type ShownOutcome = Extract<
  Outcome,
  { kind: 'conflict' | 'unconfirmed' | 'unauthorized' | 'forbidden' | 'rateLimited' | 'unavailable' | 'unsupported' | 'unreadable' }
> & {
  /** The external id sent: the panel links to the tickets that carry it. */
  externalId: string;
};
