// Create bodies that carry one hostile string in every free-text field, cut to each field's length in the domain
// schemas (src/domain), and a helper that POSTs them through the demo's service worker from inside the page.
import type { Page } from '@playwright/test';
import { FaultTicketFvo, type FaultTicketFvoInput } from '../../src/domain/ticket';
import { API_BASE } from '../support/demo-service';
import { fit, type HostileString } from './corpus';

/**
 * Every fourth string goes into a dispute (which adds the disputed ticket's ID and the dispute reason); the rest into
 * faults. `marker` (the category ID, 8 characters) lets the list show just these tickets.
 */
export function hostileBody(entry: HostileString, marker: string): FaultTicketFvoInput {
  const s = entry.text;
  const common = {
    '@type': 'FaultTicket' as const,
    // The store refuses a second open ticket with the same external ID: the corpus id keeps them apart.
    externalIdentifier: [{ id: fit(`#${entry.id} ${s}`, 36), owner: s, externalIdentifierType: s }],
    categoryId: marker,
    description: fit(s, 1024, 0),
    billingItem: [s],
    agreement: [
      {
        '@type': 'Agreement' as const,
        agreementType: 'buyerServiceContract' as const,
        name: fit(s, 160),
        businessId: fit(s, 40),
        engagedParty: [{ '@type': 'Organization' as const, businessId: fit(s, 10) }],
      },
      { '@type': 'AgreementRef' as const, id: fit(s, 36), '@referredType': 'Agreement' as const },
    ],
    relatedParty: [
      {
        role: 'locationAContact' as const,
        partyOrPartyRole: {
          '@type': 'Individual' as const,
          familyName: fit(s, 30),
          givenName: fit(s, 30),
          salutation: fit(s, 30),
          title: fit(s, 30),
          contactMedium: [
            { '@type': 'PhoneContactMedium' as const, contactType: 'mobile' as const, phoneNumber: fit(s, 30) },
            { '@type': 'EmailContactMedium' as const, contactType: 'email' as const, emailAddress: fit(s, 255) },
            {
              '@type': 'PostalAddressContactMedium' as const,
              contactType: 'postal' as const,
              streetName: fit(s, 40),
              streetNr: '12',
              streetNrSuffix: fit(s, 6),
              postcode: fit(s, 6),
              city: fit(s, 40),
              locality: fit(s, 40),
              country: fit(s, 2, 2),
            },
          ],
        },
      },
      { role: 'orderManagementBuyerContact' as const, partyOrPartyRole: { '@type': 'Organization' as const, name: fit(s, 60) } },
    ],
    relatedEntity: [
      { role: 'affectedProduct' as const, entity: { '@type': 'EntityRef' as const, id: fit(s, 36), '@referredType': 'Product' as const } },
      { role: 'diagnosis' as const, entity: { '@type': 'EntityRef' as const, id: fit(s, 36), '@referredType': 'ProductTest' as const } },
      { role: 'optionalServices' as const, entity: { '@type': 'ProductOffering' as const, name: fit(s, 60) } },
    ],
    accessLineId: fit(s, 21, 7),
    networkTerminationLocation: fit(s, 160),
    faultQuestionnaire: [{ questionId: fit(s, 8), answerId: fit(s, 8) }],
    appointment: { '@type': 'Appointment' as const, description: s },
  };
  const body: FaultTicketFvoInput =
    entry.id % 4 === 0
      ? {
          ...common,
          ticketType: 'dispute',
          resolutionDisputeReason: fit(s, 1024, 0),
          troubleTicketRelationship: [{ id: s, relationshipType: 'disputes' }],
        }
      : { ...common, ticketType: 'fault' };
  // A body the service would refuse would test nothing: fail here, with the schema's words.
  const checked = FaultTicketFvo.safeParse(body);
  if (!checked.success) throw new Error(`corpus #${entry.id}: ${checked.error.message}`);
  return body;
}

/** POSTs the bodies through the page (so through the demo's service worker); returns the created tickets' ids. */
export async function createThroughService(page: Page, bodies: FaultTicketFvoInput[]): Promise<string[]> {
  const results = await page.evaluate(
    async ({ base, all }) => {
      const out: { status: number; id: string }[] = [];
      // One after the other: creation order is list order (newest first), which the assertions rely on.
      for (const body of all) {
        const response = await fetch(`${base}/troubleTicket`, {
          method: 'POST',
          headers: { Authorization: 'Bearer demo', 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(body),
        });
        const json = (await response.json()) as { id?: string };
        out.push({ status: response.status, id: json.id ?? '' });
      }
      return out;
    },
    { base: API_BASE, all: bodies },
  );
  const refused = results.flatMap((result, index) => (result.status === 201 ? [] : [`#${index}: ${result.status}`]));
  if (refused.length > 0) throw new Error(`the service refused: ${refused.join(', ')}`);
  return results.map((result) => result.id);
}
