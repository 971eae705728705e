/**
 * TMF621 v5's own shapes in every answer (issue 39): the official v5.0.1 schemas make `@type` required on every object
 * that extends `Extensible` (mocks/oas/README.md). The store keeps what was created as it came; answers (and the
 * provider's events) carry each such object's `@type`, the one given or the OAS's default name. Values are never
 * changed otherwise, so a ticket reads back as it was created.
 */
import type { FaultTicket } from '../src/domain/ticket';

type Item = Record<string, unknown>;

const isItem = (value: unknown): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The object with `@type` first when it had none (an explicit one is kept). */
const typed = (type: string) => (value: unknown) => (isItem(value) && value['@type'] === undefined ? { '@type': type, ...value } : value);

const each = (type: string) => (value: unknown) => (Array.isArray(value) ? value.map(typed(type)) : value);

/** For each first-level attribute of a ticket: how its Extensible objects get their `@type` (TMF621 v5.0.1 names). */
const typing: Record<string, (value: unknown) => unknown> = {
  externalIdentifier: each('ExternalIdentifier'),
  relatedEntity: each('RelatedEntity'),
  relatedParty: each('RelatedPartyRefOrPartyRoleRef'),
  channel: typed('ChannelRef'),
  note: each('Note'),
  attachment: each('AttachmentRef'),
  statusChange: each('StatusChange'),
  troubleTicketRelationship: each('TroubleTicketRelationship'),
  agreement: each('AgreementRef'),
  troubleTicketCharacteristic: each('Characteristic'),
};

/** A ticket as the v5 service answers it: every Extensible object with its `@type`. */
export function withV5Types(ticket: FaultTicket): FaultTicket {
  const out: Item = { ...ticket };
  for (const [name, type] of Object.entries(typing)) {
    if (out[name] !== undefined) out[name] = type(out[name]);
  }
  return out as FaultTicket;
}
