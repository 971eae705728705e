/** The one tolerant reader: every spelling and shape services send, each read into the same read model. */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createdTicket } from '../testing/fixtures';
import { readTroubleTicket, TroubleTicketAnswer } from './ticket-reader';

const read = (fields: Record<string, unknown>) => readTroubleTicket({ id: 'TT-1', ...fields });

describe('spellings: v5 names and the older ones read the same', () => {
  it.each([
    // [case, what the service sent, what the read model holds]
    ['lastUpdateDate (v5)', { lastUpdateDate: '2026-12-01T10:00:00Z' }, { lastUpdateDate: '2026-12-01T10:00:00Z' }],
    ['lastUpdate (older)', { lastUpdate: '2026-12-01T10:00:00Z' }, { lastUpdateDate: '2026-12-01T10:00:00Z' }],
    [
      'statusChange with changeDate and changeReason (v5)',
      { statusChange: [{ status: 'acknowledged', changeDate: '2026-12-01T09:00:00Z', changeReason: 'Received' }] },
      { statusChange: [{ status: 'acknowledged', changeDate: '2026-12-01T09:00:00Z', changeReason: 'Received' }] },
    ],
    [
      'statusChangeHistory with statusChangeDate and statusChangeReason (older)',
      { statusChangeHistory: [{ status: 'acknowledged', statusChangeDate: '2026-12-01T09:00:00Z', statusChangeReason: 'Received' }] },
      { statusChange: [{ status: 'acknowledged', changeDate: '2026-12-01T09:00:00Z', changeReason: 'Received' }] },
    ],
    [
      'statusChange entries in the older spelling, and one without a date',
      { statusChange: [{ status: 'inProgress', statusChangeDate: '2026-12-01T09:00:00+01:00' }, { status: 'held' }] },
      { statusChange: [{ status: 'inProgress', changeDate: '2026-12-01T09:00:00+01:00' }, { status: 'held' }] },
    ],
    [
      'externalIdentifier items of @type ExternalIdentifier, a subtype and none',
      {
        externalIdentifier: [
          { '@type': 'ExternalIdentifier', id: 'A-1', owner: '1&1' },
          { '@type': 'BuyerTicketIdentifier', id: 'A-2', externalIdentifierType: 'buyerTicketId' },
          { id: 42 },
        ],
      },
      {
        externalIdentifier: [
          { '@type': 'ExternalIdentifier', id: 'A-1', owner: '1&1' },
          { '@type': 'BuyerTicketIdentifier', id: 'A-2', externalIdentifierType: 'buyerTicketId' },
          { id: '42' },
        ],
      },
    ],
    ['externalId, a string (older)', { externalId: 'EXT-9' }, { externalIdentifier: [{ id: 'EXT-9' }] }],
    [
      'externalId and externalIdentifier naming the same id: listed once',
      { externalIdentifier: [{ id: 'EXT-9', owner: 'Buyer' }], externalId: 'EXT-9' },
      { externalIdentifier: [{ id: 'EXT-9', owner: 'Buyer' }] },
    ],
  ])('%s', (_case, sent, expected) => {
    expect(read(sent)).toEqual({ id: 'TT-1', ...expected });
  });

  it('both lastUpdateDate and lastUpdate: the v5 one is read, the older one is kept as another detail', () => {
    expect(read({ lastUpdate: '2026-11-01T10:00:00Z', lastUpdateDate: '2026-12-01T10:00:00Z' })).toEqual({
      id: 'TT-1',
      lastUpdateDate: '2026-12-01T10:00:00Z',
      other: [{ name: 'lastUpdate', value: '2026-11-01T10:00:00Z' }],
    });
  });
});

describe('statuses in any letter case', () => {
  it.each([
    ['acknowledged', 'acknowledged'],
    ['Pending', 'pending'],
    ['InProgress', 'inProgress'],
    ['IN_PROGRESS', 'inProgress'],
    ['in progress', 'inProgress'],
    ['in-progress', 'inProgress'],
    ['RESOLVED', 'resolved'],
    ['someNewStatus', 'someNewStatus'],
    ['Escalated', 'Escalated'],
  ])('%s -> %s', (sent, status) => {
    expect(read({ status: sent, statusChange: [{ status: sent }] })).toEqual({ id: 'TT-1', status, statusChange: [{ status }] });
  });
});

describe('@type: any subtype is named as it came', () => {
  it.each(['FaultTicket', 'TroubleTicket', 'WholesaleFaultTicket', 'FaultTicket_FVO'])('%s', (type) => {
    expect(read({ '@type': type })).toEqual({ id: 'TT-1', '@type': type });
  });
});

