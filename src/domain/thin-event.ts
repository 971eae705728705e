/**
 * What the relay tells an agent of an event (decision 0053): the envelope's identifiers, kind and times, and of its
 * resource only what the notifications panel shows or follows (id, status, dates, what is asked for). Contact media,
 * parties, notes, names, descriptions and every other free text stay in the receiver; the app reads the ticket itself
 * through the API, as the agent's rights allow. Here, in the domain, so the receiver (server/listener/thin-event.ts) and the
 * panel's tests read one definition.
 */

export type Json = Record<string, unknown>;

/** Envelope fields an agent's stream carries. `title` and `description` are the sender's free text: never. */
const ENVELOPE_FIELDS = ['@type', 'eventId', 'eventTime', 'eventType', 'correlationId', 'domain', 'timeOccurred', 'timeOcurred'] as const;

/**
 * Resource fields kept as they are: identity (with the older `externalId`, decision 0027), and the
 * status/state/lifecycle the panel shows with its dates. Only strings and numbers pass (a provider may send a numeric
 * id): one that puts an object where a status goes has it dropped, not relayed whole.
 */
const RESOURCE_FIELDS = [
  'id',
  'href',
  '@type',
  'externalId',
  'status',
  'state',
  'lifecycleStatus',
  'statusChangeDate',
  'lastUpdate',
  'lastUpdateDate',
  'expectedResolutionDate',
  'resolutionDate',
] as const;

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
function thinResource(resource: Json, ref = false): Json {
  if (ref) return pick(resource, ['id', 'href', '@type']);
  const out = pick(resource, RESOURCE_FIELDS);
  if (Array.isArray(resource.externalIdentifier)) {
    out.externalIdentifier = resource.externalIdentifier.filter(isRecord).map((identifier) => pick(identifier, ['id']));
  }
  if (resource.informationRequiredPath !== undefined) out.informationRequiredPath = operations(resource.informationRequiredPath);
  if (isRecord(resource.troubleTicket)) out.troubleTicket = thinResource(resource.troubleTicket, true);
  return out;
}

/**
 * The envelope as an agent's stream carries it; null (an event POSTed without a body) stays null. The receiver keeps
 * and logs nothing less than it accepted: this is applied where the stream is written (relay.ts).
 */
export function thinEvent(event: Json | null): Json | null {
  if (!event) return null;
  const out = pick(event, ENVELOPE_FIELDS);
  if (isRecord(event.event)) {
    const payload: Json = {};
    for (const [name, value] of Object.entries(event.event)) {
      // The official information request's JSON Patch sits beside the ticket (decision 0049).
      if (name === 'informationRequired') payload[name] = operations(value);
      else if (isRecord(value)) payload[name] = thinResource(value);
    }
    out.event = payload;
  }
  return out;
}
