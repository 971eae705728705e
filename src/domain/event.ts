/** The event envelope of each listener path of interface.md 4.3 (decisions.md "Events"); the paths are ./event-kinds.ts's rows. */
import * as z from './zod';
import { dateTime, nonEmpty } from './common';
import { eventKindList, eventKindOf } from './event-kinds';

export type Listener = {
  eventType: string;
  /** Path relative to the receiver's base, e.g. `/listener/troubleTicketStatusChangeEvent`. */
  path: string;
  /** The key under `event` that carries the resource (TMF621 v5.0.1). */
  resourceName: string;
  bodyOptional: boolean;
  contentType: 'application/json' | 'application/json;charset=utf-8';
};

/** The listener paths, one per row of the event table (./event-kinds.ts), in its order. */
export const listeners: readonly Listener[] = eventKindList.map((kind) => ({
  eventType: kind.name,
  path: kind.path,
  resourceName: kind.resource,
  bodyOptional: kind.bodyOptional === true,
  contentType: kind.contentType,
}));

export const eventTypes = listeners.map((l) => l.eventType);

/** Every key under `event` accepted for this event: the OAS's name first, then the others read tolerantly. */
export function resourceNamesOf(listener: Pick<Listener, 'eventType' | 'resourceName'>): readonly string[] {
  return eventKindOf(listener.eventType)?.resources ?? [listener.resourceName];
}

/** The resource inside an event is read tolerantly: its fields are not shown by the interface. */
const EventResource = z.looseObject({ id: z.string().optional() });

/**
 * The v5 envelope names its event in `eventType` and in `@type` (decisions.md "Events"); a service that sends only
 * `@type` is understood too. An `eventType` naming another event of the table is refused; one naming none of them is
 * tolerated when `@type` names the event (the OAS's own generated example `TroubleTicket_listener_troubleTicketCreate
 * Event_POST_204_1` sends `eventType: CXJAD` beside `@type: TroubleTicketCreateEvent`, and expects 204).
 */
function namesTheEvent(names: readonly string[]) {
  return (envelope: { eventType?: string; '@type'?: string }, ctx: z.RefinementCtx) => {
    const { eventType, '@type': type } = envelope;
    if (eventType !== undefined && names.includes(eventType)) return;
    const otherEvent = eventType !== undefined && eventTypes.includes(eventType);
    if (type !== undefined && names.includes(type) && !otherEvent) return;
    if (eventType === undefined) ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['eventType'] });
    else ctx.addIssue({ code: 'invalid_value', values: [...names], input: eventType, path: ['eventType'] });
  };
}

const envelopeFields = {
  '@type': z.string().optional(),
  eventId: nonEmpty(),
  eventTime: dateTime(),
  correlationId: z.string().optional(),
  domain: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  priority: z.string().optional(),
  timeOccurred: dateTime().optional(),
  /** The OAS's `BaseEvent` spells it so; its `Event` (and every example) spells `timeOccurred`. */
  timeOcurred: dateTime().optional(),
};

/** `event` holds the resource under one of its accepted names; when none is there, the issue names the v5 one. */
function eventPayload(names: readonly string[]) {
  const [first = ''] = names;
  if (names.length === 1) return z.object({ [first]: EventResource });
  return z
    .object(Object.fromEntries(names.map((name) => [name, EventResource.optional()])))
    .superRefine((payload, ctx) => {
      if (names.every((name) => payload[name] === undefined)) ctx.addIssue({ code: 'custom', message: 'validation.required', path: [first] });
    });
}

/** The envelope for one event type: `eventType` (or `@type`) must name it and `event` must carry its resource. */
export function eventEnvelope(listener: Listener) {
  return z
    .looseObject({ ...envelopeFields, eventType: z.string().optional(), event: eventPayload(resourceNamesOf(listener)) })
    .superRefine(namesTheEvent([listener.eventType]));
}

/** Any of the table's envelopes, chosen by `eventType` (or `@type`). */
export const EventEnvelope = z
  .looseObject({
    eventId: nonEmpty(),
    eventTime: dateTime(),
    '@type': z.string().optional(),
    eventType: z.string().optional(),
    timeOccurred: dateTime().optional(),
    timeOcurred: dateTime().optional(),
    // What else `event` carries (the official information request's `informationRequired`, one JSON Patch operation
    // or a list of them) is read by its own reader; the receiver has checked the resource for the path already.
    event: z.record(z.string(), z.unknown()),
  })
  .superRefine(namesTheEvent(eventTypes));
export type EventEnvelope = z.infer<typeof EventEnvelope>;

/** The event's name: `eventType` when it names one of the table's events, else the v5 `@type` when that does, else what came. */
export function eventNameOf(envelope: { eventType?: string; '@type'?: string }): string | undefined {
  const { eventType, '@type': type } = envelope;
  if (eventType !== undefined && eventTypes.includes(eventType)) return eventType;
  if (type !== undefined && eventTypes.includes(type)) return type;
  return eventType ?? type;
}

/** When the event happened: `timeOccurred` (or the OAS's `timeOcurred`), else `eventTime`. */
export function occurredAt(envelope: { eventTime?: string; timeOccurred?: string; timeOcurred?: string }): string | undefined {
  return envelope.timeOccurred ?? envelope.timeOcurred ?? envelope.eventTime;
}
