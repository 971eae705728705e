/** Building blocks of a seeded ticket: line ids, contacts and related entities, and the per-buyer shared parts. */
import type { AgreementOrRef } from '../src/domain/agreement';
import type { ChannelRef, FaultTicket, FaultTicketFvo } from '../src/domain/ticket';
import type { RelatedEntity } from '../src/domain/entity';
import type { RelatedParty } from '../src/domain/party';
import { ticketFieldSamples } from '../src/domain/ticket-field-samples';
import { ticketField, type TicketFieldName } from '../src/domain/ticket-fields';
import { createPrng, type Prng } from './prng';
import * as data from './seed-data';
import { HOUR, toBerlinIso } from './time';

/** Per-buyer parts that never change are built once and shared by reference: a large seed stays small in memory. */
const buyerAgreements = new Map<data.Buyer, { inline: AgreementOrRef[]; ref: AgreementOrRef[] }>(
  data.buyers.map((b) => [
    b,
    {
      inline: [{ '@type': 'Agreement' as const, agreementType: b.agreementType, name: b.agreementName, businessId: b.agreementId, engagedParty: [{ '@type': 'Organization' as const, businessId: b.businessId }] }],
      ref: [{ '@type': 'AgreementRef' as const, id: b.agreementId, '@referredType': 'Agreement' as const }],
    },
  ]),
);

/** The buyer's agreement, mostly inline, sometimes as a reference. */
export function agreementFor(rnd: Prng, buyer: data.Buyer): AgreementOrRef[] {
  const agreements = buyerAgreements.get(buyer);
  if (!agreements) throw new Error(`No agreement for ${buyer.name}`);
  return rnd.chance(0.75) ? agreements.inline : agreements.ref;
}

const buyerDesks = new Map<data.Buyer, RelatedParty>(
  data.buyers.map((b) => [
    b,
    {
      role: 'orderManagementBuyerContact',
      partyOrPartyRole: {
        '@type': 'Organization',
        name: b.name,
        contactMedium: [
          { '@type': 'EmailContactMedium', contactType: 'email', emailAddress: `stoerung@${b.emailDomain}`, preferred: true },
          { '@type': 'PhoneContactMedium', contactType: 'fixed', phoneNumber: b.hotline },
        ],
      },
    },
  ]),
);

const providerDesk: RelatedParty = {
  role: 'orderManagementSellerContact',
  partyOrPartyRole: {
    '@type': 'Organization',
    name: data.provider.name,
    contactMedium: [
      { '@type': 'EmailContactMedium', contactType: 'email', emailAddress: `entstoerung@${data.provider.emailDomain}` },
      { '@type': 'PhoneContactMedium', contactType: 'fixed', phoneNumber: data.provider.phone },
    ],
  },
};


export function accessLineId(rnd: Prng, carrier: string): string {
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  const letter = () => letters[rnd.int(letters.length)];
  const prefix = letter() + letter() + letter();
  return `DEU.${carrier}.${prefix}${rnd.digits(rnd.chance(0.15) ? 8 : 7)}`;
}

export function relatedParties(rnd: Prng, buyer: data.Buyer, place: (typeof data.places)[number]): RelatedParty[] {
  const [city, postcode, areaCode, localities] = place;
  const [givenName, salutation] = rnd.pick(data.people);
  const familyName = rnd.pick(data.familyNames);
  const endUser: RelatedParty = {
    role: 'locationAContact',
    partyOrPartyRole: {
      '@type': 'Individual',
      familyName,
      givenName,
      salutation,
      ...(rnd.chance(0.1) ? { title: rnd.pick(data.titles) } : {}),
      contactMedium: [
        rnd.chance(0.6)
          ? { '@type': 'PhoneContactMedium', contactType: 'mobile', phoneNumber: `+49 15${rnd.between(1, 9)} ${rnd.digits(8)}`, preferred: true }
          : { '@type': 'PhoneContactMedium', contactType: 'fixed', phoneNumber: `+49 ${areaCode} ${rnd.digits(7)}`, preferred: true },
        {
          '@type': 'PostalAddressContactMedium',
          contactType: 'postal',
          streetName: rnd.pick(data.streets),
          streetNr: String(rnd.between(1, 180)),
          ...(rnd.chance(0.2) ? { streetNrSuffix: rnd.pick(data.streetNrSuffixes) } : {}),
          postcode,
          city,
          ...(rnd.chance(0.5) ? { locality: rnd.pick(localities) } : {}),
          country: 'DE',
        },
      ],
    },
  };
  const buyerDesk = buyerDesks.get(buyer) as RelatedParty;
  const parties = [endUser, buyerDesk];
  if (rnd.chance(0.3)) {
    const [caretakerGiven, caretakerSalutation] = rnd.pick(data.people);
    parties.push({
      role: 'installationContact',
      partyOrPartyRole: {
        '@type': 'Individual',
        familyName: rnd.pick(data.familyNames),
        givenName: caretakerGiven,
        salutation: caretakerSalutation,
        contactMedium: [{ '@type': 'PhoneContactMedium', contactType: 'mobile', phoneNumber: `+49 17${rnd.between(0, 9)} ${rnd.digits(7)}` }],
      },
    });
  }
  if (rnd.chance(0.2)) parties.push(providerDesk);
  return parties;
}

