/**
 * The trouble ticket's field table for reading: any answer (TMF621 v5 names, older spellings, reference shapes, fields
 * this app does not know) becomes the app's read model. List, detail, CSV export and events all read through it
 * (docs/decisions/0027); the table is read by the domain's one tolerant reader (./tolerant-reader.ts, 0064). Writing
 * stays strict: create bodies are checked with FaultTicketFvo.
 */
import * as z from './zod';
import { AgreementOrRef } from './agreement';
import { AppointmentOrRef, TimeSlot } from './appointment';
import { dateTime } from './common';
import {
  AttachmentRead,
  ChannelRead,
  EntityRead,
  ExternalIdentifierRead,
  ExternalIdRead,
  NoteRead,
  PartyRead,
  QuestionAnswerRead,
  RelationshipRead,
  StatusChangeRead,
} from './ticket-reader-parts';
import { ticketField, ticketFieldNames, type TicketFieldName, type ticketFields } from './ticket-fields';
import { readStatus } from './ticket-status';
import { answerSchema, idText, list, looseText, one, readerOf, type FieldTable, type Read } from './tolerant-reader';

const text = z.string();

/** What each kind of plain field reads (./ticket-fields.ts). */
const readAs = { text, looseText, flag: z.boolean(), dateTime: dateTime() };
type ReadAs = typeof readAs;
type Table = typeof ticketFields;
type PlainReader<K extends TicketFieldName> = { kind: 'one'; schema: ReadAs[Table[K]['read']]; aliases?: Record<string, z.ZodType> };

/** The plain fields, read as their table says, under their v5 name and the older names they also accept. */
const plainFields = Object.fromEntries(
  ticketFieldNames.map((name) => {
    const { read, older = [] } = ticketField(name);
    return [name, one(readAs[read], Object.fromEntries(older.map((alias) => [alias, readAs[read]])))];
  }),
) as { [K in TicketFieldName]: PlainReader<K> };

/** Every field the reader knows, under its v5 name, with what it reads and the older names it also accepts. */
const fields = {
  '@type': one(text),
  href: one(text),
  ticketType: one(text),
  status: one(text.transform(readStatus)),
  statusChange: list(StatusChangeRead, { statusChangeHistory: StatusChangeRead }),
  ...plainFields,
  channel: one(ChannelRead),
  externalIdentifier: list(ExternalIdentifierRead, { externalId: ExternalIdRead }),
  requestedTimeSlot: one(TimeSlot),
  appointment: one(AppointmentOrRef),
  billingItem: list(idText),
  faultQuestionnaire: list(QuestionAnswerRead),
  troubleTicketRelationship: list(RelationshipRead),
  agreement: list(AgreementOrRef),
  relatedParty: list(PartyRead),
  relatedEntity: list(EntityRead),
  attachment: list(AttachmentRead),
  note: list(NoteRead),
} satisfies FieldTable;

export type { OtherDetail } from './tolerant-reader';

/** The app's read model of a trouble ticket: only `id` is sure; every other field is there when the service sent it. */
export type TroubleTicketRead = Read<typeof fields>;

const readFields = readerOf(fields);

/** Identifiers sent both as `externalIdentifier[]` and as `externalId` are one identifier, listed once. */
function uniqueIdentifiers(identifiers: ExternalIdentifierRead[]): ExternalIdentifierRead[] {
  const seen = new Set<string>();
  return identifiers.filter((identifier) => (seen.has(identifier.id) ? false : (seen.add(identifier.id), true)));
}

/**
 * Reads one ticket answer; undefined when it is not an object with an id (a string, or a number, read as its digits).
 * Nothing the service sent is lost: what cannot be read goes to `other`, as text. `null` counts as not sent.
 */
export function readTroubleTicket(answer: unknown): TroubleTicketRead | undefined {
  const ticket = readFields(answer);
  if (ticket?.externalIdentifier) ticket.externalIdentifier = uniqueIdentifiers(ticket.externalIdentifier);
  return ticket;
}

/** The reader as a schema (for the API client's `readAs`): an answer that is no ticket is an issue at `id`. */
export const TroubleTicketAnswer = answerSchema(readTroubleTicket, 'a trouble ticket');

export type { AttachmentRead, ChannelRead, EntityRead, ExternalIdentifierRead, NoteRead, PartyRead, RelationshipRead, StatusChangeRead } from './ticket-reader-parts';
