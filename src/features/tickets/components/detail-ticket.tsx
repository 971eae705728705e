/** The "Ticket" and "Dates" groups of the detail page: what the ticket is about, and when things happened. */
import { useWords } from '../../../lib/i18n/react';
import type { TFunction } from '../../../lib/i18n/translator';
import type { TroubleTicketRead } from '../../../api/read-models';
import { ticketTypes } from '../../../domain/ticket';
import { detailFieldsOf, ticketField } from '../../../domain/ticket-fields';
import { fieldLabel } from '../../../lib/field-text';
import { DetailGroup, labelOf, NotProvided, Row, SummaryList, ValueList } from './detail-parts';
import { PlainValue } from './plain-value';
import '../../../lib/i18n/field-words';

const ticketKinds = ['FaultTicket', 'TroubleTicket'] as const;

type Props = { ticket: TroubleTicketRead };

/** "“E-Mail” (CH-EMAIL)": the channel's name (the provider's word, quoted) with its id, or whichever was sent. */
function channelText(t: TFunction, channel: TroubleTicketRead['channel']): string | undefined {
  if (!channel) return undefined;
  const name = channel.name ? t('detail.providerWord', { word: channel.name }) : undefined;
  return name && channel.id ? `${name} (${channel.id})` : (name ?? channel.id);
}

function ExternalIdentifiers({ ticket }: Props) {
  const t = useWords();
  const items = (ticket.externalIdentifier ?? []).map((identifier) => {
    const about = [
      identifier.owner ? `${t('fields.owner')}: ${identifier.owner}` : undefined,
      identifier.externalIdentifierType
        ? `${t('fields.externalIdentifierType')}: ${t('detail.providerWord', { word: identifier.externalIdentifierType })}`
        : undefined,
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

/** The plain fields' rows of a group, from the field table in its order (src/domain/ticket-fields.ts `detail`). */
function PlainRows({ ticket, place }: Props & { place: 'ticket' | 'dates' }) {
  const t = useWords();
  return detailFieldsOf(place).map((name) => {
    const value = ticket[name];
    // Only a dispute has such a field (interface.md 2.3 rule 1): for a fault the row would only ever say "Not provided".
    if (ticketField(name).only === 'dispute' && ticket.ticketType === 'fault' && value === undefined) return null;
    return (
      <Row key={name} field={name} label={fieldLabel(t, name)}>
        <PlainValue name={name} value={value} missing={<NotProvided />} quoteWords />
      </Row>
    );
  });
}

export function TicketGroup({ ticket }: Props) {
  const t = useWords();
  const kind = ticket['@type'];
  const type = ticket.ticketType;
  return (
    <DetailGroup group="ticket">
      <SummaryList>
        {/* A FaultTicket is what every ticket of the profile is, its ticket type says which kind: "Type: Fault ticket"
            beside "Ticket type: Dispute" would only confuse (issue 37). Any other @type is worth saying. */}
        {kind === 'FaultTicket' ? null : (
          <Row field="@type" label={t('fields.@type')}>{kind && labelOf(t, 'detail.ticketKind', kind, ticketKinds)}</Row>
        )}
        <Row field="ticketType" label={t('fields.ticketType')}>{type && labelOf(t, 'ticketType', type, ticketTypes)}</Row>
        <Row field="externalIdentifier" label={t('fields.externalIdentifier')}>
          <ExternalIdentifiers ticket={ticket} />
        </Row>
        <PlainRows ticket={ticket} place="ticket" />
        {/* The channel's name is the service's own word: shown as it came, never translated. */}
        <Row field="channel" label={t('detail.field.channel')}>{channelText(t, ticket.channel)}</Row>
        <Row field="billingItem" label={t('fields.billingItem')}>
          <ValueList items={ticket.billingItem ?? []} />
        </Row>
      </SummaryList>
      <p className="hint detail-provider-words">{t('detail.providerWords')}</p>
    </DetailGroup>
  );
}

export function DatesGroup({ ticket }: Props) {
  return (
    <DetailGroup group="dates">
      <SummaryList>
        <PlainRows ticket={ticket} place="dates" />
      </SummaryList>
    </DetailGroup>
  );
}
