/** FaultTicket, the read form: a created ticket with its read-only fields (decisions.md "Shapes"). */
// @vitest-environment node -- pure schemas need no DOM, and jsdom costs about a second per file.
import { describe, expect, it } from 'vitest';
import { FaultTicket, ticketStatuses } from './ticket';
import {
  attachmentRef,
  chars,
  createdTicket,
  issuePaths,
  lengthCases,
  maximalDispute,
  removeAt,
  setAt,
} from '../testing/fixtures';

const readOnlyFields = [
  'id',
  'href',
  'status',
  'statusChangeDate',
  'statusChangeReason',
  'statusChange',
  'creationDate',
  'lastUpdateDate',
  'expectedResolutionDate',
  'resolutionDate',
  'note',
  'attachment',
  'name',
  'severity',
  'priority',
  'channel',
];

describe('a created ticket', () => {
  it('parses unchanged with every read-only field', () => {
    const ticket = createdTicket();
    expect(Object.keys(ticket)).toEqual(expect.arrayContaining(readOnlyFields));
    expect(FaultTicket.parse(ticket)).toEqual(ticket);
  });

  it('a created dispute parses too', () => {
    const { ticketType: _ticketType, resolutionDisputeReason: _reason, ...readOnly } = createdTicket();
    const dispute = { ...maximalDispute(), ...readOnly, '@type': 'FaultTicket' };
    expect(FaultTicket.safeParse(dispute).success).toBe(true);
  });

  it.each(['id', 'href', 'status', 'creationDate', 'lastUpdateDate', '@type'])('without %s is refused', (path) => {
    expect(issuePaths(FaultTicket.safeParse(removeAt(createdTicket(), path)))).toEqual([path]);
  });

  it.each([
    'statusChangeDate',
    'statusChangeReason',
    'statusChange',
    'expectedResolutionDate',
    'resolutionDate',
    'note',
    'attachment',
    'name',
    'severity',
    'priority',
    'channel',
  ])('without %s still parses', (path) => {
    expect(FaultTicket.safeParse(removeAt(createdTicket(), path)).success).toBe(true);
  });

  it.each([
    ['FaultTicket', true],
    ['TroubleTicket', true],
    ['FaultTicket_FVO', false], // the input form is not what the service returns
    ['Ticket', false],
  ])('@type %s -> valid %s', (type, valid) => {
    expect(FaultTicket.safeParse({ ...createdTicket(), '@type': type }).success).toBe(valid);
  });
});

describe('status', () => {
  it.each([...ticketStatuses.map((s) => [s, true] as const), ['open', false] as const, ['InProgress', false] as const])(
    '%s -> valid %s',
    (status, valid) => {
      expect(issuePaths(FaultTicket.safeParse({ ...createdTicket(), status }))).toEqual(valid ? [] : ['status']);
    },
  );
  it('the values are exactly those of decisions.md', () => {
    expect([...ticketStatuses].sort()).toEqual(
      ['acknowledged', 'rejected', 'pending', 'held', 'inProgress', 'cancelled', 'closed', 'resolved', 'failed'].sort(),
    );
  });
});

describe('read-only date-times', () => {
  const paths = ['creationDate', 'lastUpdateDate', 'statusChangeDate', 'expectedResolutionDate', 'resolutionDate'];
  const values = [
    ['2026-12-01T10:00:00Z', true],
    ['2026-12-01T11:00:00+01:00', true],
    ['2026-12-01T10:00:00', false],
    ['yesterday', false],
  ] as const;
  const rows = paths.flatMap((path) => values.map(([value, valid]) => [path, value, valid] as const));
  it.each(rows)('%s = %s -> valid %s', (path, value, valid) => {
    expect(issuePaths(FaultTicket.safeParse(setAt(createdTicket(), path, value)))).toEqual(valid ? [] : [path]);
  });
});

describe('statusChange entries (v5 names)', () => {
  it.each([
    ['statusChange[0].status', 'open'],
    ['statusChange[0].changeDate', '2026-12-01'],
    ['statusChange[1].changeReason', 7],
  ])('%s = %j is refused', (path, value) => {
    expect(issuePaths(FaultTicket.safeParse(setAt(createdTicket(), path, value)))).toEqual([path]);
  });
  it.each(['statusChange[0].status', 'statusChange[0].changeDate'])('without %s is refused', (path) => {
    expect(issuePaths(FaultTicket.safeParse(removeAt(createdTicket(), path)))).toEqual([path]);
  });
  it('an entry without a reason parses', () => {
    expect(FaultTicket.safeParse(removeAt(createdTicket(), 'statusChange[1].changeReason')).success).toBe(true);
  });
  it('an empty history parses', () => {
    expect(FaultTicket.safeParse(setAt(createdTicket(), 'statusChange', [])).success).toBe(true);
  });
});

describe('channel (ChannelRef)', () => {
  it('without an id is refused', () => {
    expect(issuePaths(FaultTicket.safeParse(removeAt(createdTicket(), 'channel.id')))).toEqual(['channel.id']);
  });
  it('without a name parses', () => {
    expect(FaultTicket.safeParse(removeAt(createdTicket(), 'channel.name')).success).toBe(true);
  });
});

describe('note entries', () => {
  it.each(['note[0].id', 'note[0].text'])('without %s is refused', (path) => {
    expect(issuePaths(FaultTicket.safeParse(removeAt(createdTicket(), path)))).toEqual([path]);
  });
  it.each(['note[0].author', 'note[0].date'])('without %s still parses (decisions.md: author? date?)', (path) => {
    expect(FaultTicket.safeParse(removeAt(createdTicket(), path)).success).toBe(true);
  });
  it.each([
    ['note[0].id', ''],
    ['note[0].date', '01.12.2026'],
    ['note[0].text', null],
  ])('%s = %j is refused', (path, value) => {
    expect(issuePaths(FaultTicket.safeParse(setAt(createdTicket(), path, value)))).toEqual([path]);
  });
  it('several notes parse', () => {
    const note = createdTicket().note?.[0];
    expect(FaultTicket.safeParse(setAt(createdTicket(), 'note', [note, { ...note, id: 'n-2' }])).success).toBe(true);
  });
});

describe('attachments (read form only)', () => {
  it.each(lengthCases([['attachment[1].id', 1, 36]]))('%s of %i × "%s" -> valid %s', (path, length, fill, valid) => {
    const result = FaultTicket.safeParse(setAt(createdTicket(), path, chars(length, fill)));
    expect(issuePaths(result)).toEqual(valid ? [] : [path]);
  });
  it.each([
    'attachment[0].@type',
    'attachment[0].validFor.startDateTime',
    'attachment[0].validFor.endDateTime',
    'attachment[1].@type',
    'attachment[1].id',
    'attachment[1].@referredType',
  ])('without %s is refused', (path) => {
    expect(issuePaths(FaultTicket.safeParse(removeAt(createdTicket(), path)))).toEqual([path]);
  });
  it('an AttachmentRef to something other than an Attachment is refused', () => {
    const ref = { ...attachmentRef(), '@referredType': 'Document' };
    expect(issuePaths(FaultTicket.safeParse(setAt(createdTicket(), 'attachment[1]', ref)))).toEqual([
      'attachment[1].@referredType',
    ]);
  });
});
