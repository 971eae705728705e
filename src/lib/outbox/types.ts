/**
 * What the outbox holds: the contract between the wizard, which queues and knows how to send a ticket, and the outbox,
 * which keeps, lists and schedules (docs/decisions/0038). What a send came to is the create's own outcome
 * (src/domain/create-outcome.ts#TicketOutcome), stored as it is; entries stored before (version 1) are read by
 * ./read-entry.ts.
 */
import type { TicketOutcome } from '../../domain/create-outcome';
import type { FaultTicketFvo } from '../../domain/ticket';

/** 2: the last send's outcome is kept as the create's outcome (1 kept `problem`, `attention`, `refusal`). */
export const outboxVersion = 2;

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
  /**
   * What the last send came to, while the ticket still waits: the problem (no answer, a status that says "later"), what
   * the agent must decide (a conflict, a refusal) or the service's words about a refused ticket (put on its fields when
   * the wizard opens it).
   */
  outcome?: TicketOutcome;
  /** A paused bulk batch's ticket (features/bulk-entry): not sent until the agent goes on. */
  held?: boolean;
};

/**
 * What a ticket that left the outbox came to; a conflict only for a bulk batch's line, whose 409 on a first send means
 * an earlier upload of the same file made it ("already existed", linked when found).
 */
export type FinishedResult = Extract<TicketOutcome, { kind: 'created' | 'accepted' | 'conflict' }>;

/** What became of a ticket that left the outbox: kept for a day (without its answers) so the agent can see it. */
export type FinishedTicket = Common & {
  state: 'finished';
  finishedAt: string;
  result: FinishedResult;
};

export type OutboxEntry = PendingTicket | FinishedTicket;

export const isPending = (entry: OutboxEntry): entry is PendingTicket => entry.state !== 'finished';
