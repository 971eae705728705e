// @vitest-environment node
/** The wizard validates with the domain schema: each rule of interface.md 2.3 and each bound, on both sides. */
import { describe, expect, it } from 'vitest';
import { chars } from '../../../testing/fixtures';
import { emptyParty, emptyValues, type EntryValues } from './form-values';
import { disputeValues, faultValues, individualRow, postalRow } from '../../../testing/entry-values';
import { issuesToErrors, validateEntry } from './validate';

const names = (values: EntryValues) => validateEntry(values).issues.map((issue) => issue.name);
const keyAt = (values: EntryValues, name: string) => validateEntry(values).issues.find((issue) => issue.name === name)?.issue.key;

function withEdit(base: () => EntryValues, edit: (values: EntryValues) => void): EntryValues {
  const values = base();
  edit(values);
  return values;
}

describe('validateEntry', () => {
  it('accepts the smallest fault and dispute and returns the parsed body', () => {
    for (const values of [faultValues(), disputeValues()]) {
      const result = validateEntry(values);
      expect(result.issues).toEqual([]);
      expect(result.body?.['@type']).toBe('FaultTicket');
    }
  });

  it('without a ticket type, reports the type and still checks the rest (as a fault)', () => {
    const result = names(emptyValues());
    expect(result).toContain('ticketType');
    expect(result).toContain('externalIdentifier.0.id');
    expect(result).toContain('agreement.0.@type');
    // How many contacts a ticket needs depends on its type: not asked before the type is chosen.
    expect(result).not.toContain('relatedParty');
  });

  describe('counts per ticket type (interface.md 2.3)', () => {
    const parties = (n: number) => Array.from({ length: n }, () => individualRow());
    const entities = (n: number) => Array.from({ length: n }, () => ({ role: 'affectedProduct' as const, entity: { id: 'P-1', name: '' } }));
    it.each([
      ['fault', 'relatedParty', 1, 'validation.tooFewItems'],
      ['fault', 'relatedParty', 2, undefined],
      ['fault', 'relatedParty', 99, undefined],
      ['fault', 'relatedParty', 100, 'validation.tooManyItems'],
      ['dispute', 'relatedParty', 0, undefined],
      ['dispute', 'relatedParty', 99, undefined],
      ['dispute', 'relatedParty', 100, 'validation.tooManyItems'],
      ['fault', 'relatedEntity', 0, 'validation.tooFewItems'],
      ['fault', 'relatedEntity', 1, undefined],
      ['fault', 'relatedEntity', 3, undefined],
      ['fault', 'relatedEntity', 4, 'validation.tooManyItems'],
      ['dispute', 'relatedEntity', 0, undefined],
      ['dispute', 'relatedEntity', 3, undefined],
      ['dispute', 'relatedEntity', 4, 'validation.tooManyItems'],
    ] as const)('%s with %s × %i: %s', (type, list, n, key) => {
      const values = withEdit(type === 'fault' ? faultValues : disputeValues, (v) => {
        if (list === 'relatedParty') v.relatedParty = parties(n);
        else v.relatedEntity = entities(n);
      });
      expect(keyAt(values, list)).toBe(key);
    });

    it.each([
      ['faultQuestionnaire', 99, undefined],
      ['faultQuestionnaire', 100, 'validation.tooManyItems'],
      ['billingItem', 99, undefined],
      ['billingItem', 100, 'validation.tooManyItems'],
      ['agreement', 0, 'validation.tooFewItems'],
    ] as const)('%s × %i: %s', (list, n, key) => {
      const values = withEdit(faultValues, (v) => {
        if (list === 'faultQuestionnaire') v.faultQuestionnaire = Array.from({ length: n }, () => ({ questionId: 'Q', answerId: 'A' }));
        if (list === 'billingItem') v.billingItem = Array.from({ length: n }, () => ({ value: 'B' }));
        if (list === 'agreement') v.agreement = [];
      });
      expect(keyAt(values, list)).toBe(key);
    });
  });

  it('a dispute needs the disputed ticket; a fault does not send a dispute reason at all', () => {
    expect(keyAt(withEdit(disputeValues, (v) => (v.troubleTicketRelationship = [{ id: '' }])), 'troubleTicketRelationship.0.id')).toBe(
      'validation.required',
    );
    expect(names(withEdit(faultValues, (v) => (v.resolutionDisputeReason = 'typed while it was a dispute')))).toEqual([]);
    expect(keyAt(withEdit(disputeValues, (v) => (v.resolutionDisputeReason = chars(1025))), 'resolutionDisputeReason')).toBe('validation.tooLong');
  });

  it('a full agreement needs type, name and business id; a reference needs only its id', () => {
    const full = withEdit(faultValues, (v) => (v.agreement = [{ ...v.agreement[0]!, '@type': 'Agreement', id: '' }]));
    expect(names(full).sort()).toEqual(['agreement.0.agreementType', 'agreement.0.businessId', 'agreement.0.name']);
    const reference = withEdit(faultValues, (v) => (v.agreement[0]!.id = ''));
    expect(names(reference)).toEqual(['agreement.0.id']);
    const noKind = withEdit(faultValues, (v) => (v.agreement[0]!['@type'] = ''));
    expect(names(noKind)).toEqual(['agreement.0.@type']);
  });

  it.each([
    ['affectedProduct', 'relatedEntity.0.entity.id'],
    ['diagnosis', 'relatedEntity.0.entity.id'],
    ['optionalServices', 'relatedEntity.0.entity.name'],
    ['', 'relatedEntity.0.role'],
  ] as const)('a related entity with role "%s" asks for %s', (role, name) => {
    expect(names(withEdit(faultValues, (v) => (v.relatedEntity = [{ role, entity: { id: '', name: '' } }])))).toEqual([name]);
  });

  it.each([
    ['2026-12-01T08:00:00+01:00', '2026-12-01T12:00:00+01:00', undefined],
    ['2026-12-01T12:00:00+01:00', '2026-12-01T12:00:00+01:00', 'rule.startBeforeEnd'],
    ['2026-12-01T12:00:00+01:00', '2026-12-01T08:00:00+01:00', 'rule.startBeforeEnd'],
    // The same instant written in two offsets is not "before".
    ['2026-12-01T11:00:00+01:00', '2026-12-01T10:00:00Z', 'rule.startBeforeEnd'],
    ['2026-12-01T08:00:00+01:00', '', 'validation.required'],
  ])('time slot %s to %s: %s', (start, end, key) => {
    const values = withEdit(faultValues, (v) => (v.requestedTimeSlot.validFor = { startDateTime: start, endDateTime: end }));
    expect(keyAt(values, 'requestedTimeSlot.validFor.endDateTime')).toBe(key);
  });

  it('an individual needs a family name, an organization a name, and an unchosen kind says so', () => {
    const values = withEdit(faultValues, (v) => {
      v.relatedParty[0]!.partyOrPartyRole.familyName = '';
      v.relatedParty[1]!.partyOrPartyRole.name = '';
      v.relatedParty.push(emptyParty());
    });
    expect(names(values)).toEqual([
      'relatedParty.0.partyOrPartyRole.familyName',
      'relatedParty.1.partyOrPartyRole.name',
      'relatedParty.2.role',
      'relatedParty.2.partyOrPartyRole.@type',
    ]);
  });

  // Each length bound of interface.md part 2 that the form asks for, on both sides, counted in code points.
  const bounds: [name: string, min: number, max: number, set: (v: EntryValues, text: string) => void][] = [
    ['externalIdentifier.0.id', 1, 36, (v, s) => (v.externalIdentifier[0].id = s)],
    ['categoryId', 1, 8, (v, s) => (v.categoryId = s)],
    ['description', 0, 1024, (v, s) => (v.description = s)],
    ['accessLineId', 7, 21, (v, s) => (v.accessLineId = s)],
    ['networkTerminationLocation', 1, 160, (v, s) => (v.networkTerminationLocation = s)],
    ['relatedParty.0.partyOrPartyRole.familyName', 1, 30, (v, s) => (v.relatedParty[0]!.partyOrPartyRole.familyName = s)],
    ['relatedParty.0.partyOrPartyRole.givenName', 1, 30, (v, s) => (v.relatedParty[0]!.partyOrPartyRole.givenName = s)],
    ['relatedParty.1.partyOrPartyRole.name', 1, 60, (v, s) => (v.relatedParty[1]!.partyOrPartyRole.name = s)],
    ['agreement.0.id', 1, 36, (v, s) => (v.agreement[0]!.id = s)],
    ['relatedEntity.0.entity.id', 1, 36, (v, s) => (v.relatedEntity[0]!.entity.id = s)],
    ['relatedParty.0.partyOrPartyRole.contactMedium.0.postcode', 1, 6, (v, s) => (v.relatedParty[0]!.partyOrPartyRole.contactMedium = [{ ...postalRow(), postcode: s }])],
    ['relatedParty.0.partyOrPartyRole.contactMedium.0.country', 2, 2, (v, s) => (v.relatedParty[0]!.partyOrPartyRole.contactMedium = [{ ...postalRow(), country: s }])],
  ];
  const rows = bounds.flatMap(([name, min, max, set]) =>
    ['x', 'ü', '👍'].flatMap((fill) => [
      // An empty optional field is left out, so only a required field can be too short at length 0.
      ...(min > 1 ? [[name, min - 1, fill, false, set] as const] : []),
      [name, Math.max(min, 1), fill, true, set] as const,
      [name, max, fill, true, set] as const,
      [name, max + 1, fill, false, set] as const,
    ]),
  );
  it.each(rows)('%s with %i × "%s" valid: %s', (name, length, fill, valid, set) => {
    const values = withEdit(faultValues, (v) => set(v, chars(length, fill)));
    expect(names(values).includes(name)).toBe(!valid);
  });

  it('puts a list\'s own error at "<list>.root" and a field\'s at its name', () => {
    const values = withEdit(faultValues, (v) => {
      v.relatedParty = [{ ...individualRow(), partyOrPartyRole: { ...individualRow().partyOrPartyRole, familyName: '' } }];
    });
    const errors = issuesToErrors(validateEntry(values).issues, values) as Record<string, unknown>;
    expect(errors).toMatchObject({
      relatedParty: {
        root: { type: 'domain' },
        0: { partyOrPartyRole: { familyName: { type: 'domain' } } },
      },
    });
  });
});
