/**
 * How one item of a ticket answer is read, whatever dialect the service speaks (decisions.md "Reading is tolerant",
 * docs/decisions/0027): each schema takes what services in the field send and gives the app's read model of the item.
 */
import * as z from './zod';
import { dateTime, TimePeriod } from './common';
import { ContactMedium } from './party';
import { readStatus } from './ticket-status';
import { asText, compact, idText, isRecord } from './tolerant-reader';

/** `externalIdentifier[]` items of any `@type` (ExternalIdentifier, a subtype, none). */
export const ExternalIdentifierRead = z
  .looseObject({
    id: idText,
    owner: z.string().optional(),
    externalIdentifierType: z.string().optional(),
    '@type': z.string().optional(),
  })
  .transform(({ id, owner, externalIdentifierType, '@type': type }) => ({ id, ...compact({ owner, externalIdentifierType, '@type': type }) }));
export type ExternalIdentifierRead = z.output<typeof ExternalIdentifierRead>;

/** The older `externalId`: one identifier as a plain string. */
export const ExternalIdRead = idText.transform((id): ExternalIdentifierRead => ({ id }));

/** A status history step: v5 `{status, changeDate, changeReason}` or the older `{status, statusChangeDate, statusChangeReason}`. */
export const StatusChangeRead = z
  .looseObject({
    status: z.string().min(1),
    changeDate: dateTime().optional(),
    statusChangeDate: dateTime().optional(),
    changeReason: z.string().optional(),
    statusChangeReason: z.string().optional(),
  })
  .transform((step) => {
    const changeDate = step.changeDate ?? step.statusChangeDate;
    const changeReason = step.changeReason ?? step.statusChangeReason;
    return { status: readStatus(step.status), ...compact({ changeDate, changeReason }) };
  });
export type StatusChangeRead = z.output<typeof StatusChangeRead>;

/** `note[] { id?, author?, date?, text }` (decisions.md). */
export const NoteRead = z
  .looseObject({ id: idText.optional(), author: z.string().optional(), date: dateTime().optional(), text: z.string() })
  .transform(({ id, author, date, text }) => ({ text, ...compact({ id, author, date }) }));
export type NoteRead = z.output<typeof NoteRead>;

type Channel = { id?: string; name?: string };

/** ChannelRef `{ id, name? }`; a plain string is read as the channel's name. */
export const ChannelRead = z.union([
  z.string().min(1).transform((name): Channel => ({ name })),
  z
    .looseObject({ id: idText.optional(), name: z.string().optional() })
    .refine((channel) => channel.id !== undefined || Boolean(channel.name))
    .transform(({ id, name }): Channel => compact({ id, name })),
]);
export type ChannelRead = z.output<typeof ChannelRead>;

/** `{ amount, units }` (a TMF Quantity) or a number: "12 kB". */
const sizeText = z.union([
  z.number().finite().transform(String),
  z.looseObject({ amount: z.number().finite(), units: z.string().optional() }).transform((q) => [q.amount, q.units].filter((p) => p !== undefined).join(' ')),
]);

/**
 * An attachment by value (Attachment: name, url, mimeType, description …) or by reference (AttachmentRef, or an item
 * with only an id). Its url is kept as text; whether it may become a link is the screen's decision (http(s) only).
 */
export const AttachmentRead = z
  .looseObject({
    '@type': z.string().optional(),
    id: idText.optional(),
    href: z.string().optional(),
    name: z.string().optional(),
    url: z.string().optional(),
    mimeType: z.string().optional(),
    description: z.string().optional(),
    attachmentType: z.string().optional(),
    content: z.string().optional(),
    size: sizeText.optional(),
    validFor: TimePeriod.optional(),
  })
  .refine((a) => [a.id, a.name, a.url, a.content, a.description].some((part) => part !== undefined))
  .transform(({ '@type': type, id, href, name, url, mimeType, description, attachmentType, content, size, validFor }) => {
    const byValue = type === 'Attachment' || url !== undefined || mimeType !== undefined || content !== undefined;
    return { reference: type === 'AttachmentRef' || !byValue, ...compact({ id, href, name, url, mimeType, description, attachmentType, size, validFor }) };
  });
