/**
 * The one tolerant reader of trouble tickets: any answer (TMF621 v5 names, older spellings, reference shapes, fields
 * this app does not know) becomes the app's read model. List, detail, CSV export and events all read through it
 * (docs/decisions/0027). Writing stays strict: create bodies are checked with FaultTicketFvo.
 */
import * as z from './zod';
import { AgreementOrRef } from './agreement';
import { AppointmentOrRef, TimeSlot } from './appointment';
import { dateTime } from './common';
import {
  asText,
  AttachmentRead,
  ChannelRead,
  EntityRead,
  ExternalIdentifierRead,
  ExternalIdRead,
  idText,
  isRecord,
  looseText,
  NoteRead,
  PartyRead,
  QuestionAnswerRead,
  RelationshipRead,
  StatusChangeRead,
} from './ticket-reader-parts';
import { readStatus } from './ticket-status';

/** One value read as it is (`one`) or a list read item by item (`list`); `aliases` are older names of the same field. */
type Field = { kind: 'one' | 'list'; schema: z.ZodType; aliases?: Record<string, z.ZodType> };

const one = <S extends z.ZodType>(schema: S, aliases?: Record<string, z.ZodType>) => ({ kind: 'one' as const, schema, aliases });
const list = <S extends z.ZodType>(schema: S, aliases?: Record<string, z.ZodType>) => ({ kind: 'list' as const, schema, aliases });

const text = z.string();
const flag = z.boolean();

/** Every field the reader knows, under its v5 name, with what it reads and the older names it also accepts. */
const fields = {
  '@type': one(text),
  href: one(text),
  ticketType: one(text),
  status: one(text.transform(readStatus)),
  statusChangeDate: one(dateTime()),
  statusChangeReason: one(text),
  statusChange: list(StatusChangeRead, { statusChangeHistory: StatusChangeRead }),
  creationDate: one(dateTime()),
  lastUpdateDate: one(dateTime(), { lastUpdate: dateTime() }),
  expectedResolutionDate: one(dateTime()),
  resolutionDate: one(dateTime()),
  requestedResolutionDate: one(dateTime()),
  name: one(text),
  severity: one(looseText),
  priority: one(looseText),
  channel: one(ChannelRead),
  externalIdentifier: list(ExternalIdentifierRead, { externalId: ExternalIdRead }),
  description: one(text),
  resolutionDisputeReason: one(text),
  accessLineId: one(text),
  networkTerminationLocation: one(text),
  categoryId: one(looseText),
  expressFaultResolution: one(text),
  endUserContactAllowed: one(flag),
  endUserAppointmentIsNecessary: one(flag),
  interimMessagesRequested: one(flag),
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
} satisfies Record<string, Field>;

type Fields = typeof fields;
type FieldName = keyof Fields;
type ValueOf<F> = F extends { kind: 'list'; schema: infer S extends z.ZodType }
  ? z.output<S>[]
  : F extends { schema: infer S extends z.ZodType }
    ? z.output<S>
    : never;

/** Something the service sent that the reader could not read: its name (or path) and the value as text. */
export type OtherDetail = { name: string; value: string };

/** The app's read model of a trouble ticket: only `id` is sure; every other field is there when the service sent it. */
export type TroubleTicketRead = { id: string } & { [K in FieldName]?: ValueOf<Fields[K]> } & {
  /** Fields the reader does not know, and known ones whose value it could not read, in the answer's order. */
  other?: OtherDetail[];
};

/** Known names and older spellings -> [the field's v5 name, the schema for that spelling]. */
const byName = new Map<string, [FieldName, z.ZodType]>();
for (const [name, field] of Object.entries(fields) as [FieldName, Field][]) {
  byName.set(name, [name, field.schema]);
  for (const [alias, schema] of Object.entries(field.aliases ?? {})) byName.set(alias, [name, schema]);
}

type Draft = Record<string, unknown> & { other: OtherDetail[] };
type Chosen = Map<FieldName, { key: string; raw: unknown; value: unknown }>;

/** A single value: the v5 spelling wins over an older one; the one left out is kept as an other detail. */
function choose(chosen: Chosen, other: OtherDetail[], name: FieldName, key: string, raw: unknown, value: unknown) {
  const earlier = chosen.get(name);
  if (earlier === undefined || key === name) {
    if (earlier) other.push({ name: earlier.key, value: asText(earlier.raw) });
    chosen.set(name, { key, raw, value });
  } else {
    other.push({ name: key, value: asText(raw) });
  }
}

/** Identifiers sent both as `externalIdentifier[]` and as `externalId` are one identifier, listed once. */
function uniqueIdentifiers(draft: Draft) {
  const identifiers = draft.externalIdentifier as ExternalIdentifierRead[] | undefined;
  if (!identifiers) return;
  const seen = new Set<string>();
  draft.externalIdentifier = identifiers.filter((identifier) => (seen.has(identifier.id) ? false : (seen.add(identifier.id), true)));
}

/**
 * Reads one ticket answer; undefined when it is not an object with an id (a string, or a number, read as its digits).
 * Nothing the service sent is lost: what cannot be read goes to `other`, as text. `null` counts as not sent.
 */
export function readTroubleTicket(answer: unknown): TroubleTicketRead | undefined {
  if (!isRecord(answer)) return undefined;
  const id = idText.safeParse(answer.id);
  if (!id.success) return undefined;
  const draft: Draft = { other: [] };
  const chosen: Chosen = new Map();
  for (const [key, raw] of Object.entries(answer)) {
    if (key === 'id' || raw === null || raw === undefined) continue;
    const known = byName.get(key);
    if (!known) {
      draft.other.push({ name: key, value: asText(raw) });
      continue;
    }
    const [name, schema] = known;
    const field: Field = fields[name];
    if (field.kind === 'one' || !Array.isArray(raw)) {
      // A list field sent as a single item (`externalId: "X"`, one object instead of an array) is that one item.
      const result = schema.safeParse(raw);
      if (!result.success) draft.other.push({ name: key, value: asText(raw) });
      else if (field.kind === 'list') draft[name] = [...((draft[name] as unknown[] | undefined) ?? []), result.data];
      else choose(chosen, draft.other, name, key, raw, result.data);
      continue;
    }
    const items = (draft[name] as unknown[] | undefined) ?? [];
    raw.forEach((item, index) => {
      const result = schema.safeParse(item);
      if (result.success) items.push(result.data);
      else if (item !== null) draft.other.push({ name: `${key}[${index}]`, value: asText(item) });
    });
    if (items.length) draft[name] = items;
  }
  for (const [name, { value }] of chosen) draft[name] = value;
  uniqueIdentifiers(draft);
  const { other, ...read } = draft;
  return { id: id.data, ...(read as Omit<TroubleTicketRead, 'id'>), ...(other.length ? { other } : {}) };
}

/** The reader as a schema (for the API client's `readAs`): an answer that is no ticket is an issue at `id`. */
export const TroubleTicketAnswer = z.unknown().transform((answer, ctx): TroubleTicketRead => {
  const ticket = readTroubleTicket(answer);
  if (ticket) return ticket;
  ctx.addIssue({ code: 'custom', message: 'not a trouble ticket with an id', path: isRecord(answer) ? ['id'] : [] });
  return z.NEVER;
});

export type { AttachmentRead, ChannelRead, EntityRead, ExternalIdentifierRead, NoteRead, PartyRead, RelationshipRead, StatusChangeRead } from './ticket-reader-parts';
