/** Appointment | AppointmentRef, Attachment | AttachmentRef, TimeSlot (interface.md 2.5, decisions.md). */
// @vitest-environment node -- pure schemas need no DOM, and jsdom costs about a second per file.
import { describe, expect, it } from 'vitest';
import { AppointmentOrRef, AttachmentOrRef, TimeSlot } from './appointment';
import {
  appointment,
  appointmentRef,
  attachment,
  attachmentRef,
  chars,
  issuePaths,
  lengthCases,
  removeAt,
  setAt,
  timeSlot,
} from '../testing/fixtures';

describe.each([
  ['AppointmentRef', AppointmentOrRef, appointmentRef],
  ['AttachmentRef', AttachmentOrRef, attachmentRef],
] as const)('%s', (_name, schema, build) => {
  it.each(lengthCases([['id', 1, 36]]))('%s of %i × "%s" -> valid %s', (path, length, fill, valid) => {
    const result = schema.safeParse(setAt(build(), path, chars(length, fill)));
    expect(issuePaths(result)).toEqual(valid ? [] : expect.arrayContaining([path]));
  });

  it.each(['@type', 'id', '@referredType'])('without %s is refused', (path) => {
    expect(issuePaths(schema.safeParse(removeAt(build(), path)))).toContain(path);
  });

  it('refuses a foreign @referredType', () => {
    expect(issuePaths(schema.safeParse({ ...build(), '@referredType': 'Product' }))).toContain('@referredType');
  });
});

describe.each([
  ['Appointment', AppointmentOrRef, appointment],
  ['Attachment', AttachmentOrRef, attachment],
] as const)('%s (inline)', (_name, schema, build) => {
  it('parses with a full validFor', () => expect(schema.safeParse(build()).success).toBe(true));
  it('parses without validFor', () => expect(schema.safeParse(removeAt(build(), 'validFor')).success).toBe(true));
  it('parses with only its @type', () => expect(schema.safeParse({ '@type': build()['@type'] }).success).toBe(true));

  it.each(['@type', 'validFor.startDateTime', 'validFor.endDateTime'])('without %s is refused', (path) => {
    expect(issuePaths(schema.safeParse(removeAt(build(), path)))).toContain(path);
  });

  it.each(['validFor.startDateTime', 'validFor.endDateTime'])('%s without an offset is refused', (path) => {
    expect(issuePaths(schema.safeParse(setAt(build(), path, '2026-12-02T09:00:00')))).toContain(path);
  });
});

describe('union branches', () => {
  it.each([
    ['Appointment', AppointmentOrRef, appointment(), true],
    ['AppointmentRef', AppointmentOrRef, appointmentRef(), true],
    ['Attachment', AttachmentOrRef, attachment(), true],
    ['AttachmentRef', AttachmentOrRef, attachmentRef(), true],
    ['an Attachment as appointment', AppointmentOrRef, attachment(), false],
    ['an AppointmentRef as attachment', AttachmentOrRef, appointmentRef(), false],
    ['an AppointmentRef with nothing but its @type', AppointmentOrRef, { '@type': 'AppointmentRef' }, false],
    ['an unknown @type', AppointmentOrRef, { ...appointment(), '@type': 'Visit' }, false],
  ] as const)('%s -> valid %s', (_name, schema, body, valid) => {
    expect(schema.safeParse(body).success).toBe(valid);
  });

  it('keeps attachment fields the interface does not show (read tolerantly)', () => {
    const parsed = AttachmentOrRef.parse({ ...attachment(), size: { amount: 12, units: 'kB' } });
    expect(parsed).toMatchObject({ size: { amount: 12, units: 'kB' } });
  });
});

describe('TimeSlot: validFor required, start before end', () => {
  const at = (startDateTime: string, endDateTime: string) => ({ validFor: { startDateTime, endDateTime } });
  it.each([
    ['start before end', at('2026-12-01T08:00:00Z', '2026-12-01T08:00:01Z'), true],
    ['start before end across offsets', at('2026-12-01T08:30:00+01:00', '2026-12-01T08:00:00Z'), true],
    ['start equal to end', at('2026-12-01T08:00:00Z', '2026-12-01T08:00:00Z'), false],
    ['the same instant in two offsets', at('2026-12-01T08:00:00Z', '2026-12-01T09:00:00+01:00'), false],
    ['start after end', at('2026-12-01T12:00:00Z', '2026-12-01T08:00:00Z'), false],
  ])('%s -> valid %s', (_name, slot, valid) => {
    const result = TimeSlot.safeParse(slot);
    expect(issuePaths(result)).toEqual(valid ? [] : ['validFor.endDateTime']);
    if (!valid) expect(result.error?.issues[0]?.message).toBe('rule.startBeforeEnd');
  });

  it.each(['validFor', 'validFor.startDateTime', 'validFor.endDateTime'])('without %s is refused', (path) => {
    expect(issuePaths(TimeSlot.safeParse(removeAt(timeSlot(), path)))).toContain(path);
  });

  it.each(['validFor.startDateTime', 'validFor.endDateTime'])('a nonsense %s is reported there and only there', (path) => {
    expect(issuePaths(TimeSlot.safeParse(setAt(timeSlot(), path, 'soon')))).toEqual([path]);
  });
});
