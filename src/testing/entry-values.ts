/** Test support: valid form states for a fault and a dispute, and the largest legal one (each call a fresh copy). */
import { sampleOf } from '../domain/ticket-field-samples';
import { ticketField, ticketInputNames } from '../domain/ticket-fields';
import {
  emptyValues,
  type ContactMediumRow,
  type EmailRow,
  type EntryValues,
  type PartyRow,
  type PhoneRow,
  type PlainValues,
  type PostalRow,
} from '../features/ticket-entry/model/form-values';

export const phoneRow = (): PhoneRow => ({ '@type': 'PhoneContactMedium', contactType: 'fixed', phoneNumber: '+49 221 1234567', preferred: true });
export const emailRow = (): EmailRow => ({ '@type': 'EmailContactMedium', emailAddress: 'anna.mueller@example.com', preferred: false });
export const postalRow = (): PostalRow => ({
  '@type': 'PostalAddressContactMedium',
  streetName: 'Domkloster',
  streetNr: '4',
  streetNrSuffix: 'a',
  postcode: '50667',
  city: 'Köln',
  locality: 'Altstadt-Nord',
  country: 'DE',
  preferred: false,
});

export const individualRow = (media: ContactMediumRow[] = []): PartyRow => ({
  role: 'locationAContact',
  partyOrPartyRole: { '@type': 'Individual', familyName: 'Müller', givenName: '', salutation: '', title: '', name: '', contactMedium: media },
});

export const organizationRow = (): PartyRow => ({
  role: 'orderManagementBuyerContact',
  partyOrPartyRole: { '@type': 'Organization', familyName: '', givenName: '', salutation: '', title: '', name: 'Beispiel Carrier GmbH', contactMedium: [] },
});

/** The smallest valid fault, as the form holds it (matches minimalFault() of src/testing/fixtures.ts). */
export function faultValues(): EntryValues {
  const values = emptyValues();
  values.ticketType = 'fault';
  values.externalIdentifier = [{ id: 'EXT-0001', owner: '', externalIdentifierType: '' }];
  values.agreement = [{ '@type': 'AgreementRef', agreementType: '', name: '', businessId: '', engagedParty: [{ businessId: '' }], id: 'agr-0001' }];
  values.relatedParty = [individualRow(), organizationRow()];
  values.relatedEntity = [{ role: 'affectedProduct', entity: { id: 'prod-0001', name: '' } }];
  return values;
}

/** The smallest valid dispute (matches minimalDispute()). */
export function disputeValues(): EntryValues {
  const values = emptyValues();
  values.ticketType = 'dispute';
  values.externalIdentifier = [{ id: 'EXT-0003', owner: '', externalIdentifierType: '' }];
  values.agreement = [{ '@type': 'AgreementRef', agreementType: '', name: '', businessId: '', engagedParty: [{ businessId: '' }], id: 'agr-0001' }];
  values.troubleTicketRelationship = [{ id: 'tt-0001' }];
  return values;
}

/** The largest legal ticket of issue 3: 99 contacts with 3 media each, 99 questions, 99 billing items, 3 entities. */
export function largestValues(): EntryValues {
  const values = faultValues();
  values.relatedParty = Array.from({ length: 99 }, (_, i) => ({
    ...individualRow([phoneRow(), emailRow(), postalRow()]),
    partyOrPartyRole: {
      ...individualRow().partyOrPartyRole,
      familyName: `Müller ${i + 1}`,
      contactMedium: [phoneRow(), emailRow(), postalRow()],
    },
  }));
  values.faultQuestionnaire = Array.from({ length: 99 }, (_, i) => ({ questionId: `Q${i + 1}`, answerId: `A${i + 1}` }));
  values.billingItem = Array.from({ length: 99 }, (_, i) => ({ value: `BI-${i + 1}` }));
  values.relatedEntity = [
    { role: 'affectedProduct', entity: { id: 'prod-0001', name: '' } },
    { role: 'diagnosis', entity: { id: 'test-0001', name: '' } },
    { role: 'optionalServices', entity: { id: '', name: 'Express-Entstörung' } },
  ];
  return values;
}


/** Every plain input of a fault answered with its sample (src/domain/ticket-field-samples.ts), as the form holds it. */
export const samplePlainValues = (): Partial<PlainValues> =>
  Object.fromEntries(ticketInputNames.filter((name) => ticketField(name).only !== 'dispute').map((name) => [name, String(sampleOf(name))]));

/** maximalFault() of src/testing/fixtures.ts as the form holds it: every input answered, every row filled. */
export function maximalValues(): EntryValues {
  const values: EntryValues = { ...faultValues(), ...samplePlainValues() };
  values.externalIdentifier = [{ id: 'EXT-0002', owner: 'Beispiel Carrier GmbH', externalIdentifierType: 'buyerTicketId' }];
  values.agreement = [
    {
      '@type': 'Agreement',
      agreementType: 'buyerServiceContract',
      name: 'Rahmenvertrag Vorleistung 2026',
      businessId: 'RV-2026-0042',
      engagedParty: [{ businessId: 'ORG-0042' }],
      id: '',
    },
    { '@type': 'AgreementRef', agreementType: '', name: '', businessId: '', engagedParty: [{ businessId: '' }], id: 'agr-0001' },
  ];
  values.faultQuestionnaire = [{ questionId: 'Q1', answerId: 'A2' }];
  values.requestedTimeSlot = { validFor: { startDateTime: '2026-12-01T08:00:00+01:00', endDateTime: '2026-12-01T12:00:00+01:00' } };
  values.appointment = {
    '@type': 'Appointment',
    validFor: { startDateTime: '2026-12-02T09:00:00Z', endDateTime: '2026-12-02T11:00:00Z' },
    description: 'Technician at the building entrance',
    id: '',
  };
  values.billingItem = [{ value: 'BI-1' }, { value: 'BI-2' }];
  const individual = individualRow([phoneRow(), emailRow(), postalRow()]);
  individual.partyOrPartyRole = { ...individual.partyOrPartyRole, givenName: 'Anna', salutation: 'Frau', title: 'Dr.' };
  const organization = organizationRow();
  organization.partyOrPartyRole.contactMedium = [{ '@type': 'PhoneContactMedium', contactType: 'mobile', phoneNumber: '+49 221 1234567', preferred: true }];
  values.relatedParty = [individual, organization];
  values.relatedEntity = [
    { role: 'affectedProduct', entity: { id: 'prod-0001', name: '' } },
    { role: 'diagnosis', entity: { id: 'test-0001', name: '' } },
    { role: 'optionalServices', entity: { id: '', name: 'Express-Entstörung' } },
  ];
  return values;
}