export type AttachmentRead = z.output<typeof AttachmentRead>;

const partyKinds = ['Individual', 'Organization'];

const PartySource = z.looseObject({
  '@type': z.string().optional(),
  '@referredType': z.string().optional(),
  id: idText.optional(),
  href: z.string().optional(),
  name: z.string().optional(),
  familyName: z.string().optional(),
  givenName: z.string().optional(),
  salutation: z.string().optional(),
  title: z.string().optional(),
  contactMedium: z.array(z.unknown()).optional(),
});

/**
 * A related party in the profile's shape (`{ role, partyOrPartyRole: Individual | Organization }`), in the v5
 * reference shape (`{ role, partyOrPartyRole: PartyRef }`) or flat as older services send it
 * (`{ id, href, name, role, @referredType }`). Contact media the domain knows are kept; others are kept as text.
 */
export const PartyRead = z
  .looseObject({ role: z.string().optional(), partyOrPartyRole: z.unknown().optional() })
  .transform((item, ctx) => {
    const parsed = PartySource.safeParse(isRecord(item.partyOrPartyRole) ? item.partyOrPartyRole : item);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: 'not a party' });
      return z.NEVER;
    }
    const { contactMedium = [], '@type': type, '@referredType': referredType, id, href, name, familyName, givenName, salutation, title } = parsed.data;
    if ([id, name, familyName, givenName, item.role].every((part) => part === undefined || part === '')) {
      ctx.addIssue({ code: 'custom', message: 'a party with neither role, id nor name' });
      return z.NEVER;
    }
    const media = contactMedium.map((medium) => ContactMedium.safeParse(medium));
    // In the profile's shape the party says what it is; a reference says what it refers to.
    const reference = !partyKinds.includes(type ?? '');
    return {
      reference,
      ...compact({ role: item.role, kind: reference ? (referredType ?? type) : type, id, href, name, familyName, givenName, salutation, title }),
      contactMedium: media.flatMap((result) => (result.success ? [result.data] : [])),
      otherMedia: media.flatMap((result, index) => (result.success ? [] : [asText(contactMedium[index])])),
    };
  });
export type PartyRead = z.output<typeof PartyRead>;

/**
 * A related entity in the profile's shape (`{ role, entity: EntityRef | ProductOffering }`) or flat as older services
 * send it (`{ id, href, name, role, @referredType }`).
 */
export const EntityRead = z
  .looseObject({ role: z.string().optional(), entity: z.unknown().optional() })
  .transform((item, ctx) => {
    const parsed = z
      .looseObject({
        '@type': z.string().optional(),
        '@referredType': z.string().optional(),
        id: idText.optional(),
        href: z.string().optional(),
        name: z.string().optional(),
      })
      .safeParse(isRecord(item.entity) ? item.entity : item);
    if (!parsed.success || (parsed.data.id === undefined && !parsed.data.name)) {
      ctx.addIssue({ code: 'custom', message: 'an entity with neither id nor name' });
      return z.NEVER;
    }
    const { '@type': type, '@referredType': referredType, id, href, name } = parsed.data;
    return compact({ role: item.role, referredType, '@type': type, id, href, name });
  });
export type EntityRead = z.output<typeof EntityRead>;

/** A questionnaire answer: ids of any length the service uses. */
export const QuestionAnswerRead = z
  .looseObject({ questionId: idText, answerId: idText })
  .transform(({ questionId, answerId }) => ({ questionId, answerId }));

/** A relationship to another ticket (a dispute's `disputes`), of any type the service names. */
export const RelationshipRead = z
  .looseObject({ id: idText, relationshipType: z.string().min(1), href: z.string().optional(), name: z.string().optional() })
  .transform(({ id, relationshipType, href, name }) => ({ id, relationshipType, ...compact({ href, name }) }));
export type RelationshipRead = z.output<typeof RelationshipRead>;
