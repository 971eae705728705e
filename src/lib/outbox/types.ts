/**
 * What the outbox holds and what a send of one of its tickets can come to: the contract between the wizard, which
 * queues and knows how to send a ticket, and the outbox, which keeps, lists and schedules (docs/decisions/0038).
 */
import type { InvalidField } from '../../domain/error';
import type { FaultTicketFvo } from '../../domain/ticket';

export const outboxVersion = 1;

/** Why the last attempt did not get the ticket to the service: no answer, or a status that says "later". */
export type OutboxProblem = { kind: 'network' } | { kind: 'status'; status: number };

/** What an agent must decide about a ticket the service would not take as it is (never sent again unasked). */
export type OutboxAttention = { reason: 'conflict' | 'forbidden' | 'unsupported'; ticketId?: string; status?: number };

/** Where the wizard run started, as its draft keeps it: the words of the outbox name a dispute or a copy by it. */
export type OutboxOrigin = { kind: string; ticketId: string };

type Common = {
  version: typeof outboxVersion;
  /** The agent the ticket belongs to (the token's `sub`): it is sent with this agent's token, shown to no one else. */
  userId: string;
  /** The wizard run's id (its draft's): Change brings the answers back under the same id. */
  id: string;
  externalId: string;
  ticketType: string;
  origin?: OutboxOrigin;
  /** ISO date-time when the agent submitted it. */
  queuedAt: string;
};

/** A ticket not yet with the service. */
export type PendingTicket = Common & {
  /**
   * waiting: sent when due; signIn: a 401, waits for this agent to sign in; attention: waits for the agent's decision;
   * refused: the service named what is wrong (400), the agent fixes it in the wizard (never sent again as it is).
   */
  state: 'waiting' | 'signIn' | 'attention' | 'refused';
  /** The create body as the form's schema parsed it: sent as it is. */
  body: FaultTicketFvo;
  /** The wizard's answers (its own form state), for Change and for a 400's errors on their fields. */
  values: unknown;
  /** Sends tried so far. */
  attempts: number;
  /** When the next send is due (ms since the epoch); 0: at once. */
  nextAttemptAt: number;
  /**
   * An attempt may have created it (no answer, an unreadable 2xx, or a page that went away mid-send): a 409 for its
   * external id then means "already created", and the ticket is looked up instead of sent again.
   */
  unconfirmed: boolean;
  /** A send has started and has no answer yet; found on load, it means the page went away mid-send. */
  inFlight: boolean;
  /** A paused bulk batch's ticket (features/bulk-entry): not sent until the agent goes on. */
  held?: boolean;
  problem?: OutboxProblem;
  attention?: OutboxAttention;
  /** The service's words about a refused ticket, put on its fields when the wizard opens it. */
  refusal?: { invalidFields: InvalidField[]; message?: string };
};

/** What became of a ticket that left the outbox: kept for a day (without its answers) so the agent can see it. */
export type FinishedTicket = Common & {
  state: 'finished';
  finishedAt: string;
  /** existed: a bulk batch's ticket whose first send got a 409, another upload made it before (`ticketId` when found). */
  result: { kind: 'created'; ticketId: string } | { kind: 'accepted' } | { kind: 'existed'; ticketId?: string };
};

export type OutboxEntry = PendingTicket | FinishedTicket;

export const isPending = (entry: OutboxEntry): entry is PendingTicket => entry.state !== 'finished';

/** What one send came to (the wizard's submit outcome, model/outcome.ts, in the outbox's terms). */
export type Delivery =
  | { kind: 'created'; ticketId: string }
  | { kind: 'accepted' }
  /** 400: the service named what is wrong; the agent fixes the ticket in the wizard, with the errors on its fields. */
  | { kind: 'invalid'; invalidFields: InvalidField[]; message?: string }
  /** 401 that a renewal could not mend: waits until this agent signs in again. */
  | { kind: 'signIn' }
  /** Try again later (no answer, 429, 5xx); `mayExist` when the service may have created it all the same. */
  | { kind: 'later'; mayExist: boolean; problem: OutboxProblem; retryAfterSeconds?: number }
  | { kind: 'attention'; attention: OutboxAttention };
