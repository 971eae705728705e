/** The "Contacts" group: each related party by role, person or organization, with every contact medium readable. */
import { useTranslation } from '../../../lib/i18n/react';
import type { TroubleTicketRead } from '../../../api/read-models';
import { relatedPartyRoles, type ContactMedium, type RelatedParty } from '../../../domain/party';
import { DetailGroup, labelOf, NoneRecorded, Row, SummaryList } from './detail-parts';

const partyKinds = ['Individual', 'Organization'] as const;

/** "Frau Dr. Anna Müller": the name as one would address the person; the parts are all the service sent. */
function partyName(party: RelatedParty['partyOrPartyRole']): string {
  if (party['@type'] === 'Organization') return party.name;
  return [party.salutation, party.title, party.givenName, party.familyName].filter(Boolean).join(' ');
}

/** German postal layout (the service's market): street and number, postcode and city, then locality and country. */
function postalLines(medium: Extract<ContactMedium, { '@type': 'PostalAddressContactMedium' }>): string[] {
  const street = `${medium.streetName} ${medium.streetNr}${medium.streetNrSuffix ?? ''}`;
  return [street, `${medium.postcode} ${medium.city}`, medium.locality, medium.country].filter(
    (line): line is string => Boolean(line),
  );
}

function MediumRow({ medium }: { medium: ContactMedium }) {
  const { t } = useTranslation();
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

function PartyItem({ relatedParty }: { relatedParty: RelatedParty }) {
  const { t } = useTranslation();
  const party = relatedParty.partyOrPartyRole;
  const media = party.contactMedium ?? [];
  return (
    <li className="detail-item">
      <h3 className="detail-item__title">{labelOf(t, 'detail.partyRole', relatedParty.role, relatedPartyRoles)}</h3>
      <SummaryList>
        <Row label={t('detail.field.partyKind')}>{labelOf(t, 'detail.partyKind', party['@type'], partyKinds)}</Row>
        <Row label={t('detail.field.partyName')}>{partyName(party)}</Row>
        {media.length === 0 ? (
          <Row label={t('fields.contactMedium')}>{t('detail.none')}</Row>
        ) : (
          // Contact media have no ids; their order is the service's.
          media.map((medium, index) => <MediumRow key={index} medium={medium} />)
        )}
      </SummaryList>
    </li>
  );
}

export function ContactsGroup({ ticket }: { ticket: TroubleTicketRead }) {
  const { t } = useTranslation();
  const parties = ticket.relatedParty ?? [];
  return (
    <DetailGroup title={t('detail.groups.contacts')}>
      {parties.length === 0 ? (
        <NoneRecorded />
      ) : (
        <ul className="detail-items">
          {parties.map((relatedParty, index) => (
            <PartyItem key={index} relatedParty={relatedParty} />
          ))}
        </ul>
      )}
    </DetailGroup>
  );
}
