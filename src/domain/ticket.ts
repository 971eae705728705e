/** FaultTicket_FVO (create body) and FaultTicket (read form): interface.md 2.2–2.4 and decisions.md. */
import * as z from './zod';
import { ticketStatuses } from './ticket-status';
import { AgreementOrRef } from './agreement';
import { AppointmentOrRef, AttachmentOrRef, TimeSlot } from './appointment';
import { dateTime, nonEmpty, rule, text } from './common';
import { RelatedEntity } from './entity';
import { RelatedParty } from './party';

export const ticketTypes = ['fault', 'dispute'] as const;
export const TicketType = z.enum(ticketTypes);

export const expressFaultResolutions = ['standard', 'oneTime', 'none'] as const;

export { ticketStatuses };
export const TicketStatus = z.enum(ticketStatuses);

export const QuestionAnswer = z.object({
  '@type': z.string().optional(),
  questionId: text(1, 8),
  answerId: text(1, 8),
});

export const ExternalIdentifier = z.object({
  '@type': z.literal('ExternalIdentifier').optional(),
  id: text(1, 36),
  owner: nonEmpty().optional(),
  externalIdentifierType: nonEmpty().optional(),
});

export const TroubleTicketRelationship = z.object({
  '@type': z.string().optional(),
  id: nonEmpty(),
  relationshipType: nonEmpty(),
  href: z.string().optional(),
  name: z.string().optional(),
});

/** Fields every fault ticket input shares, whatever its ticketType (2.2 "through appointment", 2.4). */
const commonInput = {
  '@type': z.enum(['FaultTicket', 'FaultTicket_FVO']),
  externalIdentifier: z.array(ExternalIdentifier).min(1),
  agreement: z.array(AgreementOrRef).min(1),
  description: text(0, 1024).optional(),
  requestedResolutionDate: dateTime().optional(),
  endUserContactAllowed: z.boolean().optional(),
  endUserAppointmentIsNecessary: z.boolean().optional(),
  accessLineId: text(7, 21).optional(),
  networkTerminationLocation: text(1, 160).optional(),
  expressFaultResolution: z.enum(expressFaultResolutions).optional(),
  faultQuestionnaire: z.array(QuestionAnswer).max(99).optional(),
  interimMessagesRequested: z.boolean().optional(),
  requestedTimeSlot: TimeSlot.optional(),
  appointment: AppointmentOrRef.optional(),
  categoryId: text(1, 8).optional(),
  billingItem: z.array(z.string()).max(99).optional(),
};

/** Rules 1, 3, 5 of part 2.3. */
export const FaultTicketFvoFault = z.object({
  ...commonInput,
  ticketType: z.literal('fault'),
  resolutionDisputeReason: z.undefined({ message: rule.faultNoDisputeReason }).optional(),
  relatedParty: z.array(RelatedParty).min(2).max(99),
  relatedEntity: z.array(RelatedEntity).min(1).max(3),
  troubleTicketRelationship: z.array(TroubleTicketRelationship).optional(),
});

/** Rules 2, 4, 6 of part 2.3. */
export const FaultTicketFvoDispute = z.object({
  ...commonInput,
  ticketType: z.literal('dispute'),
  resolutionDisputeReason: text(0, 1024).optional(),
  relatedParty: z.array(RelatedParty).max(99).optional(),
  relatedEntity: z.array(RelatedEntity).max(3).optional(),
  troubleTicketRelationship: z.array(TroubleTicketRelationship).min(1),
});

/** The create body: a discriminated union on ticketType that carries the six conditional rules. */
export const FaultTicketFvo = z.discriminatedUnion('ticketType', [FaultTicketFvoFault, FaultTicketFvoDispute]);
export type FaultTicketFvo = z.infer<typeof FaultTicketFvo>;
export type FaultTicketFvoInput = z.input<typeof FaultTicketFvo>;

/** One step of the status history, with the TMF621 v5 names (decisions.md). */
export const StatusChange = z.object({
  status: TicketStatus,
  changeDate: dateTime(),
  changeReason: z.string().optional(),
});

export const Note = z.object({
  id: nonEmpty(),
  author: z.string().optional(),
  date: dateTime().optional(),
  text: z.string(),
});

/** ChannelRef of the v5 base TroubleTicket: the channel the ticket came in through. */
export const ChannelRef = z.object({
  '@type': z.string().optional(),
  '@referredType': z.string().optional(),
  id: nonEmpty(),
  href: z.string().optional(),
  name: z.string().optional(),
});

/** Read-only fields of a created ticket, with the TMF621 v5 names (decisions.md). */
const readOnly = {
  '@type': z.enum(['FaultTicket', 'TroubleTicket']),
  id: nonEmpty(),
  href: nonEmpty(),
  status: TicketStatus,
  statusChangeDate: dateTime().optional(),
  statusChangeReason: z.string().optional(),
  statusChange: z.array(StatusChange).optional(),
  creationDate: dateTime(),
  lastUpdateDate: dateTime(),
  expectedResolutionDate: dateTime().optional(),
  resolutionDate: dateTime().optional(),
  note: z.array(Note).optional(),
  attachment: z.array(AttachmentOrRef).optional(),
  // The v5 base TroubleTicket's own fields; a service may send them on a FaultTicket too (decisions.md).
  name: z.string().optional(),
  severity: z.string().optional(),
  priority: z.string().optional(),
  channel: ChannelRef.optional(),
};

/** The read form: what the service returns for a whole ticket. */
export const FaultTicket = z.discriminatedUnion('ticketType', [
  FaultTicketFvoFault.extend(readOnly),
  FaultTicketFvoDispute.extend(readOnly),
]);
export type FaultTicket = z.infer<typeof FaultTicket>;
export type TicketStatus = z.infer<typeof TicketStatus>;
export type TicketType = z.infer<typeof TicketType>;
export type QuestionAnswer = z.infer<typeof QuestionAnswer>;
export type StatusChange = z.infer<typeof StatusChange>;
export type Note = z.infer<typeof Note>;
export type ChannelRef = z.infer<typeof ChannelRef>;
