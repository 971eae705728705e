/**
 * The "Contacts" group: each related party by role, person or organization, with every contact medium readable; a
 * party in reference form (id, name, role, referred type) shows what it carries.
 */
import { useWords } from '../../../lib/i18n/react';
import type { TroubleTicketRead } from '../../../api/read-models';
import { relatedPartyRoles, type ContactMedium } from '../../../domain/party';
import type { PartyRead } from '../../../domain/ticket-reader';
import { ItemsGroup, labelOf, Row, SummaryList, ValueList } from './detail-parts';
import '../../../lib/i18n/field-words';

const partyKinds = ['Individual', 'Organization'] as const;

/** "Frau Dr. Anna Müller": the name as one would address the person; an organization or a reference by its name. */
function partyName(party: PartyRead): string | undefined {
  const person = [party.salutation, party.title, party.givenName, party.familyName].filter(Boolean).join(' ');
  return [party.name, person].filter(Boolean).join(', ') || undefined;
}

/** German postal layout (the service's market): street and number, postcode and city, then locality and country. */
function postalLines(medium: Extract<ContactMedium, { '@type': 'PostalAddressContactMedium' }>): string[] {
  const street = `${medium.streetName} ${medium.streetNr}${medium.streetNrSuffix ?? ''}`;
  return [street, `${medium.postcode} ${medium.city}`, medium.locality, medium.country].filter(
    (line): line is string => Boolean(line),
  );
}

function MediumRow({ medium }: { medium: ContactMedium }) {
  const t = useWords();
  const preferred = medium.preferred ? <span className="detail-secondary"> ({t('detail.preferred')})</span> : null;
  switch (medium['@type']) {
    case 'PhoneContactMedium':
      return (
        <Row label={t(`detail.contact.${medium.contactType}`)}>
          <span className="detail-strong">{medium.phoneNumber}</span>
          {preferred}
        </Row>
      );
    case 'EmailContactMedium':
      return (
        <Row label={t('detail.contact.email')}>
          <span className="detail-strong">{medium.emailAddress}</span>
          {preferred}
        </Row>
      );
    case 'PostalAddressContactMedium':
      return (
        <Row label={t('detail.contact.postal')}>
          <span className="detail-lines">
            {postalLines(medium).map((line, index) => (
              <span key={index} className="detail-lines__line">
                {line}
              </span>
            ))}
          </span>
          {preferred}
        </Row>
      );
  }
}

function PartyItem({ party }: { party: PartyRead }) {
  const t = useWords();
  const media = party.contactMedium;
  return (
    <li className="detail-item">
      <h3 className="detail-item__title">{party.role ? labelOf(t, 'detail.partyRole', party.role, relatedPartyRoles) : t('detail.noRole')}</h3>
      <SummaryList>
        <Row label={t('detail.field.partyKind')}>{party.kind && labelOf(t, 'detail.partyKind', party.kind, partyKinds)}</Row>
        <Row label={t('detail.field.partyName')}>{partyName(party)}</Row>
        {party.id ? <Row label={t('detail.field.identifier')}>{party.id}</Row> : null}
        {party.href ? <Row label={t('detail.field.address')}>{party.href}</Row> : null}
        {media.length === 0 ? (
          // A reference carries no contact media of its own: no row that would say "None" about what it never holds.
          party.reference ? null : <Row label={t('fields.contactMedium')}>{t('detail.none')}</Row>
        ) : (
          // Contact media have no ids; their order is the service's.
          media.map((medium, index) => <MediumRow key={index} medium={medium} />)
        )}
        {party.otherMedia.length > 0 ? (
          <Row label={t('detail.field.otherContact')}>
            <ValueList items={party.otherMedia.map((text) => <span className="detail-text">{text}</span>)} />
          </Row>
        ) : null}
      </SummaryList>
    </li>
  );
}

export function ContactsGroup({ ticket }: { ticket: TroubleTicketRead }) {
  const parties = ticket.relatedParty ?? [];
  return (
    <ItemsGroup group="contacts" items={parties}>
      <ul className="detail-items">
        {parties.map((party, index) => (
          <PartyItem key={index} party={party} />
        ))}
      </ul>
    </ItemsGroup>
  );
}
