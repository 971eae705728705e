/**
 * Thin events (decision 0053): what an agent's stream carries of each official TMF621 v5.0.1 example is its identity,
 * kind, status and times and what is asked for; no contact medium, party, note, name, description or title. The
 * receiver still accepts and keeps the whole event.
 */
import { describe, expect, it } from 'vitest';
import { listeners } from '../../src/domain/event';
import { tmf621EventExamples } from '../../src/testing/tmf621-event-examples';
import { relayHarness } from '../testing/listener-helpers';
import { thinEvent } from './thin-event';

const listened = tmf621EventExamples.filter((example) => listeners.some((l) => l.path === example.path));
const listenerOf = (path: string) => listeners.find((l) => l.path === path) as (typeof listeners)[number];

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
}

/** Every string anywhere in a JSON value. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  return typeof value === 'object' && value !== null ? Object.values(value).flatMap(stringsOf) : [];
}

const NEVER = ['contactMedium', 'relatedParty', 'note', 'description', 'name', 'title', 'attachment', 'troubleTicketCharacteristic', 'statusChangeReason', 'value'];

/** A contact medium as a provider may send it on a ticket (TMF621 v5 `contactMedium`), the words no agent's stream may carry. */
const contact = {
  contactMedium: [{ mediumType: 'phone', preferred: true, phoneNumber: '+49 171 5550123', emailAddress: 'sandy.smith@example.com', '@type': 'PhoneContactMedium' }],
};

describe('what the relay sends an agent of each official TMF621 v5.0.1 example', () => {
  it.each(listened.map((example) => [example.name, example] as const))('%s: no contact medium, party, note or free text', async (_name, example) => {
    const { post, open, bus } = relayHarness();
    const stream = await open();
    // The example, with a contact medium and a party on its resource as a provider may well send them.
    const event = example.body.event as Record<string, Record<string, unknown>>;
    const resourceName = Object.keys(event).find((key) => key !== 'informationRequired') as string;
    const body = { ...example.body, event: { ...event, [resourceName]: { ...event[resourceName], ...contact } } };
    expect((await post(listenerOf(example.path), body)).status).toBe(204);

    const [message] = await stream.events(1);
    const data = JSON.parse(message?.data ?? '{}') as { eventType: string; envelope: Record<string, unknown> };
    expect(data.eventType).toBe(example.eventType);
    expect(keysOf(data.envelope).filter((key) => NEVER.includes(key))).toEqual([]);
    for (const secret of ['+49 171 5550123', 'sandy.smith@example.com', 'Sandy Smith', 'Jack Smith', 'This is quite important, please approach me as soon as possible']) {
      expect(stringsOf(data.envelope)).not.toContain(secret);
    }
    // What the panel reads is there: the envelope's identity and times, the resource's id and status.
    expect(data.envelope).toMatchObject({ eventId: example.body.eventId, eventTime: example.body.eventTime });
    expect((data.envelope.event as Record<string, Record<string, unknown>>)[resourceName]?.id).toBe(event[resourceName]?.id);
    expect(data.envelope).toEqual(thinEvent(body));
    // The receiver keeps what it accepted, whole.
    const [kept] = (await bus.read(0, 10)).events;
    expect(JSON.parse(kept?.data ?? '{}').envelope).toEqual(body);
    await stream.close();
  });
});

describe('thinEvent', () => {
  it('keeps what the panel shows of a resource: id, href, @type, status/state/lifecycle, their dates, external ids', () => {
    expect(
      thinEvent({
        eventId: 'e1',
        eventTime: '2026-11-26T10:00:00Z',
        eventType: 'TroubleTicketStatusChangeEvent',
        title: 'Call Sandy back',
        description: 'Sandy Smith, +49 171 5550123',
        priority: '1',
        event: {
          troubleTicket: {
            id: 'TT-1',
            href: '/troubleTicket/TT-1',
            '@type': 'TroubleTicket',
            status: 'inProgress',
            statusChangeDate: '2026-11-26T09:59:00Z',
            lastUpdate: '2026-11-26T09:59:00Z',
            expectedResolutionDate: '2026-11-27T09:00:00Z',
            resolutionDate: '2026-11-27T10:00:00Z',
            externalIdentifier: [{ id: 'EXT-9', owner: 'Sandy Smith', externalIdentifierType: 'buyer' }],
            name: 'Line down at Sandy Smith’s',
            ...contact,
          },
        },
      }),
    ).toEqual({
      eventId: 'e1',
      eventTime: '2026-11-26T10:00:00Z',
      eventType: 'TroubleTicketStatusChangeEvent',
      event: {
        troubleTicket: {
          id: 'TT-1',
          href: '/troubleTicket/TT-1',
          '@type': 'TroubleTicket',
          status: 'inProgress',
          statusChangeDate: '2026-11-26T09:59:00Z',
          lastUpdate: '2026-11-26T09:59:00Z',
          expectedResolutionDate: '2026-11-27T09:00:00Z',
          resolutionDate: '2026-11-27T10:00:00Z',
          externalIdentifier: [{ id: 'EXT-9' }],
        },
      },
    });
  });

  it('keeps what is asked for as JSON Pointers (op and path, never a value), in all three shapes, and the ticket a request or cancellation names', () => {
    expect(
      thinEvent({
        eventId: 'e2',
        eventTime: '2026-11-26T10:00:00Z',
        event: {
          troubleTicket: { id: 'TT-1', informationRequiredPath: ['/attachment'], note: [{ text: 'x' }] },
          informationRequired: [{ op: 'add', path: '/contactMedium', value: { phoneNumber: '+49 171 5550123' } }],
          troubleTicketInformationRequired: { id: 'IR-1', informationRequiredPath: [{ op: 'add', path: '/note' }], troubleTicket: { id: 'TT-1', name: 'secret' } },
        },
      }),
    ).toEqual({
      eventId: 'e2',
      eventTime: '2026-11-26T10:00:00Z',
      event: {
        troubleTicket: { id: 'TT-1', informationRequiredPath: ['/attachment'] },
        informationRequired: [{ op: 'add', path: '/contactMedium' }],
        troubleTicketInformationRequired: { id: 'IR-1', informationRequiredPath: [{ op: 'add', path: '/note' }], troubleTicket: { id: 'TT-1' } },
      },
    });
  });

  it('drops a status that is not text, and passes an event POSTed without a body as null', () => {
    expect(thinEvent({ eventId: 'e3', eventTime: 't', event: { productOrder: { id: 'PO-1', state: { text: 'Sandy' } } } })).toEqual({
      eventId: 'e3',
      eventTime: 't',
      event: { productOrder: { id: 'PO-1' } },
    });
    expect(thinEvent(null)).toBeNull();
  });

  // Another provider's dialect (decision 0027): numeric ids and the older `externalId` are identity too.
  it('keeps a numeric eventId and resource id, and the older externalId spelling', () => {
    expect(thinEvent({ eventId: 4711, eventTime: 't', event: { troubleTicket: { id: 1042, externalId: 'EXT-7', note: [{ text: 'Sandy' }] } } })).toEqual({
      eventId: 4711,
      eventTime: 't',
      event: { troubleTicket: { id: 1042, externalId: 'EXT-7' } },
    });
  });
});
