/** Reading what a TroubleTicketInformationRequiredEvent asks for: the OAS's shape, the other v5 form, the older one. */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { informationRequiredOf, pointerSegments } from './information-required';

describe('informationRequiredOf', () => {
  it.each([
    [
      'the official TMF621 v5.0.1 shape: troubleTicket and one JSON Patch operation',
      { troubleTicket: { id: '3180', name: 'complaint over last bill' }, informationRequired: { op: 'add', path: '/attachment' } },
      { ticketId: '3180', paths: ['/attachment'] },
    ],
    [
      'the official shape with a list of operations',
      { troubleTicket: { id: '3180' }, informationRequired: [{ op: 'add', path: '/attachment' }, { op: 'replace', path: '/description' }] },
      { ticketId: '3180', paths: ['/attachment', '/description'] },
    ],
    [
      'the official shape, an operation without a path among them',
      { troubleTicket: { id: '3180' }, informationRequired: [{ op: 'add' }, { op: 'add', path: '/attachment' }, null] },
      { ticketId: '3180', paths: ['/attachment'] },
    ],
    ['the official shape without a ticket id', { troubleTicket: {}, informationRequired: { op: 'add', path: '/note' } }, { paths: ['/note'] }],
    [
      'v5: troubleTicketInformationRequired with JSON Patch operations',
      { troubleTicketInformationRequired: { id: 'TT-1', '@type': 'TroubleTicketInformationRequired', informationRequiredPath: [{ op: 'add', path: '/accessLineId' }, { op: 'replace', path: '/appointment' }] } },
      { ticketId: 'TT-1', paths: ['/accessLineId', '/appointment'] },
    ],
    [
      'older: troubleTicket carrying the paths',
      { troubleTicket: { id: 'TT-2', informationRequiredPath: [{ path: '/description' }] } },
      { ticketId: 'TT-2', paths: ['/description'] },
    ],
    [
      'bare pointers, a repeat and an empty one',
      { troubleTicketInformationRequired: { id: 'TT-3', informationRequiredPath: ['/accessLineId', ' /accessLineId ', '', { op: 'add' }] } },
      { ticketId: 'TT-3', paths: ['/accessLineId'] },
    ],
    [
      'the ticket named inside the request',
      { troubleTicketInformationRequired: { id: 'IR-9', troubleTicket: { id: 'TT-4' }, informationRequiredPath: [{ path: '/note' }] } },
      { ticketId: 'TT-4', paths: ['/note'] },
    ],
    ['no id anywhere', { troubleTicketInformationRequired: { informationRequiredPath: [{ path: '/note' }] } }, { paths: ['/note'] }],
  ])('%s', (_case, event, expected) => {
    expect(informationRequiredOf(event)).toEqual(expected);
  });

  it.each([
    ['no event', undefined],
    ['a status change', { troubleTicket: { id: 'TT-1', status: 'pending' } }],
    ['paths that are not a list', { troubleTicketInformationRequired: { id: 'TT-1', informationRequiredPath: '/accessLineId' } }],
    ['no usable path', { troubleTicketInformationRequired: { id: 'TT-1', informationRequiredPath: [{ op: 'add' }, 7] } }],
    ['an operation without a path', { troubleTicket: { id: '3180' }, informationRequired: { op: 'add' } }],
    ['an empty list of operations', { troubleTicket: { id: '3180' }, informationRequired: [] }],
    ['an operation that is not one', { troubleTicket: { id: '3180' }, informationRequired: 42 }],
  ])('%s: nothing is asked', (_case, event) => {
    expect(informationRequiredOf(event)).toBeUndefined();
  });
});

describe('pointerSegments', () => {
  it.each([
    ['/accessLineId', ['accessLineId']],
    ['/relatedParty/0/partyOrPartyRole/contactMedium', ['relatedParty', 0, 'partyOrPartyRole', 'contactMedium']],
    ['/a~1b/c~0d', ['a/b', 'c~d']],
    ['/items/01', ['items', '01']],
    ['accessLineId', ['accessLineId']],
    ['/', []],
  ])('%s -> %j', (pointer, segments) => {
    expect(pointerSegments(pointer)).toEqual(segments);
  });
});
