/**
 * What the relay tells an agent of an event (decision 0053): the envelope's identifiers, kind and times, and of its
 * resource its identity and what its row in the event table keeps (`keep`, ./event-kinds.ts). Contact media,
 * parties, notes, names, descriptions and every other free text stay in the receiver; the app reads the ticket itself
 * through the API, as the agent's rights allow. Here, in the domain, so the receiver (server/listener/thin-event.ts) and the
 * panel's tests read one definition.
 */

import { eventNameOf } from './event';
import { eventKindList, eventKindOf, IDENTITY_FIELDS, SHAPED_FIELDS } from './event-kinds';

export type Json = Record<string, unknown>;

/** Envelope fields an agent's stream carries. `title` and `description` are the sender's free text: never. */
const ENVELOPE_FIELDS = ['@type', 'eventId', 'eventTime', 'eventType', 'correlationId', 'domain', 'timeOccurred', 'timeOcurred'] as const;

/** An event the table does not know (none reaches a stream: the receiver has a route per row) keeps what any row keeps. */
const ANY_KIND = [...new Set(eventKindList.flatMap((kind) => kind.keep))];

/** What the row of this event keeps of a resource, besides identity. */
function keptFields(eventType: string | undefined): ReadonlySet<string> {
  return new Set(eventKindOf(eventType)?.keep ?? ANY_KIND);
}

const SHAPED: ReadonlySet<string> = new Set(SHAPED_FIELDS);

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const isScalar = (value: unknown) => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

function pick(from: Json, fields: readonly string[]): Json {
  const out: Json = {};
  for (const field of fields) if (isScalar(from[field])) out[field] = from[field];
  return out;
}

/** A JSON Patch operation of what is asked for: its `op` and `path`, never a `value` (that may hold anything). */
function operation(item: unknown): unknown {
  if (typeof item === 'string') return item;
  return isRecord(item) ? pick(item, ['op', 'path']) : undefined;
}

const operations = (value: unknown): unknown => (Array.isArray(value) ? value.map(operation).filter((item) => item !== undefined) : operation(value));

/** A resource, or (nested, `ref`) the ticket a cancellation or an information request points at: identity only. */
function thinResource(resource: Json, keep: ReadonlySet<string>, ref = false): Json {
  if (ref) return pick(resource, ['id', 'href', '@type']);
  const out = pick(resource, [...IDENTITY_FIELDS.filter((field) => field !== 'externalIdentifier'), ...[...keep].filter((field) => !SHAPED.has(field))]);
  if (Array.isArray(resource.externalIdentifier)) {
    out.externalIdentifier = resource.externalIdentifier.filter(isRecord).map((identifier) => pick(identifier, ['id']));
  }
  if (keep.has('informationRequiredPath') && resource.informationRequiredPath !== undefined) out.informationRequiredPath = operations(resource.informationRequiredPath);
  if (keep.has('troubleTicket') && isRecord(resource.troubleTicket)) out.troubleTicket = thinResource(resource.troubleTicket, keep, true);
  return out;
}

/**
 * The envelope as an agent's stream carries it; null (an event POSTed without a body) stays null. `eventType` is the
 * listener's (the relay's data names it); without it, the envelope's own name. The receiver keeps and logs nothing
 * less than it accepted: this is applied where the stream is written (relay.ts).
 */
export function thinEvent(event: Json | null, eventType?: string): Json | null {
  if (!event) return null;
  const keep = keptFields(eventType ?? eventNameOf(event as { eventType?: string; '@type'?: string }));
  const out = pick(event, ENVELOPE_FIELDS);
  if (isRecord(event.event)) {
    const payload: Json = {};
    for (const [name, value] of Object.entries(event.event)) {
      // The official information request's JSON Patch sits beside the ticket (decision 0049).
      if (name === 'informationRequired') {
        if (keep.has(name)) payload[name] = operations(value);
      } else if (isRecord(value)) payload[name] = thinResource(value, keep);
    }
    out.event = payload;
  }
  return out;
}
