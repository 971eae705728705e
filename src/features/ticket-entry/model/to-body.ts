/**
 * The form state -> the create body (FaultTicket_FVO). Pure. Empty optional values are left out; array items never
 * are (except empty billing items, which carry no rule), so a schema error at `relatedParty[3]` is the fourth row.
 * Constant parts (`@type` of references, contactType of email and postal, relationshipType) are added here.
 */
import { ticketField, ticketInputNames } from '../../../domain/ticket-fields';
import type { AgreementRow, ContactMediumRow, EntityRow, EntryValues, PartyRow, Period } from './form-values';
import { isAsked } from './steps';

type Json = Record<string, unknown>;

/** `{ key: value }` when value is not '', else `{}`: spread into an object literal. */
const opt = (key: string, value: string): Json => (value === '' ? {} : { [key]: value });
/** A checked "Preferred" says true; unchecked leaves it out (the agent did not say "not preferred"). */
const optPreferred = (preferred: boolean): Json => (preferred ? { preferred: true } : {});
/** An optional list: left out when it has no rows. */
const optList = (key: string, rows: unknown[]): Json => (rows.length === 0 ? {} : { [key]: rows });

/** A period: absent when both ends are empty, else both ends are sent as given (an empty one is then "required"). */
function period(value: Period): Json | undefined {
  if (value.startDateTime === '' && value.endDateTime === '') return undefined;
  return { ...opt('startDateTime', value.startDateTime), ...opt('endDateTime', value.endDateTime) };
}

function agreementToBody(row: AgreementRow): Json {
  switch (row['@type']) {
    case 'Agreement': {
      const engaged = row.engagedParty[0].businessId;
      return {
        '@type': 'Agreement',
        agreementType: row.agreementType,
        name: row.name,
        businessId: row.businessId,
        ...(engaged === '' ? {} : { engagedParty: [{ '@type': 'Organization', businessId: engaged }] }),
      };
    }
    case 'AgreementRef':
      return { '@type': 'AgreementRef', id: row.id, '@referredType': 'Agreement' };
    default:
      return { '@type': row['@type'] };
  }
}

function contactMediumToBody(row: ContactMediumRow): Json {
  switch (row['@type']) {
    case 'PhoneContactMedium':
      return { '@type': row['@type'], contactType: row.contactType, phoneNumber: row.phoneNumber, ...optPreferred(row.preferred) };
    case 'EmailContactMedium':
      return { '@type': row['@type'], contactType: 'email', emailAddress: row.emailAddress, ...optPreferred(row.preferred) };
    case 'PostalAddressContactMedium':
      return {
        '@type': row['@type'],
        contactType: 'postal',
        streetName: row.streetName,
        streetNr: row.streetNr,
        ...opt('streetNrSuffix', row.streetNrSuffix),
        postcode: row.postcode,
        city: row.city,
        ...opt('locality', row.locality),
        ...opt('country', row.country),
        ...optPreferred(row.preferred),
      };
  }
}

function partyToBody(row: PartyRow): Json {
  const party = row.partyOrPartyRole;
  const media = optList('contactMedium', party.contactMedium.map(contactMediumToBody));
  switch (party['@type']) {
    case 'Individual':
      return {
        role: row.role,
        partyOrPartyRole: {
          '@type': 'Individual',
          familyName: party.familyName,
          ...opt('givenName', party.givenName),
          ...opt('salutation', party.salutation),
          ...opt('title', party.title),
          ...media,
        },
      };
    case 'Organization':
      return { role: row.role, partyOrPartyRole: { '@type': 'Organization', name: party.name, ...media } };
    default:
      return { role: row.role, partyOrPartyRole: { '@type': party['@type'] } };
  }
}

function entityToBody(row: EntityRow): Json {
  switch (row.role) {
    case 'affectedProduct':
      return { role: row.role, entity: { '@type': 'EntityRef', id: row.entity.id, '@referredType': 'Product' } };
    case 'diagnosis':
      return { role: row.role, entity: { '@type': 'EntityRef', id: row.entity.id, '@referredType': 'ProductTest' } };
    case 'optionalServices':
      return { role: row.role, entity: { '@type': 'ProductOffering', name: row.entity.name } };
    default:
      return { role: row.role };
  }
}

function appointmentToBody(value: EntryValues['appointment']): Json {
  switch (value['@type']) {
    case 'Appointment': {
      const validFor = period(value.validFor);
      return { appointment: { '@type': 'Appointment', ...(validFor ? { validFor } : {}), ...opt('description', value.description) } };
    }
    case 'AppointmentRef':
      return { appointment: { '@type': 'AppointmentRef', id: value.id, '@referredType': 'Appointment' } };
    default:
      return {};
  }
}

/**
 * The answered plain inputs of the field table: a yes/no as a boolean, others as entered. What only a dispute carries
 * is not sent for a fault (rule 1 of interface.md 2.3); it stays in the form.
 */
function plainToBody(values: EntryValues): Json {
  const sent = ticketInputNames.filter((name) => values[name] !== '' && isAsked(name, values.ticketType));
  return Object.fromEntries(sent.map((name) => [name, ticketField(name).show === 'yesNo' ? values[name] === 'true' : values[name]]));
}

/** Indexes (in the form) of the billing items that are sent: the body's billingItem[i] is the form's row at [i]. */
export function sentBillingRows(values: Pick<EntryValues, 'billingItem'>): number[] {
  return values.billingItem.flatMap((row, index) => (row.value === '' ? [] : [index]));
}

/** The body as the service would receive it; FaultTicketFvo decides whether it is valid. */
export function toBody(values: EntryValues): Json {
  const dispute = values.ticketType === 'dispute';
  const external = values.externalIdentifier[0];
  const timeSlot = period(values.requestedTimeSlot.validFor);
  const parties = values.relatedParty.map(partyToBody);
  const entities = values.relatedEntity.map(entityToBody);
  return {
    '@type': 'FaultTicket',
    ticketType: values.ticketType,
    externalIdentifier: [
      { id: external.id, ...opt('owner', external.owner), ...opt('externalIdentifierType', external.externalIdentifierType) },
    ],
    ...plainToBody(values),
    ...optList('billingItem', sentBillingRows(values).map((index) => values.billingItem[index]!.value)),
    // Rules 1 and 2 of interface.md 2.3: what only a dispute carries is not sent for a fault (it stays in the form).
    ...(dispute ? { troubleTicketRelationship: [{ id: values.troubleTicketRelationship[0].id, relationshipType: 'disputes' }] } : {}),
    agreement: values.agreement.map(agreementToBody),
    // A fault always sends its lists, so "at least 2 contacts" is reported at the list; a dispute leaves empty ones out.
    ...(dispute ? optList('relatedParty', parties) : { relatedParty: parties }),
    ...(dispute ? optList('relatedEntity', entities) : { relatedEntity: entities }),
    ...optList('faultQuestionnaire', values.faultQuestionnaire.map((row) => ({ questionId: row.questionId, answerId: row.answerId }))),
    ...(timeSlot ? { requestedTimeSlot: { validFor: timeSlot } } : {}),
    ...appointmentToBody(values.appointment),
  };
}
