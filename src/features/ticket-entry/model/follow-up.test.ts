// @vitest-environment node
/**
 * Follow-ups of a ticket, field by field: a copy carries every answer but the external identifier and nothing the
 * service assigns; a dispute carries the relationship and what identifies the disputed service; which tickets can be
 * disputed.
 */
import { describe, expect, it } from 'vitest';
import { readTroubleTicket } from '../../../domain/ticket-reader';
import { ticketStatuses } from '../../../domain/ticket-status';
import { createdTicket, maximalDispute, maximalFault } from '../../../testing/fixtures';
import { FaultTicket, FaultTicketFvo, FaultTicketFvoFault } from '../../../domain/ticket';
import { followUpOf, whyNotDisputable } from './follow-up';
import { emptyValues, type EntryValues } from './form-values';
import { toBody } from './to-body';

/** What the service assigns (decisions.md "read-only fields"): the read form's fields that the create body has not. */
const assigned = Object.keys(FaultTicket.options[0].shape).filter((field) => !(field in FaultTicketFvoFault.shape));

/** The ticket as the app holds it: the service's answer through the tolerant reader, as the detail page reads it. */
const read = (ticket: object) => readTroubleTicket(ticket)!;
/**
 * The form's "Preferred" is a checkbox: unchecked leaves it out of the body (docs/decisions/0017), so a contact
 * medium that said `preferred: false` is sent without it. The one answer a copy words differently.
 */
const asSent = <T>(value: T): T => JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'preferred' && v === false ? undefined : v))) as T;
const withExternalId = (values: EntryValues, id: string): EntryValues => ({ ...values, externalIdentifier: [{ id, owner: '', externalIdentifierType: '' }] });

describe('copy as new ticket', () => {
  it('every answer of a fault is carried over: its body is the original\'s input, but for the external identifier', () => {
    const { values } = followUpOf(read(createdTicket()), 'copy');
    expect(toBody(values)).toEqual(asSent({ ...maximalFault(), externalIdentifier: [{ id: '' }] }));
  });

  it('nothing the service assigned is sent, and the external identifier is the agent\'s new one', () => {
    expect(assigned).toEqual(expect.arrayContaining(['id', 'href', 'status', 'statusChange', 'creationDate', 'lastUpdateDate', 'note']));
    const { values } = followUpOf(read(createdTicket()), 'copy');
    expect(values.externalIdentifier).toEqual([{ id: '', owner: '', externalIdentifierType: '' }]);
    const body = toBody(withExternalId(values, 'EXT-NEW')) as Record<string, unknown>;
    for (const field of assigned) expect(body, field).not.toHaveProperty(field);
    expect(FaultTicketFvo.safeParse(body).success).toBe(true);
    expect(body.externalIdentifier).toEqual([{ id: 'EXT-NEW' }]);
  });

  it('a dispute copied is a dispute of the same ticket, for the same reason', () => {
    const source = { ...maximalDispute(), id: 'TT-5', status: 'acknowledged' };
    const { values, origin } = followUpOf(read(source), 'copy');
    expect(values.ticketType).toBe('dispute');
    expect(values.troubleTicketRelationship).toEqual([{ id: 'tt-0001' }]);
    expect(values.resolutionDisputeReason).toBe('The line still drops every evening.');
    expect(origin).toEqual({ kind: 'copy', ticketId: 'TT-5' });
    const { '@type': _type, externalIdentifier: _id, troubleTicketRelationship, ...answers } = maximalDispute();
    expect(toBody(values)).toMatchObject(asSent({ ...answers, troubleTicketRelationship: [{ id: troubleTicketRelationship[0]!.id, relationshipType: 'disputes' }] }));
  });

  it('a ticket read with few fields (or an unknown type) copies what there is, and shows a fault\'s minimum rows', () => {
    expect(followUpOf(read({ id: 'TT-7', ticketType: 'somethingNew' }), 'copy').values).toEqual(emptyValues());
    const { values } = followUpOf(read({ id: 'TT-8', ticketType: 'fault', accessLineId: 'DEU.DTAG.ABC1234567' }), 'copy');
    expect(values.ticketType).toBe('fault');
    expect(values.accessLineId).toBe('DEU.DTAG.ABC1234567');
    expect(values.relatedParty).toHaveLength(2);
    expect(values.relatedEntity).toHaveLength(1);
  });
});

