/**
 * Follow-ups of an existing ticket as wizard answers: a dispute of its resolution, or a copy as a new ticket. Pure:
 * the ticket as the read model gives it in, the form's values and the draft's origin out. What the service assigns
 * (id, href, status and its history, dates, notes, attachments) is never an answer, and the external identifier is
 * the new ticket's own, so neither is ever copied (docs/decisions/0032).
 */
import type { TroubleTicketRead } from '../../../api/read-models';
import type { AgreementOrRef } from '../../../domain/agreement';
import type { AppointmentOrRef } from '../../../domain/appointment';
import { relatedEntityRoles, type RelatedEntityRole } from '../../../domain/entity';
import { relatedPartyRoles, type ContactMedium, type RelatedPartyRole } from '../../../domain/party';
import { ticketField, ticketInputNames, type TicketInputName } from '../../../domain/ticket-fields';
import type { EntityRead, PartyRead } from '../../../domain/ticket-reader';
import type { DraftOrigin } from './draft';
import {
  emptyAgreement,
  emptyValues,
  type AgreementRow,
  type ContactMediumRow,
  type EntityRow,
  type EntryValues,
  type PartyRow,
  type PlainValues,
} from './form-values';
import { rowsForType } from './row-limits';

export type FollowUpKind = DraftOrigin['kind'];

/** Statuses after which a fault's resolution can be disputed (interface.md 2.3: a dispute contests a resolution). */
export const disputableStatuses: readonly string[] = ['resolved', 'closed'];

/** Why "Dispute this resolution" is not offered for a ticket, or null when it is. */
export function whyNotDisputable(ticket: Pick<TroubleTicketRead, 'ticketType' | 'status'>): 'notFault' | 'notResolved' | null {
  if (ticket.ticketType !== 'fault') return 'notFault';
  return disputableStatuses.includes(ticket.status ?? '') ? null : 'notResolved';
}

const text = (value: string | undefined) => value ?? '';
/** The value when the form offers it as a choice, else no choice (the agent picks one): a service may use other words. */
const choice = <T extends string>(options: readonly T[], value: string | undefined): T | '' =>
  (options as readonly string[]).includes(value ?? '') ? (value as T) : '';

/** A plain answer as the form holds it: text as read, a yes/no from its boolean, a choice only when the form offers it. */
function plainAnswer(name: TicketInputName, value: unknown): string {
  const field = ticketField(name);
  if (field.show === 'yesNo') return typeof value === 'boolean' ? String(value) : '';
  if (typeof value !== 'string') return '';
  return field.options ? choice(field.options, value) : value;
}

/** The ticket's plain answers the follow-up takes (the others unanswered). */
const plainAnswers = (ticket: TroubleTicketRead, takes: (name: TicketInputName) => boolean): Partial<PlainValues> =>
  Object.fromEntries(ticketInputNames.filter(takes).map((name) => [name, plainAnswer(name, ticket[name])])) as Partial<PlainValues>;

function agreementRow(agreement: AgreementOrRef): AgreementRow {
  if (agreement['@type'] === 'AgreementRef') return { ...emptyAgreement(), '@type': 'AgreementRef', id: agreement.id };
  return {
    ...emptyAgreement(),
    '@type': 'Agreement',
    agreementType: agreement.agreementType,
    name: agreement.name,
    businessId: agreement.businessId,
    engagedParty: [{ businessId: text(agreement.engagedParty?.[0]?.businessId) }],
  };
}

function mediumRow(medium: ContactMedium): ContactMediumRow {
  const preferred = medium.preferred === true;
  switch (medium['@type']) {
    case 'PhoneContactMedium':
      return { '@type': medium['@type'], contactType: medium.contactType, phoneNumber: medium.phoneNumber, preferred };
    case 'EmailContactMedium':
      return { '@type': medium['@type'], emailAddress: medium.emailAddress, preferred };
    case 'PostalAddressContactMedium':
      return {
        '@type': medium['@type'],
        streetName: medium.streetName,
        streetNr: medium.streetNr,
        streetNrSuffix: text(medium.streetNrSuffix),
        postcode: medium.postcode,
        city: medium.city,
        locality: text(medium.locality),
        country: text(medium.country),
        preferred,
      };
  }
}

/**
 * A contact as the reader gives it (the profile's shape, or a reference with a name): the form's party, with what the
 * form cannot take (an unknown role or kind) left for the agent to choose.
 */
