/** The listeners of interface.md 4.3 (the event table's rows) and the event envelope of decisions.md "Events". */
// @vitest-environment node -- pure schemas need no DOM, and jsdom costs about a second per file.
import { describe, expect, it } from 'vitest';
import { EventEnvelope, eventEnvelope, eventNameOf, listeners, occurredAt, resourceNamesOf, type Listener } from './event';

const JSON_ = 'application/json';
const UTF8 = 'application/json;charset=utf-8';

/**
 * Copied from interface.md 4.3, table by table, independently of event.ts: `[path, content type, body optional]`.
 * The resource name under `event` follows decisions.md ("after the event's name"; the information-required event's
 * is `troubleTicket` in the official TMF621 v5.0.1 OAS, its `troubleTicketInformationRequired` form read too).
 */
const expected: [path: string, contentType: string, bodyOptional: boolean, resourceName: string][] = [
  // Ticket and specification listeners.
  ['/listener/cancelTroubleTicketStateChangeEvent', JSON_, false, 'cancelTroubleTicket'],
  ['/listener/inflightChangeTroubleTicketStateChangeEvent', JSON_, false, 'inflightChangeTroubleTicket'],
  ['/listener/troubleTicketJeopardyAlertEvent', UTF8, true, 'troubleTicket'],
  ['/listener/troubleTicketMilestoneEvent', UTF8, true, 'troubleTicket'],
  ['/listener/troubleTicketAttributeValueChangeEvent', JSON_, false, 'troubleTicket'],
  ['/listener/troubleTicketCreateEvent', JSON_, false, 'troubleTicket'],
  ['/listener/troubleTicketInformationRequiredEvent', JSON_, false, 'troubleTicket'],
  ['/listener/troubleTicketResolvedEvent', JSON_, false, 'troubleTicket'],
  ['/listener/troubleTicketStatusChangeEvent', JSON_, false, 'troubleTicket'],
  ['/listener/troubleTicketSpecificationAttributeValueChangeEvent', JSON_, false, 'troubleTicketSpecification'],
  ['/listener/troubleTicketSpecificationCreateEvent', JSON_, false, 'troubleTicketSpecification'],
  ['/listener/troubleTicketSpecificationDeleteEvent', JSON_, false, 'troubleTicketSpecification'],
  ['/listener/troubleTicketSpecificationStatusChangeEvent', JSON_, false, 'troubleTicketSpecification'],
  // Product order listeners: body optional, charset for all.
  ['/listener/addProductOrderInformationStateChangeEvent', UTF8, true, 'addProductOrderInformation'],
  ['/listener/amendProductOrderStateChangeEvent', UTF8, true, 'amendProductOrder'],
  ['/listener/cancelProductOrderStateChangeEvent', UTF8, true, 'cancelProductOrder'],
  ['/listener/closeProductOrderStateChangeEvent', UTF8, true, 'closeProductOrder'],
  ['/listener/productOrderAttributeValueChangeEvent', UTF8, true, 'productOrder'],
  ['/listener/productOrderCreateEvent', UTF8, true, 'productOrder'],
  ['/listener/productOrderInformationRequiredEvent', UTF8, true, 'productOrder'],
  ['/listener/productOrderJeopardyAlertEvent', UTF8, true, 'productOrder'],
  ['/listener/productOrderMilestoneEvent', UTF8, true, 'productOrder'],
  ['/listener/productOrderStateChangeEvent', UTF8, true, 'productOrder'],
  ['/listener/rescheduleProductOrderStateChangeEvent', UTF8, true, 'rescheduleProductOrder'],
  ['/listener/respondProviderChangeStateChangeEvent', UTF8, true, 'respondProviderChange'],
  // Appointment and search time slot listeners: body required, plain JSON.
  ['/listener/appointmentAttributeValueChangeEvent', JSON_, false, 'appointment'],
  ['/listener/appointmentCreateEvent', JSON_, false, 'appointment'],
  ['/listener/appointmentDeleteEvent', JSON_, false, 'appointment'],
  ['/listener/appointmentStateChangeEvent', JSON_, false, 'appointment'],
  ['/listener/searchTimeSlotAttributeValueChangeEvent', JSON_, false, 'searchTimeSlot'],
  ['/listener/searchTimeSlotStateChangeEvent', JSON_, false, 'searchTimeSlot'],
];

const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const byPath = new Map(listeners.map((l) => [l.path, l]));

function envelope(listener: Listener, overrides: Record<string, unknown> = {}) {
  return {
    eventId: 'evt-0001',
    eventTime: '2026-12-01T10:00:00Z',
    eventType: listener.eventType,
    event: { [listener.resourceName]: { id: 'res-0001', '@type': 'Whatever' } },
    ...overrides,
  };
}

