// @vitest-environment node
/** toBody: the form state becomes the create body; empty optional values are left out, rows never are. */
import { describe, expect, it } from 'vitest';
import { maximalFault, minimalDispute, minimalFault } from '../../../testing/fixtures';
import { FaultTicketFvo } from '../../../domain/ticket';
import { emptyValues } from './form-values';
import { ticketInputNames } from '../../../domain/ticket-fields';
import { disputeValues, emailRow, faultValues, individualRow, maximalValues, organizationRow, postalRow } from '../../../testing/entry-values';
import { sentBillingRows, toBody } from './to-body';

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
    // Every plain input of the field table, and the optional nested ones.
    const keys = new Set([...ticketInputNames, 'description', 'categoryId', 'requestedResolutionDate', 'accessLineId', 'networkTerminationLocation',
      'billingItem', 'faultQuestionnaire', 'expressFaultResolution', 'interimMessagesRequested', 'endUserContactAllowed',
      'endUserAppointmentIsNecessary', 'requestedTimeSlot', 'appointment', 'resolutionDisputeReason', 'troubleTicketRelationship']);
    for (const key of keys) {
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