function partyRow(party: PartyRead): PartyRow {
  const kind = choice(['Individual', 'Organization'] as const, party.kind);
  const individual = kind === 'Individual';
  return {
    role: choice<RelatedPartyRole>(relatedPartyRoles, party.role),
    partyOrPartyRole: {
      '@type': kind,
      familyName: individual ? text(party.familyName ?? party.name) : '',
      givenName: individual ? text(party.givenName) : '',
      salutation: individual ? text(party.salutation) : '',
      title: individual ? text(party.title) : '',
      name: kind === 'Organization' ? text(party.name) : '',
      contactMedium: party.contactMedium.map(mediumRow),
    },
  };
}

function entityRow(entity: EntityRead): EntityRow {
  const role = choice<RelatedEntityRole>(relatedEntityRoles, entity.role);
  return role === 'optionalServices' ? { role, entity: { id: '', name: text(entity.name) } } : { role, entity: { id: text(entity.id), name: '' } };
}

function appointmentOf(appointment: AppointmentOrRef | undefined): EntryValues['appointment'] {
  const empty = emptyValues().appointment;
  if (!appointment) return empty;
  if (appointment['@type'] === 'AppointmentRef') return { ...empty, '@type': 'AppointmentRef', id: appointment.id };
  return {
    ...empty,
    '@type': 'Appointment',
    validFor: { startDateTime: text(appointment.validFor?.startDateTime), endDateTime: text(appointment.validFor?.endDateTime) },
    description: text(appointment.description),
  };
}

/**
 * What both follow-ups carry over: the agreements, the contacts, the related entities, and the plain answers a
 * dispute keeps (the table's `input.keepOnDispute`: the category, the line).
 */
function shared(ticket: TroubleTicketRead): Partial<EntryValues> {
  const agreement = (ticket.agreement ?? []).map(agreementRow);
  return {
    agreement: agreement.length > 0 ? agreement : [emptyAgreement()],
    relatedParty: (ticket.relatedParty ?? []).map(partyRow),
    relatedEntity: (ticket.relatedEntity ?? []).map(entityRow),
    ...plainAnswers(ticket, (name) => ticketField(name).input?.keepOnDispute === true),
  };
}

/** Every answer of the ticket but the external identifier: what "Copy as new ticket" fills in. */
function copyValues(ticket: TroubleTicketRead): EntryValues {
  const values: EntryValues = { ...emptyValues(), ...shared(ticket), ...plainAnswers(ticket, () => true) };
  const type = ticket.ticketType === 'fault' || ticket.ticketType === 'dispute' ? ticket.ticketType : '';
  values.ticketType = type;
  values.billingItem = (ticket.billingItem ?? []).map((value) => ({ value }));
  // A copied dispute contests the same ticket (its reason is among the plain answers).
  values.troubleTicketRelationship = [{ id: text(ticket.troubleTicketRelationship?.[0]?.id) }];
  values.faultQuestionnaire = (ticket.faultQuestionnaire ?? []).map(({ questionId, answerId }) => ({ questionId, answerId }));
  const slot = ticket.requestedTimeSlot?.validFor;
  values.requestedTimeSlot = { validFor: { startDateTime: text(slot?.startDateTime), endDateTime: text(slot?.endDateTime) } };
  values.appointment = appointmentOf(ticket.appointment);
  return values;
}

/** A dispute of the ticket's resolution: the relationship, and what identifies the disputed service. */
function disputeValues(ticket: TroubleTicketRead): EntryValues {
  return { ...emptyValues(), ...shared(ticket), ticketType: 'dispute', troubleTicketRelationship: [{ id: ticket.id }] };
}

/** The status reason the agent last saw: the ticket's own, else the newest in its history that gives one. */
function lastStatusReason(ticket: TroubleTicketRead): string | undefined {
  if (ticket.statusChangeReason) return ticket.statusChangeReason;
  return [...(ticket.statusChange ?? [])].reverse().find((change) => change.changeReason)?.changeReason;
}

export function followUpOf(ticket: TroubleTicketRead, kind: FollowUpKind): { values: EntryValues; origin: DraftOrigin } {
  const values = kind === 'dispute' ? disputeValues(ticket) : copyValues(ticket);
  // A fault shows at least 2 contacts and 1 entity, as choosing the type in the form would.
  const rows = rowsForType(values, values.ticketType);
  const origin: DraftOrigin =
    kind === 'dispute'
      ? {
          kind,
          ticketId: ticket.id,
          ...(ticket.status ? { status: ticket.status } : {}),
          ...(ticket.resolutionDate ? { resolutionDate: ticket.resolutionDate } : {}),
          ...(lastStatusReason(ticket) ? { statusChangeReason: lastStatusReason(ticket) } : {}),
        }
      : { kind, ticketId: ticket.id };
  return { values: { ...values, ...rows }, origin };
}
