/** Where a waiting ticket stands, in words: its state, the last problem, the tries, and what the agent may need to know. */
import { Link } from 'react-router-dom';
import { useWords } from '../../../lib/i18n/react';
import { clockTime } from '../../../lib/clock-time';
import type { PendingTicket } from '../../../lib/outbox/types';
import '../outbox-section';

export function EntryStatus({ ticket, sending }: { ticket: PendingTicket; sending: boolean }) {
  const t = useWords();
  const state = sending ? t('outbox.state.sending') : t(`outbox.state.${ticket.state}`);
  const { problem, attention } = ticket;
  return (
    <>
      <p className={`outbox-state outbox-state--${sending ? 'sending' : ticket.state}`}>
        <strong>{state}</strong>
      </p>
      <p className="outbox-entry__when">{t('outbox.submittedAt', { time: clockTime(ticket.queuedAt) })}</p>
      {ticket.state === 'waiting' && problem && !sending ? (
        <p>
          {problem.kind === 'network' ? t('outbox.problem.network') : t('outbox.problem.status', { status: problem.status })}{' '}
          {t('outbox.tries', { count: ticket.attempts })}
        </p>
      ) : null}
      {ticket.state === 'attention' && attention ? (
        <p>
          {attention.reason === 'conflict'
            ? t('outbox.attention.conflict', { externalId: ticket.externalId })
            : attention.reason === 'forbidden'
              ? t('outbox.attention.forbidden')
              : t('outbox.attention.unsupported', { status: attention.status ?? '' })}{' '}
          {attention.ticketId ? (
            <Link to={`/tickets/${encodeURIComponent(attention.ticketId)}`}>{t('outbox.attention.openTicket', { ticketId: attention.ticketId })}</Link>
          ) : null}
        </p>
      ) : null}
      {ticket.state === 'refused' ? (
        <p>
          {t('outbox.refused', { count: ticket.refusal?.invalidFields.length ?? 0 })}
          {ticket.refusal?.message ? ` ${ticket.refusal.message}` : ''}
        </p>
      ) : null}
      {ticket.unconfirmed && ticket.state === 'waiting' ? <p className="outbox-entry__note">{t('outbox.mayExist')}</p> : null}
    </>
  );
}
