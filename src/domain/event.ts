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
 * Events whose resource under `event` is not named after the event: TMF621 v5 carries
 * `event.troubleTicketInformationRequired { id, href, @type, informationRequiredPath[] }` (decisions.md "Events").
 */
const ownResourceNames: Record<string, string> = {
  TroubleTicketInformationRequiredEvent: 'troubleTicketInformationRequired',
};

/** Older names under `event` that a receiver also accepts for an event (read tolerantly; the first name is v5's). */
const olderResourceNames: Record<string, readonly string[]> = {
  TroubleTicketInformationRequiredEvent: ['troubleTicket'],
};

/** `TroubleTicketStatusChangeEvent` -> `troubleTicket`: the key under `event` that carries the resource. */
export function resourceNameOf(eventName: string): string {
  if (Object.hasOwn(ownResourceNames, eventName)) return ownResourceNames[eventName] as string;
  const suffix = eventSuffixes.find((s) => eventName.endsWith(s));
  return lowerFirst(suffix ? eventName.slice(0, -suffix.length) : eventName);
}

export type Listener = {
  eventType: string;
  /** Path relative to the receiver's base, e.g. `/listener/troubleTicketStatusChangeEvent`. */
  path: string;
  /** The key under `event` that carries the resource (TMF621 v5). */
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

/** Every key under `event` accepted for this event: its v5 name first, then older ones. */
export function resourceNamesOf(listener: Pick<Listener, 'eventType' | 'resourceName'>): readonly string[] {
  return [listener.resourceName, ...(olderResourceNames[listener.eventType] ?? [])];
}

/** The resource inside an event is read tolerantly: its fields are not shown by the interface. */
const EventResource = z.looseObject({ id: z.string().optional() });

/**
 * The v5 envelope names its event in `eventType` and in `@type` (decisions.md "Events"); a service that sends only
 * `@type` is understood too. `eventType`, when sent, must name the event of the path.
 */
function namesTheEvent(names: readonly string[]) {
  return (envelope: { eventType?: string; '@type'?: string }, ctx: z.RefinementCtx) => {
    if (envelope.eventType === undefined && !names.includes(envelope['@type'] ?? '')) {
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['eventType'] });
    }
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
    .looseObject({ ...envelopeFields, eventType: z.literal(listener.eventType).optional(), event: eventPayload(resourceNamesOf(listener)) })
    .superRefine(namesTheEvent([listener.eventType]));
}

/** Any of the 31 envelopes, chosen by `eventType` (or `@type`). */
export const EventEnvelope = z
  .looseObject({
    eventId: nonEmpty(),
    eventTime: dateTime(),
    '@type': z.string().optional(),
    eventType: z.enum(eventTypes as [string, ...string[]]).optional(),
    event: z.record(z.string(), EventResource),
  })
  .superRefine(namesTheEvent(eventTypes));
export type EventEnvelope = z.infer<typeof EventEnvelope>;

/** The event's name: `eventType`, else the v5 `@type`. */
export function eventNameOf(envelope: { eventType?: string; '@type'?: string }): string | undefined {
  return envelope.eventType ?? envelope['@type'];
}
