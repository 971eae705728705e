/**
 * /tickets/new?disputes=ID and ?copyOf=ID: loads the ticket (the detail page's cached copy when there is one), turns it
 * into answers (model/follow-up.ts), stores them as a new draft of their own (never over another run's) and hands the
 * run to the page. A ticket whose resolution cannot be disputed is explained, with the way back to it.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useApi } from '../../../api/api-context';
import type { TroubleTicketRead } from '../../../api/read-models';
import * as ticketQueries from '../../../api/ticket-queries';
import { ErrorPanel } from '../../../components/error-panel';
import { Loading } from '../../../components/loading';
import { statusLabel } from '../../../components/status-badge';
import { useWords } from '../../../lib/i18n/react';
import { useSession } from '../../../lib/session';
import '../follow-up-section';
import { newDraftId, writeDraft, type Draft } from '../model/draft';
import { followUpOf, whyNotDisputable, type FollowUpKind } from '../model/follow-up';

type Props = {
  kind: FollowUpKind;
  ticketId: string;
  /** The follow-up's draft is stored: the page opens it on the step the agent completes first. */
  onReady(draft: Pick<Draft, 'id' | 'values' | 'origin'>): void;
};

function BackToTicket({ id }: { id: string }) {
  const t = useWords();
  return (
    <p>
      <Link to={`/tickets/${encodeURIComponent(id)}`}>{t('followUp.start.backToTicket', { id })}</Link>
    </p>
  );
}

function NotDisputable({ ticket }: { ticket: TroubleTicketRead }) {
  const t = useWords();
  const why = whyNotDisputable(ticket);
  const status = ticket.status ? statusLabel(ticket.status, t) : '—';
  return (
    <div className="error-panel" role="alert">
      <h2 className="error-panel__title">{t('followUp.start.notDisputableTitle', { id: ticket.id })}</h2>
      <p>{why === 'notFault' ? t('followUp.start.notFault', { id: ticket.id }) : t('followUp.start.notResolved', { id: ticket.id, status })}</p>
      <BackToTicket id={ticket.id} />
    </div>
  );
}

export function FollowUpStart({ kind, ticketId, onReady }: Props) {
  const t = useWords();
  const { userId } = useSession();
  // Coming from the ticket's page, the ticket the agent just looked at is in the cache already.
  const query = useQuery(ticketQueries.detail(useApi(), ticketId));
  const ticket = query.data;
  const blocked = ticket !== undefined && kind === 'dispute' && whyNotDisputable(ticket) !== null;
  // One draft per follow-up started: a second effect run (Strict Mode, a refetch) must not store another.
  const started = useRef(false);

  useEffect(() => {
    if (!ticket || blocked || started.current) return;
    started.current = true;
    const id = newDraftId();
    const { values, origin } = followUpOf(ticket, kind);
    // Stored at once: the address now names this draft, and a reload must find the answers copied from the ticket.
    writeDraft(userId, id, { step: 'ticket', values, origin });
    onReady({ id, values, origin });
  }, [blocked, kind, onReady, ticket, userId]);

  if (ticket && blocked) return <NotDisputable ticket={ticket} />;
  if (query.isError && !ticket) {
    return (
      <>
        <ErrorPanel
          title={t('followUp.start.loadFailed', { id: ticketId })}
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
        <BackToTicket id={ticketId} />
      </>
    );
  }
  return <Loading label={t('followUp.start.loading', { id: ticketId })} />;
}