describe('the base TroubleTicket fields: name, severity, priority, channel', () => {
  it.each([
    ['as strings', { name: 'Line down', severity: 'Major', priority: 'High', channel: { id: 'CH-1', name: 'Email' } }, { name: 'Line down', severity: 'Major', priority: 'High', channel: { id: 'CH-1', name: 'Email' } }],
    ['a numeric priority', { priority: 2 }, { priority: '2' }],
    ['a channel with only an id', { channel: { id: 'CH-1', '@referredType': 'Channel' } }, { channel: { id: 'CH-1' } }],
    ['a channel as a plain string', { channel: 'Partner portal' }, { channel: { name: 'Partner portal' } }],
  ])('%s', (_case, sent, expected) => {
    expect(read(sent)).toEqual({ id: 'TT-1', ...expected });
  });
});

describe('related parties', () => {
  const person = { '@type': 'Individual', givenName: 'Anna', familyName: 'Müller', contactMedium: [{ '@type': 'PhoneContactMedium', contactType: 'mobile', phoneNumber: '+49 151 1' }] };
  it.each([
    [
      "the profile's shape",
      { role: 'locationAContact', partyOrPartyRole: person },
      { reference: false, role: 'locationAContact', kind: 'Individual', givenName: 'Anna', familyName: 'Müller', contactMedium: person.contactMedium, otherMedia: [] },
    ],
    [
      'the v5 reference shape (PartyRef)',
      { role: 'reporter', partyOrPartyRole: { '@type': 'PartyRef', id: 'P-7', href: '/party/P-7', name: 'ACME NOC', '@referredType': 'Organization' } },
      { reference: true, role: 'reporter', kind: 'Organization', id: 'P-7', href: '/party/P-7', name: 'ACME NOC', contactMedium: [], otherMedia: [] },
    ],
    [
      'flat, as older services send it',
      { id: 'P-8', href: '/party/P-8', name: 'Jürgen Schmidt', role: 'customer', '@referredType': 'Individual' },
      { reference: true, role: 'customer', kind: 'Individual', id: 'P-8', href: '/party/P-8', name: 'Jürgen Schmidt', contactMedium: [], otherMedia: [] },
    ],
    [
      'a contact medium of a newer kind is kept as text',
      { role: 'installationContact', partyOrPartyRole: { ...person, contactMedium: [{ '@type': 'FaxContactMedium', faxNumber: '+49 30 1' }] } },
      { reference: false, role: 'installationContact', kind: 'Individual', givenName: 'Anna', familyName: 'Müller', contactMedium: [], otherMedia: ['{"@type":"FaxContactMedium","faxNumber":"+49 30 1"}'] },
    ],
  ])('%s', (_case, party, expected) => {
    expect(read({ relatedParty: [party] })).toEqual({ id: 'TT-1', relatedParty: [expected] });
  });

  it('an item with neither role, id nor name is kept as another detail', () => {
    expect(read({ relatedParty: [{ '@type': 'RelatedParty' }] })).toEqual({ id: 'TT-1', other: [{ name: 'relatedParty[0]', value: '{"@type":"RelatedParty"}' }] });
  });
});

describe('related entities', () => {
  it.each([
    [
      "the profile's shape",
      { role: 'affectedProduct', entity: { '@type': 'EntityRef', id: 'PRD-1', '@referredType': 'Product' } },
      { role: 'affectedProduct', '@type': 'EntityRef', referredType: 'Product', id: 'PRD-1' },
    ],
    ['an offering by name', { role: 'optionalServices', entity: { '@type': 'ProductOffering', name: 'Express' } }, { role: 'optionalServices', '@type': 'ProductOffering', name: 'Express' }],
    [
      'flat reference form',
      { id: 'SVC-9', href: '/service/SVC-9', name: 'Internet access', role: 'affectedService', '@referredType': 'Service' },
      { role: 'affectedService', referredType: 'Service', id: 'SVC-9', href: '/service/SVC-9', name: 'Internet access' },
    ],
  ])('%s', (_case, entity, expected) => {
    expect(read({ relatedEntity: [entity] })).toEqual({ id: 'TT-1', relatedEntity: [expected] });
  });
});

