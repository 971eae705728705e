/**
 * The event table, column by column, against expectations written here by hand: what each kind's stream keeps
 * (decision 0053), and that a panel line shows only what its row keeps. The paths, content types, bodies and
 * resource keys are checked against interface.md 4.3 in ./event.test.ts; what an event does in the app in
 * src/features/notifications/model/event-effects.test.ts.
 */
// @vitest-environment node -- pure tables need no DOM.
import { describe, expect, it } from 'vitest';
import { eventKindList, eventKindOf, eventKinds, IDENTITY_FIELDS } from './event-kinds';
import { thinEvent } from './thin-event';

/** Every kind keeps its status, state or lifecycle and their dates: what the panel shows and follows. */
const STATE = ['status', 'state', 'lifecycleStatus', 'statusChangeDate', 'lastUpdate', 'lastUpdateDate', 'expectedResolutionDate', 'resolutionDate'];

/** Kinds that keep more, by hand: the ticket a cancellation or change points at, and what an information request asks. */
const more: Record<string, string[]> = {
  CancelTroubleTicketStateChangeEvent: ['troubleTicket'],
  InflightChangeTroubleTicketStateChangeEvent: ['troubleTicket'],
  TroubleTicketInformationRequiredEvent: ['informationRequiredPath', 'informationRequired', 'troubleTicket'],
};

/** What no kind keeps: the sender's and the parties' words. */
const NEVER = ['name', 'description', 'note', 'contactMedium', 'relatedParty', 'attachment', 'troubleTicketCharacteristic', 'statusChangeReason', 'value'];

/** A resource with every field any row keeps, in its shape, and every field none may. */
const fullResource = {
  ...Object.fromEntries([...STATE, ...Object.values(more).flat()].map((field) => [field, `${field}-value`])),
  id: 'R-1',
  href: '/r/R-1',
  '@type': 'Resource',
  externalId: 'EXT-1',
  externalIdentifier: [{ id: 'EXT-2', owner: 'Sandy Smith' }],
  informationRequiredPath: [{ op: 'add', path: '/note', value: 'secret' }],
  troubleTicket: { id: 'TT-1', name: 'secret' },
  ...Object.fromEntries(NEVER.map((field) => [field, 'secret'])),
};

describe('the table', () => {
  it('has one row per name, each under its own path, and finds a row by its name only', () => {
    expect(eventKindList.map((kind) => kind.name)).toEqual(Object.keys(eventKinds));
    expect(new Set(eventKindList.map((kind) => kind.path)).size).toBe(eventKindList.length);
    expect(eventKindOf('TroubleTicketStatusChangeEvent')?.resource).toBe('troubleTicket');
    expect([eventKindOf('troubleTicketStatusChangeEvent'), eventKindOf('SomethingElseEvent'), eventKindOf(undefined)]).toEqual([undefined, undefined, undefined]);
  });
});

describe('keep: what an agent\'s stream carries of each kind\'s resource, and nothing else', () => {
  it.each(eventKindList.map((kind) => [kind.name, kind] as const))('%s', (name, kind) => {
    const asked = { op: 'add', path: '/accessLineId', value: 'secret' };
    const envelope = { eventId: 'e', eventTime: 't', eventType: name, title: 'secret', event: { [kind.resource]: fullResource, informationRequired: asked } };
    const thin = thinEvent(envelope) as { event: Record<string, Record<string, unknown>> };
    const extra = more[name] ?? [];
    expect(kind.keep).toEqual([...STATE, ...extra]);
    expect(Object.keys(thin.event[kind.resource] ?? {}).sort()).toEqual([...IDENTITY_FIELDS, ...STATE, ...extra.filter((field) => field !== 'informationRequired')].sort());
    expect(thin.event[kind.resource]?.externalIdentifier).toEqual([{ id: 'EXT-2' }]);
    if (extra.includes('troubleTicket')) expect(thin.event[kind.resource]?.troubleTicket).toEqual({ id: 'TT-1' });
    if (extra.includes('informationRequiredPath')) expect(thin.event[kind.resource]?.informationRequiredPath).toEqual([{ op: 'add', path: '/note' }]);
    expect(thin.event.informationRequired).toEqual(extra.includes('informationRequired') ? { op: 'add', path: '/accessLineId' } : undefined);
    expect(JSON.stringify(thin)).not.toContain('secret');
    // The listener's name decides, as the relay passes it, whatever the envelope says.
    expect((thinEvent({ ...envelope, eventType: 'TroubleTicketInformationRequiredEvent' }, name) as typeof thin).event).toEqual(thin.event);
  });

  it('an event the table does not know keeps what any kind keeps (none reaches a stream: there is no route for it)', () => {
    const thin = thinEvent({ eventId: 'e', eventTime: 't', eventType: 'SomethingElseEvent', event: { thing: fullResource } }) as { event: Record<string, Record<string, unknown>> };
    const anyKind = new Set([...STATE, ...Object.values(more).flat()].filter((field) => field !== 'informationRequired'));
    expect(Object.keys(thin.event.thing ?? {}).sort()).toEqual([...IDENTITY_FIELDS, ...anyKind].sort());
  });
});

// Its words in English and German: src/lib/i18n/sections/notifications-panel.test.ts (the domain imports no catalogue).
describe('line: a line shows only what its row keeps', () => {
  it('a line shows only fields its row keeps', () => {
    for (const kind of eventKindList) for (const field of kind.line?.values ?? []) expect(kind.keep, kind.name).toContain(field);
  });
});
