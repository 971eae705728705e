/**
 * The wizard's form state: the create body's shape (names of interface.md) with every input as a string ('' = empty),
 * polymorphic items holding the fields of each of their kinds, and rows as objects (useFieldArray needs objects).
 * toBody() turns it into a FaultTicket_FVO; docs/decisions/0017-wizard-form-state.md says why it looks like this.
 */
import type { agreementTypes } from '../../../domain/agreement';
import type { RelatedEntityRole } from '../../../domain/entity';
import type { ContactMedium, RelatedPartyRole } from '../../../domain/party';
import type { TicketType } from '../../../domain/ticket';
import { ticketInputNames, type PlainInputValue, type TicketInputName } from '../../../domain/ticket-fields';

/** An unanswered choice is ''. */
type Choice<T extends string> = T | '';

type PhoneType = Extract<ContactMedium, { '@type': 'PhoneContactMedium' }>['contactType'];

export type PhoneRow = { '@type': 'PhoneContactMedium'; contactType: Choice<PhoneType>; phoneNumber: string; preferred: boolean };
export type EmailRow = { '@type': 'EmailContactMedium'; emailAddress: string; preferred: boolean };
export type PostalRow = {
  '@type': 'PostalAddressContactMedium';
  streetName: string;
  streetNr: string;
  streetNrSuffix: string;
  postcode: string;
  city: string;
  locality: string;
  country: string;
  preferred: boolean;
};
/** The kind of a contact medium is chosen by the "Add" button pressed, so each row holds only its own fields. */
export type ContactMediumRow = PhoneRow | EmailRow | PostalRow;
export type ContactMediumType = ContactMediumRow['@type'];

export type PartyRow = {
  role: Choice<RelatedPartyRole>;
  partyOrPartyRole: {
    '@type': Choice<'Individual' | 'Organization'>;
    familyName: string;
    givenName: string;
    salutation: string;
    title: string;
    name: string;
    contactMedium: ContactMediumRow[];
  };
};

export type AgreementRow = {
  '@type': Choice<'Agreement' | 'AgreementRef'>;
  agreementType: Choice<(typeof agreementTypes)[number]>;
  name: string;
  businessId: string;
  /** Always one row in the form (the interface allows at most one); an empty business id leaves it out. */
  engagedParty: [{ businessId: string }];
  id: string;
};

/** The entity's shape follows the role: `id` for a Product or ProductTest reference, `name` for an offering. */
export type EntityRow = { role: Choice<RelatedEntityRole>; entity: { id: string; name: string } };

export type QuestionRow = { questionId: string; answerId: string };
export type BillingItemRow = { value: string };
export type Period = { startDateTime: string; endDateTime: string };

/** The plain inputs of the field table (src/domain/ticket-fields.ts), each a string ('' = unanswered). */
export type PlainValues = { [K in TicketInputName]: PlainInputValue<K> };

/** The hand-written parts: the type, identifiers, lists, relationships, the time slot and the appointment. */
type NestedValues = {
  ticketType: Choice<TicketType>;
  externalIdentifier: [{ id: string; owner: string; externalIdentifierType: string }];
  billingItem: BillingItemRow[];
  /** Dispute only: the disputed ticket (relationshipType "disputes" is added by toBody). */
  troubleTicketRelationship: [{ id: string }];
  agreement: AgreementRow[];
  relatedParty: PartyRow[];
  relatedEntity: EntityRow[];
  faultQuestionnaire: QuestionRow[];
  requestedTimeSlot: { validFor: Period };
  appointment: { '@type': Choice<'none' | 'Appointment' | 'AppointmentRef'>; validFor: Period; description: string; id: string };
};

/** The wizard's values; a dispute-only plain input is kept but not sent while the type is fault (interface.md 2.3 rule 1). */
export type EntryValues = NestedValues & PlainValues;

// Every factory returns a fresh object: rows must never share nested arrays.

export const emptyAgreement = (): AgreementRow => ({
  '@type': '',
  agreementType: '',
  name: '',
  businessId: '',
  engagedParty: [{ businessId: '' }],
  id: '',
});

export const emptyParty = (): PartyRow => ({
  role: '',
  partyOrPartyRole: { '@type': '', familyName: '', givenName: '', salutation: '', title: '', name: '', contactMedium: [] },
});

export function emptyContactMedium(type: ContactMediumType): ContactMediumRow {
  switch (type) {
    case 'PhoneContactMedium':
      return { '@type': type, contactType: '', phoneNumber: '', preferred: false };
    case 'EmailContactMedium':
      return { '@type': type, emailAddress: '', preferred: false };
    case 'PostalAddressContactMedium':
      return { '@type': type, streetName: '', streetNr: '', streetNrSuffix: '', postcode: '', city: '', locality: '', country: '', preferred: false };
  }
}

export const emptyEntity = (): EntityRow => ({ role: '', entity: { id: '', name: '' } });
export const emptyQuestion = (): QuestionRow => ({ questionId: '', answerId: '' });
export const emptyBillingItem = (): BillingItemRow => ({ value: '' });

/** Every plain input unanswered. */
export const emptyPlainValues = (): PlainValues => Object.fromEntries(ticketInputNames.map((name) => [name, ''])) as PlainValues;

/** The empty wizard: no type chosen yet, so the minimum rows of a fault are not shown until it is (rows.ts). */
export const emptyValues = (): EntryValues => ({
  ...emptyPlainValues(),
  ticketType: '',
  externalIdentifier: [{ id: '', owner: '', externalIdentifierType: '' }],
  billingItem: [],
  troubleTicketRelationship: [{ id: '' }],
  agreement: [emptyAgreement()],
  relatedParty: [],
  relatedEntity: [],
  faultQuestionnaire: [],
  requestedTimeSlot: { validFor: { startDateTime: '', endDateTime: '' } },
  appointment: { '@type': 'none', validFor: { startDateTime: '', endDateTime: '' }, description: '', id: '' },
});