describe('attachments', () => {
  it.each([
    [
      'by value',
      { '@type': 'Attachment', name: 'photo.jpg', url: 'https://files.example/photo.jpg', mimeType: 'image/jpeg', description: 'The router' },
      { reference: false, name: 'photo.jpg', url: 'https://files.example/photo.jpg', mimeType: 'image/jpeg', description: 'The router' },
    ],
    ['by value without @type', { name: 'log.txt', url: 'https://files.example/log.txt', size: { amount: 12, units: 'kB' } }, { reference: false, name: 'log.txt', url: 'https://files.example/log.txt', size: '12 kB' }],
    ['by reference', { '@type': 'AttachmentRef', id: 'ATT-1', '@referredType': 'Attachment' }, { reference: true, id: 'ATT-1' }],
    ['by reference with a name', { id: 'ATT-2', href: '/attachment/ATT-2', name: 'Protocol' }, { reference: true, id: 'ATT-2', href: '/attachment/ATT-2', name: 'Protocol' }],
    ['a javascript: url is kept as text (the screen decides what becomes a link)', { name: 'x', url: 'javascript:alert(1)' }, { reference: false, name: 'x', url: 'javascript:alert(1)' }],
  ])('%s', (_case, attachment, expected) => {
    expect(read({ attachment: [attachment] })).toEqual({ id: 'TT-1', attachment: [expected] });
  });
});

describe('notes', () => {
  it.each([
    ['in full', { id: 'N-1', author: 'NOC', date: '2026-12-01T10:00:00Z', text: 'Line test started.' }, { id: 'N-1', author: 'NOC', date: '2026-12-01T10:00:00Z', text: 'Line test started.' }],
    ['only text', { text: 'Called the end user.' }, { text: 'Called the end user.' }],
  ])('%s', (_case, note, expected) => {
    expect(read({ note: [note] })).toEqual({ id: 'TT-1', note: [expected] });
  });
});

describe('what the reader does not know is kept, as text', () => {
  it('an answer whose every field is unknown: each one is another detail, in the order sent', () => {
    expect(
      readTroubleTicket({ id: 'X-1', troubleTicketCharacteristic: [{ name: 'speed', value: 100 }], slaLevel: 'gold', isUrgent: true, score: 7.5, '@baseType': 'Ticket' }),
    ).toEqual({
      id: 'X-1',
      other: [
        { name: 'troubleTicketCharacteristic', value: '[{"name":"speed","value":100}]' },
        { name: 'slaLevel', value: 'gold' },
        { name: 'isUrgent', value: 'true' },
        { name: 'score', value: '7.5' },
        { name: '@baseType', value: 'Ticket' },
      ],
    });
  });

  it.each([
    ['a date-time without a zone', { creationDate: '2026-12-01T10:00:00' }, 'creationDate', '2026-12-01T10:00:00'],
    ['a yes/no as text', { endUserContactAllowed: 'yes' }, 'endUserContactAllowed', 'yes'],
    ['a history entry without a status', { statusChange: [{ changeDate: '2026-12-01T10:00:00Z' }] }, 'statusChange[0]', '{"changeDate":"2026-12-01T10:00:00Z"}'],
    ['an agreement of an unknown kind', { agreement: [{ '@type': 'Contract', id: 'C-1' }] }, 'agreement[0]', '{"@type":"Contract","id":"C-1"}'],
  ])('a known field that cannot be read: %s', (_case, sent, name, value) => {
    expect(read(sent)).toEqual({ id: 'TT-1', other: [{ name, value }] });
  });

  it('null counts as not sent', () => {
    expect(read({ resolutionDate: null, note: [null], mystery: null })).toEqual({ id: 'TT-1' });
  });

  it('a list field sent as one item is read as that item', () => {
    expect(read({ note: { text: 'One note' } })).toEqual({ id: 'TT-1', note: [{ text: 'One note' }] });
  });
});

describe('the answer as a whole', () => {
  it('our own mocked service\'s ticket is read without other details', () => {
    const ticket = createdTicket();
    const result = readTroubleTicket(ticket);
    expect(result?.other).toBeUndefined();
    expect(result).toMatchObject({ id: ticket.id, status: 'inProgress', lastUpdateDate: ticket.lastUpdateDate, name: ticket.name });
  });

  it.each([
    ['no id', { status: 'pending' }],
    ['an empty id', { id: '' }],
    ['an id that is an object', { id: { value: 1 } }],
    ['null', null],
    ['an array', [{ id: 'TT-1' }]],
    ['a string', 'TT-1'],
  ])('%s is not a ticket', (_case, answer) => {
    expect(readTroubleTicket(answer)).toBeUndefined();
    expect(TroubleTicketAnswer.safeParse(answer).success).toBe(false);
  });

  it('a numeric id is read as its digits', () => {
    expect(readTroubleTicket({ id: 1042 })).toEqual({ id: '1042' });
  });
});
