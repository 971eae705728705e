/** The event envelope and the 31 listener paths of interface.md 4.3 (decisions.md "Events"). */
import * as z from './zod';
import { dateTime, nonEmpty } from './common';

type ListenerSpec = { name: string; bodyOptional: boolean; charset: boolean };

const ticketListeners: ListenerSpec[] = [
  { name: 'CancelTroubleTicketStateChangeEvent', bodyOptional: false, charset: false },
  { name: 'InflightChangeTroubleTicketStateChangeEvent', bodyOptional: false, charset: false },
  { name: 'TroubleTicketJeopardyAlertEvent', bodyOptional: true, charset: true },
  { name: 'TroubleTicketMilestoneEvent', bodyOptional: true, charset: true },
  ...[
    'TroubleTicketAttributeValueChangeEvent',
    'TroubleTicketCreateEvent',
    'TroubleTicketInformationRequiredEvent',
    'TroubleTicketResolvedEvent',
    'TroubleTicketStatusChangeEvent',
    'TroubleTicketSpecificationAttributeValueChangeEvent',
    'TroubleTicketSpecificationCreateEvent',
    'TroubleTicketSpecificationDeleteEvent',
    'TroubleTicketSpecificationStatusChangeEvent',
  ].map((name) => ({ name, bodyOptional: false, charset: false })),
];

const productOrderListeners: ListenerSpec[] = [
  'AddProductOrderInformationStateChangeEvent',
  'AmendProductOrderStateChangeEvent',
  'CancelProductOrderStateChangeEvent',
  'CloseProductOrderStateChangeEvent',
  'ProductOrderAttributeValueChangeEvent',
  'ProductOrderCreateEvent',
  'ProductOrderInformationRequiredEvent',
  'ProductOrderJeopardyAlertEvent',
  'ProductOrderMilestoneEvent',
  'ProductOrderStateChangeEvent',
  'RescheduleProductOrderStateChangeEvent',
  'RespondProviderChangeStateChangeEvent',
].map((name) => ({ name, bodyOptional: true, charset: true }));

const appointmentListeners: ListenerSpec[] = [
  'AppointmentAttributeValueChangeEvent',
  'AppointmentCreateEvent',
  'AppointmentDeleteEvent',
  'AppointmentStateChangeEvent',
  'SearchTimeSlotAttributeValueChangeEvent',
  'SearchTimeSlotStateChangeEvent',
].map((name) => ({ name, bodyOptional: false, charset: false }));

const eventSuffixes = [
  'AttributeValueChangeEvent',
  'InformationRequiredEvent',
  'JeopardyAlertEvent',
  'StateChangeEvent',
  'StatusChangeEvent',
  'MilestoneEvent',
  'ResolvedEvent',
  'CreateEvent',
  'DeleteEvent',
] as const;

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * Other keys under `event` that a receiver also accepts for an event (read tolerantly). The official TMF621 v5.0.1
 * OpenAPI carries an information request as `event: { troubleTicket, informationRequired }`; the other TMF v5 APIs'
 * form, `event.troubleTicketInformationRequired { informationRequiredPath[] }`, is read too (decisions.md "Events").
 */
const otherResourceNames: Record<string, readonly string[]> = {
  TroubleTicketInformationRequiredEvent: ['troubleTicketInformationRequired'],
};

/** `TroubleTicketStatusChangeEvent` -> `troubleTicket`: the key under `event` that carries the resource. */
export function resourceNameOf(eventName: string): string {
  const suffix = eventSuffixes.find((s) => eventName.endsWith(s));
  return lowerFirst(suffix ? eventName.slice(0, -suffix.length) : eventName);
}

export type Listener = {
  eventType: string;
  /** Path relative to the receiver's base, e.g. `/listener/troubleTicketStatusChangeEvent`. */
  path: string;
  /** The key under `event` that carries the resource (TMF621 v5.0.1). */
  resourceName: string;
  bodyOptional: boolean;
  contentType: 'application/json' | 'application/json;charset=utf-8';
};

export const listeners: readonly Listener[] = [...ticketListeners, ...productOrderListeners, ...appointmentListeners].map(
  ({ name, bodyOptional, charset }) => ({
    eventType: name,
    path: `/listener/${lowerFirst(name)}`,
    resourceName: resourceNameOf(name),
    bodyOptional,
    contentType: charset ? 'application/json;charset=utf-8' : 'application/json',
  }),
);

export const eventTypes = listeners.map((l) => l.eventType);

/** Every key under `event` accepted for this event: the OAS's name first, then the others read tolerantly. */
export function resourceNamesOf(listener: Pick<Listener, 'eventType' | 'resourceName'>): readonly string[] {
  return [listener.resourceName, ...(otherResourceNames[listener.eventType] ?? [])];
}

/** The resource inside an event is read tolerantly: its fields are not shown by the interface. */
const EventResource = z.looseObject({ id: z.string().optional() });

/**
 * The v5 envelope names its event in `eventType` and in `@type` (decisions.md "Events"); a service that sends only
 * `@type` is understood too. An `eventType` naming another of the 31 events is refused; one naming none of them is
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

/** Any of the 31 envelopes, chosen by `eventType` (or `@type`). */
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

/** The event's name: `eventType` when it names one of the 31, else the v5 `@type` when that does, else what came. */
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
