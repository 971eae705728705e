/** The ticket detail page: every field in readable groups, the status and its history, and each way a load can fail. */
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import type { TroubleTicketRead } from '../../../api/read-models';
import { Loading } from '../../../components/loading';
import { PageHeading } from '../../../components/page-heading';
import { StatusBadge } from '../../../components/status-badge';
import { detailDe } from '../../../lib/i18n/sections/detail.de';
import { detailEn } from '../../../lib/i18n/sections/detail.en';
import { addSection } from '../../../lib/i18n/sections';
import { useTicketDetail } from '../api/ticket-detail-query';
import { AgreementsGroup } from './detail-agreements';
import { AppointmentGroup } from './detail-appointment';
import { DetailBackLink } from './detail-back-link';
import { ContactsGroup } from './detail-contacts';
import { DetailCreated } from './detail-created';
import { EntitiesGroup, QuestionnaireGroup } from './detail-entities';
import { DetailFailure } from './detail-failure';
import { AttachmentsGroup, NotesGroup } from './detail-notes';
import { OtherDetailsGroup } from './detail-other';
import { DateTime, DetailGroup, NotProvided } from './detail-parts';
import { RelationshipsGroup } from './detail-relationships';
import { DatesGroup, TicketGroup } from './detail-ticket';
import { StatusTimeline } from './status-timeline';
import './ticket-detail.css';

addSection('detail', detailEn, detailDe);

function CurrentStatus({ ticket }: { ticket: TroubleTicketRead }) {
  const { t } = useTranslation();
  return (
    <p className="detail-status">
      <span className="detail-status__label">{t('detail.status')}</span>{' '}
      {ticket.status ? <StatusBadge status={ticket.status} /> : <NotProvided />}
      {ticket.statusChangeDate ? (
        <span className="detail-status__since">
          {' '}
          {t('detail.statusSince')} <DateTime iso={ticket.statusChangeDate} />
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
  const { t } = useTranslation();
  return (
    <p className="detail-refreshed">
      {t('detail.shownAsOf')} <DateTime iso={new Date(updatedAt).toISOString()} />. {t('detail.refreshNote')}
    </p>
  );
}

/** What the route puts beside the ticket (the follow-ups of src/features/ticket-entry), given the ticket shown. */
export type DetailActions = (ticket: TroubleTicketRead) => ReactNode;

type ViewProps = { ticket: TroubleTicketRead; updatedAt: number; actions?: DetailActions; notices?: ReactNode };

function TicketView({ ticket, updatedAt, actions, notices }: ViewProps) {
  const { t } = useTranslation();
  return (
    <>
      <CurrentStatus ticket={ticket} />
      {notices}
      {actions?.(ticket)}
      <ShownAsOf updatedAt={updatedAt} />
      <TicketGroup ticket={ticket} />
      <RelationshipsGroup ticket={ticket} />
      <DatesGroup ticket={ticket} />
      <DetailGroup title={t('detail.groups.history')}>
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
    </>
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
  const { t } = useTranslation();
  const query = useTicketDetail(id);
  return (
    <div className="stack ticket-detail">
      <DetailBackLink />
      <PageHeading>{t('page.ticket', { id })}</PageHeading>
      <DetailCreated id={id} />
      {query.isPending ? <Loading label={t('detail.loading')} /> : null}
      {/* A failed refresh keeps the ticket on screen (the toast says so); only a load without data shows the failure. */}
      {query.data === undefined && query.isError ? <DetailFailure id={id} query={query} /> : null}
      {query.data !== undefined ? <TicketView ticket={query.data} updatedAt={query.dataUpdatedAt} actions={actions} notices={notices} /> : null}
    </div>
  );
}
