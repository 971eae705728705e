/**
 * The follow-ups a ticket's page offers: "Dispute this resolution" on a resolved or closed fault (elsewhere a fault
 * says when it will be offered; a dispute has none), and "Copy as new ticket" on every ticket. Both only open the
 * wizard with answers filled in: nothing is sent from here.
 */
import { Link } from 'react-router-dom';
import type { TroubleTicketRead } from '../../../api/read-models';
import { useWords } from '../../../lib/i18n/react';
import { useSession } from '../../../lib/session';
import '../follow-up-section';
import { whyNotDisputable } from '../model/follow-up';
import { copyHref, disputeHref } from '../model/step-href';
import './follow-up.css';

export function FollowUpActions({ ticket }: { ticket: Pick<TroubleTicketRead, 'id' | 'ticketType' | 'status'> }) {
  const t = useWords();
  const { canWrite } = useSession();
  const whyNot = whyNotDisputable(ticket);
  // Both open the ticket wizard: a viewer (gateway mode) writes nothing, so neither is offered.
  if (!canWrite) return null;
  return (
    <div className="follow-up-actions" role="group" aria-label={t('followUp.action.label')}>
      {whyNot === null ? (
        <Link className="button button--secondary" to={disputeHref(ticket.id)}>
          {t('followUp.action.dispute')}
        </Link>
      ) : null}
      <Link className="button button--secondary" to={copyHref(ticket.id)}>
        {t('followUp.action.copy')}
      </Link>
      {whyNot === 'notResolved' ? <p className="follow-up-actions__note">{t('followUp.action.notResolved')}</p> : null}
    </div>
  );
}
