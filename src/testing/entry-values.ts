/** Test support: valid form states for a fault and a dispute, and the largest legal one (each call a fresh copy). */
import { emptyValues, type ContactMediumRow, type EmailRow, type EntryValues, type PartyRow, type PhoneRow, type PostalRow } from '../features/ticket-entry/model/form-values';

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