describe('dispute this resolution', () => {
  const resolved = () => ({
    ...createdTicket(),
    id: 'TT-1042',
    status: 'resolved',
    statusChangeReason: 'Störung behoben: Portwechsel am MSAN',
  });

  it('points at the ticket and carries its agreements, contacts, related entities, category and access line', () => {
    const { values } = followUpOf(read(resolved()), 'dispute');
    const source = asSent(maximalFault());
    expect(values.ticketType).toBe('dispute');
    expect(values.troubleTicketRelationship).toEqual([{ id: 'TT-1042' }]);
    const body = toBody(withExternalId(values, 'EXT-D')) as Record<string, unknown>;
    expect(body.troubleTicketRelationship).toEqual([{ id: 'TT-1042', relationshipType: 'disputes' }]);
    expect(body.agreement).toEqual(source.agreement);
    expect(body.relatedParty).toEqual(source.relatedParty);
    expect(body.relatedEntity).toEqual(source.relatedEntity);
    expect(body.categoryId).toBe(source.categoryId);
    expect(body.accessLineId).toBe(source.accessLineId);
    expect(FaultTicketFvo.safeParse(body).success).toBe(true);
  });

  it.each([
    ['externalIdentifier', [{ id: '', owner: '', externalIdentifierType: '' }]],
    ['resolutionDisputeReason', ''],
    ['description', ''],
    ['requestedResolutionDate', ''],
    ['billingItem', []],
    ['networkTerminationLocation', ''],
    ['faultQuestionnaire', []],
    ['expressFaultResolution', ''],
    ['interimMessagesRequested', ''],
    ['endUserContactAllowed', ''],
    ['endUserAppointmentIsNecessary', ''],
    ['requestedTimeSlot', { validFor: { startDateTime: '', endDateTime: '' } }],
    ['appointment', emptyValues().appointment],
  ] as const)('leaves %s for the agent (the disputed fault\'s answer is not the dispute\'s)', (field, empty) => {
    expect(followUpOf(read(resolved()), 'dispute').values[field]).toEqual(empty);
  });

  it('remembers the disputed ticket\'s status, resolution date and last status reason', () => {
    expect(followUpOf(read(resolved()), 'dispute').origin).toEqual({
      kind: 'dispute',
      ticketId: 'TT-1042',
      status: 'resolved',
      resolutionDate: '2026-12-02T17:00:00+01:00',
      statusChangeReason: 'Störung behoben: Portwechsel am MSAN',
    });
  });

  it('without a reason of its own, the newest reason in the history; without one at all, none', () => {
    const history = [
      { status: 'inProgress', changeDate: '2026-12-01T10:05:00Z', changeReason: 'Technician assigned' },
      { status: 'resolved', changeDate: '2026-12-02T16:00:00Z', changeReason: 'Port changed' },
      { status: 'closed', changeDate: '2026-12-03T16:00:00Z' },
    ];
    const { statusChangeReason: _reason, ...ticket } = { ...resolved(), status: 'closed', statusChange: history };
    expect(followUpOf(read(ticket), 'dispute').origin).toMatchObject({ statusChangeReason: 'Port changed' });
    const bare = followUpOf(read({ id: 'TT-9', ticketType: 'fault', status: 'closed' }), 'dispute').origin;
    expect(bare).toEqual({ kind: 'dispute', ticketId: 'TT-9', status: 'closed' });
  });
});

describe('whyNotDisputable: "Dispute this resolution" per status', () => {
  it.each(ticketStatuses.map((status) => [status, status === 'resolved' || status === 'closed' ? null : 'notResolved'] as const))(
    'a fault that is %s: %s',
    (status, why) => {
      expect(whyNotDisputable({ ticketType: 'fault', status })).toBe(why);
    },
  );

  it('a status this app does not know, or none, is not offered', () => {
    expect(whyNotDisputable({ ticketType: 'fault', status: 'someNewStatus' })).toBe('notResolved');
    expect(whyNotDisputable({ ticketType: 'fault' })).toBe('notResolved');
  });

  it('a dispute, or a ticket of a type this app does not know, is never disputed', () => {
    expect(whyNotDisputable({ ticketType: 'dispute', status: 'resolved' })).toBe('notFault');
    expect(whyNotDisputable({ ticketType: 'somethingNew', status: 'closed' })).toBe('notFault');
    expect(whyNotDisputable({ status: 'closed' })).toBe('notFault');
  });
});
