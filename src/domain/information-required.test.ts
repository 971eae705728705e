/** Reading what a TroubleTicketInformationRequiredEvent asks for, in the v5 and the older shape. */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { informationRequiredOf, pointerSegments } from './information-required';

describe('informationRequiredOf', () => {
  it.each([
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
