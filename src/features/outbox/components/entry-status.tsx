/**
 * Where a waiting ticket stands, in words: its state, the last problem, the tries, and what the agent may need to know.
 * What it must decide (a conflict, a refusal) is the create's outcome, shown by the one ticket outcome component.
 */
import { TicketOutcome } from '../../../components/outcomes/ticket-outcome';
import type { TicketOutcome as Outcome } from '../../../domain/create-outcome';
import { useWords } from '../../../lib/i18n/react';
import { clockTime } from '../../../lib/clock-time';
import type { PendingTicket } from '../../../lib/outbox/types';
import '../outbox-section';

/** The status the last try was answered with (a 409 that may be ours included); undefined for no answer. */
function answeredWith(outcome: Outcome): number | undefined {
  if (outcome.kind === 'unconfirmed') return 409;
  return 'status' in outcome ? outcome.status : undefined;
}

export function EntryStatus({ ticket, sending }: { ticket: PendingTicket; sending: boolean }) {
  const t = useWords();
  const state = sending ? t('outbox.state.sending') : t(`outbox.state.${ticket.state}`);
  const { outcome } = ticket;
  const status = outcome && answeredWith(outcome);
  return (
    <>
      <p className={`outbox-state outbox-state--${sending ? 'sending' : ticket.state}`}>
        <strong>{state}</strong>
      </p>
      <p className="outbox-entry__when">{t('outbox.submittedAt', { time: clockTime(ticket.queuedAt) })}</p>
      {ticket.state === 'waiting' && outcome && !sending ? (
        <p>
          {status === undefined ? t('outbox.problem.network') : t('outbox.problem.status', { status })} {t('outbox.tries', { count: ticket.attempts })}
        </p>
      ) : null}
      {(ticket.state === 'attention' || ticket.state === 'refused') && outcome ? <TicketOutcome outcome={outcome} externalId={ticket.externalId} /> : null}
      {ticket.unconfirmed && ticket.state === 'waiting' ? <p className="outbox-entry__note">{t('outbox.mayExist')}</p> : null}
    </>
  );
}