export function relatedEntities(rnd: Prng): RelatedEntity[] {
  const entities: RelatedEntity[] = [
    { role: 'affectedProduct', entity: { '@type': 'EntityRef', id: `PRD-${rnd.digits(10)}`, '@referredType': 'Product' } },
  ];
  if (rnd.chance(0.5)) entities.push({ role: 'diagnosis', entity: { '@type': 'EntityRef', id: `PT-2026-${rnd.digits(8)}`, '@referredType': 'ProductTest' } });
  if (rnd.chance(0.1)) entities.push({ role: 'optionalServices', entity: { '@type': 'ProductOffering', name: rnd.pick(data.optionalServices) } });
  return entities;
}


/** The v5 base TroubleTicket's own fields, as the provider's desk sets them when a ticket comes in. */
export type Triage = { name: string; severity: string; priority: string; channel: ChannelRef };

const priorityOf = (express: string | undefined, severity: string) =>
  express === 'oneTime' || severity === 'Critical' ? 'High' : express === 'none' ? 'Low' : 'Medium';

/** Name, severity and priority from the fault described (the desk's short name with the place), and its channel. */
export function triage(rnd: Prng, description: string | undefined, express: string | undefined, city: string): Triage {
  const index = description === undefined ? -1 : data.faultDescriptions.indexOf(description);
  const [title, severity] = data.faultTriage[index] ?? ['Störung', 'Major'];
  const channel = data.channels[rnd.weighted({ api: 6, portal: 3, phone: 1, email: 1 })];
  return { name: `${title} – ${city}`, severity, priority: priorityOf(express, severity), channel: { ...channel } };
}

/** A ticket created through the API came in by the B2B interface; its name is the start of what the buyer wrote. */
export function createdTicketTriage(input: FaultTicketFvo): Triage {
  const words = (input.description ?? '').split(/\s+/).filter(Boolean);
  const start = words.slice(0, 6).join(' ');
  const name = start === '' ? (input.ticketType === 'dispute' ? 'Reklamation' : 'Störungsmeldung') : `${start}${words.length > 6 ? ' …' : ''}`;
  const severity = input.ticketType === 'dispute' ? 'Minor' : 'Major';
  return { name, severity, priority: priorityOf(input.expressFaultResolution, severity), channel: { ...data.channels.api } };
}


/** A field's own random stream: the seed mixed with the FNV-1a hash of its name, so no field shifts another. */
export function fieldStream(seed: number, name: string): Prng {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i += 1) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return createPrng((seed ^ hash) >>> 0);
}

/**
 * The plain fields of the field table the seed does not write by hand, drawn from their samples
 * (src/domain/ticket-field-samples.ts), each on its own stream and so on each ticket: most tickets have one; a yes/no
 * is either, a choice any of its options, a date a few days after the ticket's creation, a text one of its samples.
 */
export function sampledFields(seed: number, names: readonly TicketFieldName[]): (ticket: FaultTicket, created: number) => void {
  const streams = names.map((name) => [name, fieldStream(seed, name)] as const);
  return (ticket, created) => {
    for (const [name, rnd] of streams) {
      const field = ticketField(name);
      const present = rnd.chance(0.8);
      const value =
        field.show === 'yesNo'
          ? rnd.chance(0.5)
          : field.show === 'choice' && field.options
            ? rnd.pick(field.options)
            : field.show === 'dateTime'
              ? toBerlinIso(created + rnd.between(1, 96) * HOUR)
              : rnd.pick(ticketFieldSamples[name] as readonly unknown[]);
      if (present && (field.only !== 'dispute' || ticket.ticketType === 'dispute')) (ticket as Record<string, unknown>)[name] = value;
    }
  };
}
