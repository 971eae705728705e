/**
 * The ticket detail page: a summary header that stays in view (with copy, print, what changed and jump links), every
 * field in readable groups (two columns on wide screens), the status and its history, and each way a load can fail.
 */
import type { ReactNode } from 'react';
import { useWords } from '../../../lib/i18n/react';
import type { TroubleTicketRead } from '../../../api/read-models';
import { Loading } from '../../../components/loading';
import { PageHeading } from '../../../components/page-heading';
import { detailDe } from '../../../lib/i18n/sections/detail.de';
import { detailEn } from '../../../lib/i18n/sections/detail.en';
import { addSection } from '../../../lib/i18n/sections';
import { useTicket } from '../api/get-ticket';
import { AgreementsGroup } from './detail-agreements';
import { AppointmentGroup } from './detail-appointment';
import { DetailBackLink } from './detail-back-link';
import { ContactsGroup } from './detail-contacts';
import { DetailCreated } from './detail-created';
import { EntitiesGroup, QuestionnaireGroup } from './detail-entities';
import { DetailFailure, hasOwnWayBack } from './detail-failure';
import { AttachmentsGroup, NotesGroup } from './detail-notes';
import { OtherDetailsGroup } from './detail-other';
import { DateTime, DetailGroup } from './detail-parts';
import { RelationshipsGroup } from './detail-relationships';
import { DatesGroup, TicketGroup } from './detail-ticket';
import { StatusTimeline } from './status-timeline';
import { ChangesProvider } from './detail-marks';
import { PrintHeader, usePrintStyles } from './detail-print';
import { DetailSummary } from './detail-summary';
import { useTicketChanges } from '../hooks/use-ticket-changes';
import { ticketWorkDe } from '../../../lib/i18n/sections/ticket-work.de';
import { ticketWorkEn } from '../../../lib/i18n/sections/ticket-work.en';
import './ticket-detail.css';

addSection('detail', detailEn, detailDe);
addSection('ticketWork', ticketWorkEn, ticketWorkDe);

/** Since when the ticket has its status, and why: the badge itself is in the summary header. */
function StatusSince({ ticket }: { ticket: TroubleTicketRead }) {
  const t = useWords();
  if (!ticket.statusChangeDate && !ticket.statusChangeReason) return null;
  return (
    <p className="detail-status-since">
      {ticket.statusChangeDate ? (
        <span>
          {t('detail.status')} {t('detail.statusSince')} <DateTime iso={ticket.statusChangeDate} />
        </span>
      ) : null}
      {ticket.statusChangeReason ? (
        <span className="detail-status__reason">{t('detail.statusReason', { reason: ticket.statusChangeReason })}</span>
      ) : null}
    </p>
  );
}

/** When this copy was loaded: after a failed refresh (toast) the agent can judge how old it is. */
function ShownAsOf({ updatedAt }: { updatedAt: number }) {
  const t = useWords();
  return (
    <p className="detail-refreshed">
      {t('detail.shownAsOf')} <DateTime iso={new Date(updatedAt).toISOString()} />.{' '}
      <span className="detail-refreshed__note">{t('detail.refreshNote')}</span>
    </p>
  );
}

/** What the route puts beside the ticket (the follow-ups of src/features/ticket-entry), given the ticket shown. */
export type DetailActions = (ticket: TroubleTicketRead) => ReactNode;

type ViewProps = { ticket: TroubleTicketRead; updatedAt: number; actions?: DetailActions; notices?: ReactNode };

function TicketView({ ticket, updatedAt, actions, notices }: ViewProps) {
  const { changes, markSeen } = useTicketChanges(ticket);
  usePrintStyles();
  return (
    <ChangesProvider changes={changes}>
      <PrintHeader id={ticket.id} externalId={ticket.externalIdentifier?.[0]?.id} />
      <DetailSummary
        ticket={ticket}
        changes={changes}
        onSeen={() => {
          markSeen();
          // The banner and its button go: focus goes to the page heading, so it is not lost.
          document.querySelector<HTMLElement>('#main h1')?.focus();
        }}
      />
      <StatusSince ticket={ticket} />
      {notices}
      {/* One row: what the agent can do, and (small, at its end) how old this copy is. */}
      <div className="detail-bar">
        {actions ? <div className="detail-actions">{actions(ticket)}</div> : null}
        <ShownAsOf updatedAt={updatedAt} />
      </div>
      {/* Two fixed columns on wide screens, the same in every language (issue 37): what the ticket is, then what
          happened to it and who is involved. Reading order: down the first, then the second. */}
      <div className="detail-groups">
        <div className="detail-groups__column">
          <TicketGroup ticket={ticket} />
          <RelationshipsGroup ticket={ticket} />
          <DatesGroup ticket={ticket} />
        </div>
        <div className="detail-groups__column">
          <DetailGroup group="history">
            <StatusTimeline history={ticket.statusChange ?? []} />
          </DetailGroup>
          <NotesGroup ticket={ticket} />
          <ContactsGroup ticket={ticket} />
          <EntitiesGroup ticket={ticket} />
          <AppointmentGroup ticket={ticket} />
          <QuestionnaireGroup ticket={ticket} />
          <AgreementsGroup ticket={ticket} />
          <AttachmentsGroup ticket={ticket} />
          <OtherDetailsGroup ticket={ticket} />
        </div>
      </div>
    </ChangesProvider>
  );
}

type DetailProps = {
  id: string;
  /** The follow-ups the route offers for the ticket shown. */
  actions?: DetailActions;
  /** What other features have to say about this ticket (the provider's request for information), under its status. */
  notices?: ReactNode;
};

export function TicketDetail({ id, actions, notices }: DetailProps) {
  const t = useWords();
  const query = useTicket(id);
  return (
    <div className="stack ticket-detail">
      {/* A ticket that is not there (or not the agent's) has its one way back in its panel. */}
      {query.data === undefined && query.isError && hasOwnWayBack(query.error) ? null : <DetailBackLink />}
      <PageHeading>{t('page.ticket', { id })}</PageHeading>
      <DetailCreated id={id} />
      {query.isPending ? <Loading label={t('detail.loading')} /> : null}
      {/* A failed refresh keeps the ticket on screen (the toast says so); only a load without data shows the failure. */}
      {query.data === undefined && query.isError ? <DetailFailure id={id} query={query} /> : null}
      {query.data !== undefined ? <TicketView ticket={query.data} updatedAt={query.dataUpdatedAt} actions={actions} notices={notices} /> : null}
    </div>
  );
}
