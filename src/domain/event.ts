/** The event envelope and the 31 listener paths of interface.md 4.3 (decisions.md "Events"). */
import { z } from 'zod';
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

/** `TroubleTicketStatusChangeEvent` -> `troubleTicket`: the key under `event` that carries the resource. */
export function resourceNameOf(eventName: string): string {
  const suffix = eventSuffixes.find((s) => eventName.endsWith(s));
  return lowerFirst(suffix ? eventName.slice(0, -suffix.length) : eventName);
}

export type Listener = {
  eventType: string;
  /** Path relative to the receiver's base, e.g. `/listener/troubleTicketStatusChangeEvent`. */
  path: string;
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

/** The resource inside an event is read tolerantly: its fields are not shown by the interface. */
const EventResource = z.looseObject({ id: z.string().optional() });

/** The envelope for one event type: `eventType` must name it and `event` must carry its resource. */
export function eventEnvelope(listener: Listener) {
  return z.looseObject({
    eventId: nonEmpty(),
    eventTime: dateTime(),
    eventType: z.literal(listener.eventType),
    correlationId: z.string().optional(),
    domain: z.string().optional(),
    title: z.string().optional(),
    description: z.string().optional(),
    priority: z.string().optional(),
    timeOccurred: dateTime().optional(),
    event: z.object({ [listener.resourceName]: EventResource }),
  });
}

/** Any of the 31 envelopes, chosen by `eventType`. */
export const EventEnvelope = z.looseObject({
  eventId: nonEmpty(),
  eventTime: dateTime(),
  eventType: z.enum(eventTypes as [string, ...string[]]),
  event: z.record(z.string(), EventResource),
});
export type EventEnvelope = z.infer<typeof EventEnvelope>;
