/** Valid create bodies for tests and scripts that talk to the mocked service (each call returns a fresh copy). */
import type { CancelProductOrderFvo } from '../src/domain/cancel-order';
import type { FaultTicketFvoInput } from '../src/domain/ticket';

export function faultTicketBody(externalId = 'EINS-2026-900001'): FaultTicketFvoInput {
  return {
    '@type': 'FaultTicket',
    ticketType: 'fault',
    externalIdentifier: [{ id: externalId, owner: '1&1 Telecom GmbH', externalIdentifierType: 'buyerTicketId' }],
    agreement: [{ '@type': 'AgreementRef', id: 'RV-BSA-2019-0042', '@referredType': 'Agreement' }],
    description: 'Totalausfall seit 06:30 Uhr, kein Sync am Modem.',
    accessLineId: 'DEU.DTAG.ABC1234567',
    expressFaultResolution: 'standard',
    categoryId: 'BSA-VD',
    relatedParty: [
      {
        role: 'locationAContact',
        partyOrPartyRole: {
          '@type': 'Individual',
          givenName: 'Jürgen',
          familyName: 'Müller',
          contactMedium: [
            { '@type': 'PhoneContactMedium', contactType: 'mobile', phoneNumber: '+49 151 12345678' },
            { '@type': 'PostalAddressContactMedium', contactType: 'postal', streetName: 'Hauptstraße', streetNr: '12', streetNrSuffix: 'a', postcode: '50667', city: 'Köln' },
          ],
        },
      },
      {
        role: 'orderManagementBuyerContact',
        partyOrPartyRole: {
          '@type': 'Organization',
          name: '1&1 Telecom GmbH',
          contactMedium: [{ '@type': 'EmailContactMedium', contactType: 'email', emailAddress: 'stoerung@1und1.example' }],
        },
      },
    ],
    relatedEntity: [{ role: 'affectedProduct', entity: { '@type': 'EntityRef', id: 'PRD-0000000042', '@referredType': 'Product' } }],
  };
}

export function disputeTicketBody(disputedTicketId: string, externalId = 'EINS-2026-900002'): FaultTicketFvoInput {
  return {
    '@type': 'FaultTicket',
    ticketType: 'dispute',
    externalIdentifier: [{ id: externalId }],
    agreement: [{ '@type': 'AgreementRef', id: 'RV-BSA-2019-0042', '@referredType': 'Agreement' }],
    resolutionDisputeReason: 'Störung besteht weiterhin.',
    troubleTicketRelationship: [{ id: disputedTicketId, relationshipType: 'disputes' }],
  };
}

export function cancelOrderBody(productOrderId = 'PO-009990001'): CancelProductOrderFvo {
  return {
    '@type': 'CancelProductOrder',
    productOrder: { id: productOrderId, '@referredType': 'ProductOrder' },
    cancellationReason: 'Doppelt erfasster Auftrag.',
    requestedCancellationDate: '2026-12-01T10:00:00+01:00',
  };
}
