/**
 * The mocked service's dialect: `v5` (default) answers with the TMF621 v5 names of decisions.md; `v4` answers the way
 * older services in the field do (`lastUpdate`, `statusChangeHistory { statusChangeDate, statusChangeReason }`,
 * `externalId`, statuses with a capital, parties and entities in flat reference form), so that both readings of the
 * app run end to end (docs/mock-api.md "Dialects"). The store keeps v5; only answers are translated.
 */
import type { FaultTicket } from '../src/domain/ticket';
import { withV5Types } from './v5-shapes';

export const dialects = ['v5', 'v4'] as const;
export type Dialect = (typeof dialects)[number];

/** MOCK_DIALECT (or `?dialect=` in the demo's address): v5 unless it names v4; anything else stops with a sentence. */
export function dialectFrom(value: string | null | undefined): Dialect {
  const raw = value?.trim().toLowerCase() ?? '';
  if (raw === '') return 'v5';
  if ((dialects as readonly string[]).includes(raw)) return raw as Dialect;
  throw new Error(`MOCK_DIALECT must be one of ${dialects.join(', ')}, not "${value}".`);
}

/** `inProgress` -> `InProgress`: the letter case of the official document's own example (`"Pending"`). */
const capitalised = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

type Party = NonNullable<FaultTicket['relatedParty']>[number];
type Entity = NonNullable<FaultTicket['relatedEntity']>[number];

/** Organizations go flat (`{ name, role, @referredType }`, as TMF621 v4's RelatedParty); people keep their contacts. */
function v4Party(party: Party): object {
  const { partyOrPartyRole: who } = party;
  if (who['@type'] !== 'Organization') return party;
  return { '@type': 'RelatedParty', role: party.role, name: who.name, '@referredType': 'Organization' };
}

/** `{ id, role, @referredType }` or `{ name, role, @referredType }`, flat as TMF621 v4's RelatedEntity. */
function v4Entity(entity: Entity): object {
  const { role, entity: target } = entity;
  return target['@type'] === 'EntityRef'
    ? { role, id: target.id, '@referredType': target['@referredType'] }
    : { role, name: target.name, '@referredType': target['@type'] };
}

/** One ticket as a v4-speaking service writes it. */
export function toV4(ticket: FaultTicket): Record<string, unknown> {
  const { lastUpdateDate, statusChange, externalIdentifier, relatedParty, relatedEntity, attachment, ...rest } = ticket;
  const [first, ...more] = externalIdentifier;
  return {
    ...rest,
    '@type': 'TroubleTicket',
    status: capitalised(ticket.status),
    lastUpdate: lastUpdateDate,
    externalId: first?.id,
    // v4 had one external id; a ticket with more lists the rest as the older ExternalReference items.
    ...(more.length ? { externalIdentifier: externalIdentifier.map(({ id, owner }) => ({ '@type': 'ExternalReference', id, owner })) } : {}),
    ...(statusChange
      ? { statusChangeHistory: statusChange.map((step) => ({ status: capitalised(step.status), statusChangeDate: step.changeDate, statusChangeReason: step.changeReason })) }
      : {}),
    ...(relatedParty ? { relatedParty: relatedParty.map(v4Party) } : {}),
    ...(relatedEntity ? { relatedEntity: relatedEntity.map(v4Entity) } : {}),
    ...(attachment ? { attachment: attachment.map(({ '@type': _type, ...value }) => value) } : {}),
  };
}

/** A ticket in the dialect asked for: v5 with `@type` on every Extensible object (mocks/v5-shapes.ts), or v4. */
export function ticketIn(dialect: Dialect): (ticket: FaultTicket) => object {
  return dialect === 'v4' ? toV4 : withV5Types;
}
