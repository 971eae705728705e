/** The "Ticket" and "Dates" groups of the detail page: what the ticket is about, and when things happened. */
import { useWords } from '../../../lib/i18n/react';
import type { TroubleTicketRead } from '../../../api/read-models';
import { expressFaultResolutions, ticketTypes } from '../../../domain/ticket';
import { DateTime, DetailGroup, labelOf, Row, SummaryList, ValueList, yesNo } from './detail-parts';
import '../../../lib/i18n/field-words';

const ticketKinds = ['FaultTicket', 'TroubleTicket'] as const;

type Props = { ticket: TroubleTicketRead };

/** "E-Mail (CH-EMAIL)": the channel's name with its id, or whichever of the two was sent. */
function channelText(channel: TroubleTicketRead['channel']): string | undefined {
  if (!channel) return undefined;
  return channel.name && channel.id ? `${channel.name} (${channel.id})` : (channel.name ?? channel.id);
}

function ExternalIdentifiers({ ticket }: Props) {
  const t = useWords();
  const items = (ticket.externalIdentifier ?? []).map((identifier) => {
    const about = [
      identifier.owner ? `${t('fields.owner')}: ${identifier.owner}` : undefined,
      identifier.externalIdentifierType ? `${t('fields.externalIdentifierType')}: ${identifier.externalIdentifierType}` : undefined,
      // A subtype the service names is worth saying; the plain ExternalIdentifier is what every item is.
      identifier['@type'] && identifier['@type'] !== 'ExternalIdentifier' ? t('detail.identifierType', { type: identifier['@type'] }) : undefined,
    ].filter(Boolean);
    return (
      <>
        <span className="detail-strong">{identifier.id}</span>
        {about.length > 0 ? <span className="detail-secondary"> ({about.join(', ')})</span> : null}
      </>
    );
  });
  return <ValueList items={items} />;
}

export function TicketGroup({ ticket }: Props) {
  const t = useWords();
  const kind = ticket['@type'];
  const type = ticket.ticketType;
  const express = ticket.expressFaultResolution;
  // Only a dispute has a dispute reason (interface.md 2.3 rule 1): for a fault the row would only ever say "Not provided".
  const showDisputeReason = type !== 'fault' || ticket.resolutionDisputeReason !== undefined;
  return (
    <DetailGroup group="ticket">
      <SummaryList>
        <Row field="@type" label={t('fields.@type')}>{kind && labelOf(t, 'detail.ticketKind', kind, ticketKinds)}</Row>
        <Row field="ticketType" label={t('fields.ticketType')}>{type && labelOf(t, 'ticketType', type, ticketTypes)}</Row>
        <Row field="name" label={t('detail.field.name')}>{ticket.name ? <span className="detail-text">{ticket.name}</span> : undefined}</Row>
        {/* Severity, priority and channel are the service's own words: shown as they came, never translated. */}
        <Row field="severity" label={t('detail.field.severity')}>{ticket.severity}</Row>
        <Row field="priority" label={t('detail.field.priority')}>{ticket.priority}</Row>
        <Row field="channel" label={t('detail.field.channel')}>{channelText(ticket.channel)}</Row>
        <Row field="externalIdentifier" label={t('fields.externalIdentifier')}>
          <ExternalIdentifiers ticket={ticket} />
        </Row>
        <Row field="categoryId" label={t('fields.categoryId')}>{ticket.categoryId}</Row>
        <Row field="description" label={t('fields.description')}>
          {ticket.description ? <span className="detail-text">{ticket.description}</span> : undefined}
        </Row>
        {showDisputeReason ? (
          <Row field="resolutionDisputeReason" label={t('fields.resolutionDisputeReason')}>
            {ticket.resolutionDisputeReason ? <span className="detail-text">{ticket.resolutionDisputeReason}</span> : undefined}
          </Row>
        ) : null}
        <Row field="accessLineId" label={t('fields.accessLineId')}>{ticket.accessLineId}</Row>
        <Row field="networkTerminationLocation" label={t('fields.networkTerminationLocation')}>{ticket.networkTerminationLocation}</Row>
        <Row field="expressFaultResolution" label={t('fields.expressFaultResolution')}>
          {express && labelOf(t, 'detail.expressFaultResolution', express, expressFaultResolutions)}
        </Row>
        <Row field="endUserContactAllowed" label={t('fields.endUserContactAllowed')}>{yesNo(ticket.endUserContactAllowed, t)}</Row>
        <Row field="endUserAppointmentIsNecessary" label={t('fields.endUserAppointmentIsNecessary')}>{yesNo(ticket.endUserAppointmentIsNecessary, t)}</Row>
        <Row field="interimMessagesRequested" label={t('fields.interimMessagesRequested')}>{yesNo(ticket.interimMessagesRequested, t)}</Row>
        <Row field="billingItem" label={t('fields.billingItem')}>
          <ValueList items={ticket.billingItem ?? []} />
        </Row>
      </SummaryList>
    </DetailGroup>
  );
}

const dateFields = [
  'creationDate',
  'lastUpdateDate',
  'requestedResolutionDate',
  'expectedResolutionDate',
  'resolutionDate',
] as const satisfies readonly (keyof TroubleTicketRead)[];

export function DatesGroup({ ticket }: Props) {
  const t = useWords();
  return (
    <DetailGroup group="dates">
      <SummaryList>
        {dateFields.map((field) => {
          const value = ticket[field];
          return (
            <Row key={field} field={field} label={t(`detail.field.${field}`)}>
              {value ? <DateTime iso={value} /> : undefined}
            </Row>
          );
        })}
      </SummaryList>
    </DetailGroup>
  );
}
