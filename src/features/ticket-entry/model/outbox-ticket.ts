/**
 * A wizard run and the outbox, both ways: the submitted run as the outbox keeps it (its parsed body to send, its
 * answers for later), and an outbox ticket taken back as the run's draft, at check answers, for Change or with the
 * errors of a 400 on its fields (docs/decisions/0038).
 */
import type { FaultTicketFvo } from '../../../domain/ticket';
import { withOutboxLock } from '../../../lib/outbox/lock';
import { getOutboxEntry, removeOutboxEntry } from '../../../lib/outbox/store';
import { isPending, outboxVersion, type OutboxEntry, type PendingTicket } from '../../../lib/outbox/types';
import { readDraft, writeDraft, type Draft, type DraftOrigin, type ServiceErrors } from './draft';
import { emptyValues, type EntryValues } from './form-values';

type Run = {
  userId: string;
  /** The run's id: the outbox ticket keeps it, so Change brings the answers back as the same run. */
  draftId: string;
  body: FaultTicketFvo;
  values: EntryValues;
  origin?: DraftOrigin;
  /** An attempt already got no answer: the service may have it, and a 409 will mean "already created". */
  unconfirmed: boolean;
};

export function queuedTicket({ userId, draftId, body, values, origin, unconfirmed }: Run, now: Date): PendingTicket {
  return {
    version: outboxVersion,
    userId,
    id: draftId,
    externalId: body.externalIdentifier[0]?.id ?? '',
    ticketType: body.ticketType,
    ...(origin ? { origin } : {}),
    queuedAt: now.toISOString(),
    state: 'waiting',
    body,
    values,
    attempts: 0,
    nextAttemptAt: 0,
    unconfirmed,
    inFlight: false,
  };
}

/** A refusal's words (a 400 the outbox met), for the fields when the wizard opens the run. */
function serviceErrorsOf({ outcome }: PendingTicket): { serviceErrors?: ServiceErrors } {
  if (outcome?.kind !== 'invalid') return {};
  const message = outcome.message ?? outcome.reason;
  return { serviceErrors: { invalidFields: outcome.invalidFields, ...(message ? { message } : {}) } };
}

/**
 * Writes the outbox ticket back as its run's draft (the answers as they were, at check answers, with a refusal's
 * words for its fields) and returns the run's id; throws when the browser will not store it.
 */
export function draftFromTicket(ticket: PendingTicket): string {
  const stored = typeof ticket.values === 'object' && ticket.values !== null ? (ticket.values as Partial<EntryValues>) : {};
  const written = writeDraft(ticket.userId, ticket.id, {
    step: 'check',
    values: { ...emptyValues(), ...stored },
    // An earlier attempt that may have created it stays known: the wizard's next 409 then opens that ticket.
    ...(ticket.unconfirmed ? { unconfirmedExternalId: ticket.externalId } : {}),
    ...(ticket.origin ? { origin: ticket.origin as DraftOrigin } : {}),
    ...serviceErrorsOf(ticket),
  });
  if (!written) throw new Error('The browser did not store the draft.');
  return ticket.id;
}

export type TakenBack = { kind: 'draft'; draft: Draft } | { kind: 'gone'; entry: OutboxEntry | undefined } | { kind: 'failed' };

/**
 * Change, or Fix after a refusal: the ticket leaves the outbox as its run's draft again. Holding the agent's outbox (a
 * send in flight finishes first), the draft is written before the ticket is removed, so a failure keeps it queued.
 */
export function takeBackFromOutbox(userId: string, id: string): Promise<TakenBack> {
  return withOutboxLock(userId, async (): Promise<TakenBack> => {
    const entry = await getOutboxEntry(userId, id);
    if (!entry || !isPending(entry)) return { kind: 'gone', entry };
    let draft: Draft | null;
    try {
      draft = readDraft(userId, draftFromTicket(entry));
    } catch {
      return { kind: 'failed' };
    }
    if (!draft) return { kind: 'failed' };
    await removeOutboxEntry(userId, id);
    return { kind: 'draft', draft };
  }).catch((): TakenBack => ({ kind: 'failed' }));
}