describe('listeners', () => {
  it('there is one per path of interface.md 4.3 (and of ours, none so far), no duplicates', () => {
    expect(listeners).toHaveLength(expected.length);
    expect(byPath.size).toBe(expected.length);
    expect([...byPath.keys()].sort()).toEqual(expected.map(([path]) => path).sort());
  });

  it.each(expected)('%s: %s, body optional %s, resource %s', (path, contentType, bodyOptional, resourceName) => {
    const listener = byPath.get(path);
    expect(listener).toEqual({ eventType: upperFirst(path.slice('/listener/'.length)), path, contentType, bodyOptional, resourceName });
  });

  it.each(listeners.map((l) => [l.eventType, l] as const))('%s is served at /listener/ + lowerFirst(eventType)', (eventType, l) => {
    expect(l.path).toBe(`/listener/${lowerFirst(eventType)}`);
  });
});

describe('eventEnvelope(listener)', () => {
  const rows = listeners.map((l, i) => [l.eventType, l, listeners[(i + 1) % listeners.length] as Listener] as const);

  it.each(rows)('%s: a valid envelope parses, with its optional fields and unknown extras', (_type, l) => {
    const full = envelope(l, {
      correlationId: 'c-1',
      domain: 'wholesale',
      title: 'Changed',
      description: 'Something changed',
      priority: '1',
      timeOccurred: '2026-12-01T10:59:00+01:00',
      reportingSystem: { id: 'rs-1' },
    });
    expect(eventEnvelope(l).parse(full)).toEqual(full);
    expect(EventEnvelope.safeParse(full).success).toBe(true);
  });

  it.each(rows)('%s: refuses another eventType', (_type, l, other) => {
    expect(eventEnvelope(l).safeParse(envelope(l, { eventType: other.eventType })).success).toBe(false);
    expect(eventEnvelope(l).safeParse(envelope(l, { eventType: lowerFirst(l.eventType) })).success).toBe(false);
  });

  it.each(rows)('%s: refuses a missing or empty eventId', (_type, l) => {
    const { eventId: _dropped, ...noId } = envelope(l);
    expect(eventEnvelope(l).safeParse(noId).success).toBe(false);
    expect(eventEnvelope(l).safeParse(envelope(l, { eventId: '' })).success).toBe(false);
  });

  it.each(rows)('%s: refuses a bad or missing eventTime', (_type, l) => {
    for (const eventTime of ['2026-12-01T10:00:00', 'now', undefined]) {
      expect(eventEnvelope(l).safeParse(envelope(l, { eventTime })).success, String(eventTime)).toBe(false);
    }
  });

  it.each(rows)('%s: refuses an event without event.<resourceName>', (_type, l, other) => {
    const schema = eventEnvelope(l);
    expect(schema.safeParse(envelope(l, { event: {} })).success).toBe(false);
    expect(schema.safeParse(envelope(l, { event: undefined })).success).toBe(false);
    expect(schema.safeParse(envelope(l, { event: { [l.resourceName]: 'not an object' } })).success).toBe(false);
    if (!resourceNamesOf(l).includes(other.resourceName)) {
      expect(schema.safeParse(envelope(l, { event: { [other.resourceName]: {} } })).success).toBe(false);
    }
  });
});

describe('the v5 envelope: @type names the event', () => {
  const statusChange = listeners.find((l) => l.eventType === 'TroubleTicketStatusChangeEvent') as Listener;
  const { eventType: _dropped, ...withoutEventType } = envelope(statusChange);

  it.each([
    // [case, body, accepted on the status change path, accepted as any of the table's]
    ['eventType and @type', { ...envelope(statusChange), '@type': statusChange.eventType }, true, true],
    ['only @type', { ...withoutEventType, '@type': statusChange.eventType }, true, true],
    ['only another event\'s @type', { ...withoutEventType, '@type': 'TroubleTicketCreateEvent' }, false, true],
    ['only an unknown @type', { ...withoutEventType, '@type': 'TroubleTicketDeleteEvent' }, false, false],
    ['neither', withoutEventType, false, false],
    ['eventType, and an @type of a subclass (kept as it came)', { ...envelope(statusChange), '@type': 'TroubleTicketStatusChangeEvent_X' }, true, true],
    // The OAS's generated example sends filler in eventType beside the right @type, and expects 204.
    ['@type, and an eventType naming no event', { ...envelope(statusChange), eventType: 'CXJAD', '@type': statusChange.eventType }, true, true],
    ['@type, and an eventType naming another event', { ...envelope(statusChange), eventType: 'TroubleTicketCreateEvent', '@type': statusChange.eventType }, false, true],
    ['an eventType naming no event, and no @type', { ...envelope(statusChange), eventType: 'CXJAD' }, false, false],
    ['an eventType naming no event, and another event\'s @type', { ...envelope(statusChange), eventType: 'CXJAD', '@type': 'TroubleTicketCreateEvent' }, false, true],
  ])('%s -> accepted %s (any: %s)', (_case, body, accepted, anyAccepted) => {
    const result = eventEnvelope(statusChange).safeParse(body);
    expect(result.success).toBe(accepted);
    if (!accepted) expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['eventType']);
    expect(EventEnvelope.safeParse(body).success).toBe(anyAccepted);
  });

  it.each([
    [{ eventType: 'TroubleTicketCreateEvent', '@type': 'TroubleTicketStatusChangeEvent' }, 'TroubleTicketCreateEvent'],
    [{ eventType: 'CXJAD', '@type': 'TroubleTicketCreateEvent' }, 'TroubleTicketCreateEvent'],
    [{ '@type': 'TroubleTicketCreateEvent' }, 'TroubleTicketCreateEvent'],
    [{ eventType: 'A', '@type': 'B' }, 'A'],
    [{ '@type': 'B' }, 'B'],
    [{}, undefined],
  ])('eventNameOf(%j) is %s: a known eventType, else a known @type, else what came', (envelope, name) => {
    expect(eventNameOf(envelope)).toBe(name);
  });
});

