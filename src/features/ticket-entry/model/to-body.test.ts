/** toBody: the form state becomes the create body; empty optional values are left out, rows never are. */
import { describe, expect, it } from 'vitest';
import { maximalFault, minimalDispute, minimalFault } from '../../../testing/fixtures';
import { FaultTicketFvo } from '../../../domain/ticket';
import { emptyValues, type EntryValues } from './form-values';
import { disputeValues, emailRow, faultValues, individualRow, organizationRow, phoneRow, postalRow } from '../../../testing/entry-values';
import { sentBillingRows, toBody } from './to-body';

/** maximalFault() as the form holds it. */
function maximalValues(): EntryValues {
  const values = faultValues();
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
  values.description = 'No sync since 06:00; modem LEDs red.';
  values.requestedResolutionDate = '2026-12-03T18:00:00+01:00';
  values.endUserContactAllowed = 'true';
  values.endUserAppointmentIsNecessary = 'true';
  values.accessLineId = 'DEU.DTAG.ABC1234567';
  values.networkTerminationLocation = 'Basement, room 2, left wall';
  values.expressFaultResolution = 'oneTime';
  values.faultQuestionnaire = [{ questionId: 'Q1', answerId: 'A2' }];
  values.interimMessagesRequested = 'true';
  values.requestedTimeSlot = { validFor: { startDateTime: '2026-12-01T08:00:00+01:00', endDateTime: '2026-12-01T12:00:00+01:00' } };
  values.appointment = {
    '@type': 'Appointment',
    validFor: { startDateTime: '2026-12-02T09:00:00Z', endDateTime: '2026-12-02T11:00:00Z' },
    description: 'Technician at the building entrance',
    id: '',
  };
  values.categoryId = 'CAT-01';
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

describe('toBody', () => {
  it('turns the smallest fault and dispute into the domain fixtures', () => {
    expect(toBody(faultValues())).toEqual(minimalFault());
    expect(toBody(disputeValues())).toEqual(minimalDispute());
  });

  it('turns a form with every field into maximalFault(), less what the form does not ask', () => {
    const expected = structuredClone(maximalFault()) as unknown as Record<string, unknown> & ReturnType<typeof maximalFault>;
    // The form has no "@type" on the external identifier, and an unchecked "Preferred" is left out rather than false.
    delete expected.externalIdentifier[0]!['@type'];
    for (const party of expected.relatedParty) {
      for (const medium of party.partyOrPartyRole.contactMedium ?? []) if (medium.preferred === false) delete medium.preferred;
    }
    const body = toBody(maximalValues());
    expect(body).toEqual(expected);
    expect(FaultTicketFvo.safeParse(body).success).toBe(true);
  });

  it('leaves out every empty optional value', () => {
    const body = toBody(faultValues());
    for (const key of ['description', 'categoryId', 'requestedResolutionDate', 'accessLineId', 'networkTerminationLocation', 'billingItem',
      'faultQuestionnaire', 'expressFaultResolution', 'interimMessagesRequested', 'endUserContactAllowed',
      'endUserAppointmentIsNecessary', 'requestedTimeSlot', 'appointment', 'resolutionDisputeReason', 'troubleTicketRelationship']) {
      expect(body, key).not.toHaveProperty(key);
    }
    expect(body.externalIdentifier).toEqual([{ id: 'EXT-0001' }]);
    expect(body.relatedParty).toEqual(minimalFault().relatedParty);
  });

  it('keeps required values even when empty, so the schema names them', () => {
    const body = toBody(emptyValues());
    expect(body).toEqual({
      '@type': 'FaultTicket',
      ticketType: '',
      externalIdentifier: [{ id: '' }],
      agreement: [{ '@type': '' }],
      relatedParty: [],
      relatedEntity: [],
    });
  });

  it('never drops a row: an empty contact is still the row at its index', () => {
    const values = faultValues();
    values.relatedParty = [individualRow(), { role: '', partyOrPartyRole: { ...organizationRow().partyOrPartyRole, '@type': '', name: '' } }, organizationRow()];
    const body = toBody(values) as { relatedParty: unknown[] };
    expect(body.relatedParty).toHaveLength(3);
    expect(body.relatedParty[1]).toEqual({ role: '', partyOrPartyRole: { '@type': '' } });
  });

  it('sends only the dispute reason and disputed ticket of a dispute (rules 1 and 2)', () => {
    const fault = faultValues();
    fault.resolutionDisputeReason = 'Typed before switching to fault';
    fault.troubleTicketRelationship = [{ id: 'TT-000001' }];
    expect(toBody(fault)).not.toHaveProperty('resolutionDisputeReason');
    expect(toBody(fault)).not.toHaveProperty('troubleTicketRelationship');

    const dispute = disputeValues();
    dispute.resolutionDisputeReason = 'Still broken';
    expect(toBody(dispute)).toMatchObject({
      resolutionDisputeReason: 'Still broken',
      troubleTicketRelationship: [{ id: 'tt-0001', relationshipType: 'disputes' }],
    });
  });

  it('leaves out the empty lists of a dispute but sends those of a fault, so "at least 2" is reported', () => {
    expect(toBody(disputeValues())).not.toHaveProperty('relatedParty');
    expect(toBody(disputeValues())).not.toHaveProperty('relatedEntity');
    const fault = faultValues();
    fault.relatedParty = [];
    expect(toBody(fault)).toHaveProperty('relatedParty', []);
  });

  it.each([
    ['affectedProduct', { '@type': 'EntityRef', id: 'X-1', '@referredType': 'Product' }],
    ['diagnosis', { '@type': 'EntityRef', id: 'X-1', '@referredType': 'ProductTest' }],
    ['optionalServices', { '@type': 'ProductOffering', name: 'Offer' }],
  ] as const)('builds the entity of a %s from its role', (role, entity) => {
    const values = faultValues();
    values.relatedEntity = [{ role, entity: { id: 'X-1', name: 'Offer' } }];
    expect(toBody(values).relatedEntity).toEqual([{ role, entity }]);
  });

  it.each([
    ['none', undefined],
    ['', undefined],
    ['AppointmentRef', { '@type': 'AppointmentRef', id: 'apt-1', '@referredType': 'Appointment' }],
    ['Appointment', { '@type': 'Appointment' }],
  ] as const)('appointment kind "%s"', (kind, expected) => {
    const values = faultValues();
    values.appointment = { '@type': kind, validFor: { startDateTime: '', endDateTime: '' }, description: '', id: 'apt-1' };
    expect(toBody(values).appointment).toEqual(expected);
  });

  it('sends a period when one end is given, so the missing end is reported', () => {
    const values = faultValues();
    values.requestedTimeSlot.validFor.startDateTime = '2026-12-01T08:00:00+01:00';
    expect(toBody(values).requestedTimeSlot).toEqual({ validFor: { startDateTime: '2026-12-01T08:00:00+01:00' } });
  });

  it.each([
    ['true', true],
    ['false', false],
    ['', undefined],
  ] as const)('yes/no "%s" is sent as %s', (answer, sent) => {
    const values = faultValues();
    values.interimMessagesRequested = answer;
    expect(toBody(values).interimMessagesRequested).toBe(sent);
  });

  it('leaves out empty billing items and remembers which rows were sent', () => {
    const values = faultValues();
    values.billingItem = [{ value: '' }, { value: 'BI-1' }, { value: '' }, { value: 'BI-2' }];
    expect(toBody(values).billingItem).toEqual(['BI-1', 'BI-2']);
    expect(sentBillingRows(values)).toEqual([1, 3]);
  });

  it('adds the constant parts of contact media and sends a checked "preferred" only', () => {
    const values = faultValues();
    values.relatedParty[0]!.partyOrPartyRole.contactMedium = [{ ...emailRow(), preferred: true }, { ...postalRow(), country: '', locality: '', streetNrSuffix: '' }];
    expect(toBody(values).relatedParty).toMatchObject([
      {
        partyOrPartyRole: {
          contactMedium: [
            { '@type': 'EmailContactMedium', contactType: 'email', emailAddress: 'anna.mueller@example.com', preferred: true },
            { '@type': 'PostalAddressContactMedium', contactType: 'postal', streetName: 'Domkloster', streetNr: '4', postcode: '50667', city: 'Köln' },
          ],
        },
      },
      {},
    ]);
    const postal = (toBody(values).relatedParty as { partyOrPartyRole: { contactMedium: object[] } }[])[0]!.partyOrPartyRole.contactMedium[1];
    expect(Object.keys(postal!).sort()).toEqual(['@type', 'city', 'contactType', 'postcode', 'streetName', 'streetNr']);
  });
});
