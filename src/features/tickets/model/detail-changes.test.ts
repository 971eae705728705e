// @vitest-environment node
// The change diff of an open ticket, case by case: what the banner says and which rows it marks.
import { describe, expect, it } from 'vitest';
import { readTroubleTicket, type TroubleTicketRead } from '../../../domain/ticket-reader';
import { createdTicket, maximalDispute } from '../../../testing/fixtures';
import { hasChanges, ticketChanges } from './detail-changes';
import { placedFields } from './detail-fields';

/** Reads an answer as the page does, so the cases speak the service's language (older spellings included). */
function read(answer: Record<string, unknown>): TroubleTicketRead {
  const ticket = readTroubleTicket({ id: 'TT-1', ...answer });
  if (!ticket) throw new Error('not a ticket');
  return ticket;
}

const base = {
  status: 'inProgress',
  statusChangeDate: '2026-12-01T10:00:00Z',
  lastUpdateDate: '2026-12-01T10:00:00Z',
  severity: 'major',
  description: 'No sync',
  statusChange: [
    { status: 'acknowledged', changeDate: '2026-12-01T09:00:00Z' },
    { status: 'inProgress', changeDate: '2026-12-01T10:00:00Z' },
  ],
  note: [{ id: 'n1', author: 'Provider', date: '2026-12-01T09:30:00Z', text: 'Looking into it' }],
};

const note2 = { id: 'n2', author: 'Provider', date: '2026-12-01T11:00:00Z', text: 'Engineer booked' };
const step3 = { status: 'resolved', changeDate: '2026-12-01T12:00:00Z', changeReason: 'Line repaired' };

type Case = {
  name: string;
  after: Record<string, unknown>;
  status?: { from: string | undefined; to: string | undefined };
  newNotes?: string[];
  newHistory?: string[];
  fields?: string[];
};

const cases: Case[] = [
  { name: 'the same read', after: base },
  { name: 'only the last update moved', after: { ...base, lastUpdateDate: '2026-12-01T11:00:00Z' } },
  { name: 'the same read with the older spellings', after: { ...base, lastUpdate: base.lastUpdateDate, lastUpdateDate: undefined } },
  {
    name: 'a status change with its date, reason and history entry',
    after: { ...base, status: 'resolved', statusChangeDate: '2026-12-01T12:00:00Z', statusChangeReason: 'Line repaired', statusChange: [...base.statusChange, step3] },
    status: { from: 'inProgress', to: 'resolved' },
    newHistory: ['resolved'],
  },
  { name: 'a status spelled differently is the same status', after: { ...base, status: 'InProgress' } },
  { name: 'a status that was not sent before', after: { ...base, status: 'pending' }, status: { from: 'inProgress', to: 'pending' } },
  {
    name: 'the status reason alone changed',
    after: { ...base, statusChangeReason: 'Waiting for access' },
    fields: ['statusChangeReason'],
  },
  { name: 'a new note', after: { ...base, note: [...base.note, note2] }, newNotes: ['Engineer booked'] },
  { name: 'two new notes', after: { ...base, note: [...base.note, note2, { text: 'Call back' }] }, newNotes: ['Engineer booked', 'Call back'] },
  { name: 'a note edited (same id, new text)', after: { ...base, note: [{ ...base.note[0], text: 'Fixed it' }] }, fields: ['note'] },
  { name: 'a note removed', after: { ...base, note: [] }, fields: ['note'] },
  { name: 'the notes in another order', after: { ...base, note: [note2, ...base.note] }, newNotes: ['Engineer booked'] },
  {
    name: 'a repeated history step is a new step',
    after: { ...base, statusChange: [...base.statusChange, base.statusChange[1]] },
    newHistory: ['inProgress'],
  },
  { name: 'a history entry removed', after: { ...base, statusChange: [base.statusChange[1]] }, fields: ['statusChange'] },
  { name: 'a field changed', after: { ...base, severity: 'minor' }, fields: ['severity'] },
  { name: 'a field sent for the first time', after: { ...base, expectedResolutionDate: '2026-12-02T10:00:00Z' }, fields: ['expectedResolutionDate'] },
  { name: 'a field no longer sent', after: { ...base, description: undefined }, fields: ['description'] },
  { name: 'fields in the reader order', after: { ...base, description: 'Sync back', severity: 'minor' }, fields: ['severity', 'description'] },
  { name: 'a detail the reader does not know appeared', after: { ...base, x_slaClass: 'gold' }, fields: ['x_slaClass'] },
  {
    name: 'everything at once',
    after: { ...base, status: 'resolved', note: [...base.note, note2], statusChange: [...base.statusChange, step3], priority: '1' },
    status: { from: 'inProgress', to: 'resolved' },
    newNotes: ['Engineer booked'],
    newHistory: ['resolved'],
    fields: ['priority'],
  },
];

describe('ticketChanges', () => {
  it.each(cases)('$name', ({ after, status, newNotes = [], newHistory = [], fields = [] }) => {
    const changes = ticketChanges(read(base), read(after));
    expect(changes.status).toEqual(status);
    expect(changes.newNotes.map((note) => note.text)).toEqual(newNotes);
    expect(changes.newHistory.map((step) => step.status)).toEqual(newHistory);
    expect(changes.fields).toEqual(fields);
    expect(hasChanges(changes)).toBe(status !== undefined || newNotes.length + newHistory.length + fields.length > 0);
  });

  it('hands back the new read’s own note and step objects, so the page can mark exactly those', () => {
    const now = read({ ...base, note: [...base.note, note2], statusChange: [...base.statusChange, step3] });
    const changes = ticketChanges(read(base), now);
    expect(changes.newNotes[0]).toBe(now.note?.[1]);
    expect(changes.newHistory[0]).toBe(now.statusChange?.[2]);
  });
});

describe('placedFields', () => {
  it('places every field the reader gives of a full fault and a full dispute, so the banner can name them in page order', () => {
    const sent = [createdTicket(), { ...maximalDispute(), id: 'TT-2' }].flatMap((answer) => Object.keys(read(answer)));
    expect(sent.filter((name) => name !== 'id' && !placedFields.includes(name))).toEqual([]);
  });

  it('still compares a field the page does not place (a newer reader’s)', () => {
    const seen = { ...read(base), slaClass: 'gold' } as TroubleTicketRead;
    const now = { ...read(base), slaClass: 'silver' } as TroubleTicketRead;
    expect(ticketChanges(seen, now).fields).toEqual(['slaClass']);
  });
});