describe('TroubleTicketInformationRequiredEvent', () => {
  const informationRequired = listeners.find((l) => l.eventType === 'TroubleTicketInformationRequiredEvent') as Listener;
  const resource = { id: 'TT-1', '@type': 'TroubleTicketInformationRequired', informationRequiredPath: [{ op: 'add', path: '/accessLineId' }] };

  const ticket = { id: 'TT-1', '@type': 'TroubleTicket' };

  it.each([
    ['the OAS\'s: event.troubleTicket and one informationRequired operation', { troubleTicket: ticket, informationRequired: { op: 'add', path: '/attachment' } }, true],
    ['event.troubleTicket and a list of operations', { troubleTicket: ticket, informationRequired: [{ op: 'add', path: '/attachment' }] }, true],
    ['event.troubleTicketInformationRequired (the other v5 APIs\' form)', { troubleTicketInformationRequired: resource }, true],
    ['event.troubleTicket carrying the paths (older)', { troubleTicket: resource }, true],
    ['neither', { productOrder: resource }, false],
    ['only the operation', { informationRequired: { op: 'add', path: '/attachment' } }, false],
  ])('%s -> accepted %s', (_case, event, accepted) => {
    const result = eventEnvelope(informationRequired).safeParse(envelope(informationRequired, { event }));
    expect(result.success).toBe(accepted);
    expect(EventEnvelope.safeParse(envelope(informationRequired, { event })).success).toBe(true);
    if (!accepted) expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['event.troubleTicket']);
  });
});

describe('timeOccurred, and the OAS BaseEvent\'s timeOcurred', () => {
  const l = listeners[0] as Listener;
  it.each([
    ['timeOccurred', { timeOccurred: '2022-08-25T12:18:06.252Z' }, true],
    ['timeOcurred', { timeOcurred: '2022-08-25T12:18:06.252Z' }, true],
    ['both', { timeOccurred: '2022-08-25T12:18:06Z', timeOcurred: '2022-08-25T14:18:06+02:00' }, true],
    ['timeOccurred without a zone', { timeOccurred: '2022-08-25T12:18:06' }, false],
    ['timeOcurred that is not a time', { timeOcurred: 'yesterday' }, false],
  ])('%s -> accepted %s', (_case, extra, accepted) => {
    expect(eventEnvelope(l).safeParse(envelope(l, extra)).success).toBe(accepted);
    expect(EventEnvelope.safeParse(envelope(l, extra)).success).toBe(accepted);
  });

  it('occurredAt reads timeOccurred, then timeOcurred, then eventTime', () => {
    const eventTime = '2022-08-25T12:18:12Z';
    expect(occurredAt({ eventTime, timeOccurred: 'a', timeOcurred: 'b' })).toBe('a');
    expect(occurredAt({ eventTime, timeOcurred: 'b' })).toBe('b');
    expect(occurredAt({ eventTime })).toBe(eventTime);
  });
});

describe('EventEnvelope (any of the table\'s)', () => {
  it('refuses an unknown eventType', () => {
    const l = listeners[0] as Listener;
    expect(EventEnvelope.safeParse(envelope(l, { eventType: 'TroubleTicketDeleteEvent' })).success).toBe(false);
  });
  it('refuses a bad eventTime', () => {
    const l = listeners[0] as Listener;
    expect(EventEnvelope.safeParse(envelope(l, { eventTime: 'yesterday' })).success).toBe(false);
  });
});
