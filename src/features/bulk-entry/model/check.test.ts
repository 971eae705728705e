// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { lengthCases, minimalFault, type LengthBound } from '../../../testing/fixtures';
import { checkLine, checkLines, lineBody, type SharedAnswers } from './check';
import type { BulkColumn } from './columns';
import type { Line } from './parse';

/** A fault's shared answers as the wizard's copy gives them: agreement, a location contact, the buyer's order management, a product. */
function shared(): SharedAnswers {
  const { externalIdentifier: _id, ...rest } = minimalFault();
  return rest;
}

const line = (cells: Line['cells'], row = 1): Line => ({ row, cells });
const columnsOf = (checked: ReturnType<typeof checkLine>) => checked.issues.map((issue) => issue.column);

describe('each column within its bounds (interface.md 2.2, 2.5 to 2.7), on both sides', () => {
  const bounds: readonly (LengthBound & readonly [BulkColumn, number, number])[] = [
    ['externalIdentifier', 1, 36],
    ['categoryId', 1, 8],
    ['description', 0, 1024],
    ['accessLineId', 7, 21],
    ['networkTerminationLocation', 1, 160],
    ['affectedProductId', 1, 36],
    ['locationContactFamilyName', 1, 30],
    ['locationContactGivenName', 1, 30],
    ['locationContactPhone', 1, 30],
  ];
  const needsName = (column: string) => (column.startsWith('locationContact') && column !== 'locationContactFamilyName' ? { locationContactFamilyName: 'Müller' } : {});

  // An empty given name or phone is no answer (the parser drops empty cells): their lower bound is the contact's own.
  const optionalParts = ['locationContactGivenName', 'locationContactPhone'];
  const cases = lengthCases(bounds, ['x', 'ü']).filter(([column, length]) => !(length === 0 && optionalParts.includes(column)));

  it.each(cases)('%s of %i × %s: valid %s', (column, length, fill, valid) => {
    const checked = checkLine(shared(), line({ ...needsName(column), [column]: fill.repeat(length) }), 'P-');
    expect(columnsOf(checked)).toEqual(valid ? [] : [column]);
    expect(checked.body !== undefined).toBe(valid);
  });
});

describe('a line merged with the shared answers', () => {
  it.each([
    ['ja', true],
    ['Yes', true],
    ['x', true],
    ['nein', false],
    ['false', false],
    ['0', false],
  ])('a yes/no cell %s is %s', (word, value) => {
    expect(checkLine(shared(), line({ endUserContactAllowed: word }), 'P-').body).toMatchObject({ endUserContactAllowed: value });
  });

  it('puts a yes/no word it does not know on its cell', () => {
    expect(columnsOf(checkLine(shared(), line({ interimMessagesRequested: 'vielleicht' }), 'P-'))).toEqual(['interimMessagesRequested']);
  });

  it('puts a choice it does not know on its cell', () => {
    expect(columnsOf(checkLine(shared(), line({ expressFaultResolution: 'asap' }), 'P-'))).toEqual(['expressFaultResolution']);
  });

  it('generates the external identifier from the prefix and the row, and keeps a line’s own', () => {
    expect(checkLine(shared(), line({}, 7), 'MASS-1A2B-').externalId).toBe('MASS-1A2B-007');
    expect(checkLine(shared(), line({}, 7), 'MASS-1A2B-').body?.externalIdentifier).toEqual([{ id: 'MASS-1A2B-007' }]);
    expect(checkLine(shared(), line({ externalIdentifier: 'OWN-1' }), 'MASS-').externalId).toBe('OWN-1');
  });

  it('replaces the shared location contact and affected product with the line’s, and keeps the order management', () => {
    const { body } = lineBody(shared(), line({ locationContactFamilyName: 'Groß', locationContactPhone: '0171 555', affectedProductId: 'PRD-9' }), 'P-');
    expect(body.relatedParty).toEqual([
      minimalFault().relatedParty[1],
      {
        role: 'locationAContact',
        partyOrPartyRole: { '@type': 'Individual', familyName: 'Groß', contactMedium: [{ '@type': 'PhoneContactMedium', contactType: 'mobile', phoneNumber: '0171 555' }] },
      },
    ]);
    expect(body.relatedEntity).toEqual([{ role: 'affectedProduct', entity: { '@type': 'EntityRef', id: 'PRD-9', '@referredType': 'Product' } }]);
  });

  it('a line’s own description replaces the shared one', () => {
    expect(checkLine({ ...shared(), description: 'Cable cut' }, line({ description: 'Port 4' }), 'P-').body?.description).toBe('Port 4');
    expect(checkLine({ ...shared(), description: 'Cable cut' }, line({}), 'P-').body?.description).toBe('Cable cut');
  });

  it('never sends what only a dispute has, even when the shared answers came from one', () => {
    const dispute = { ...shared(), ticketType: 'dispute', resolutionDisputeReason: 'Still down', troubleTicketRelationship: [{ id: 'TT-1', relationshipType: 'disputes' }] };
    const { body } = checkLine(dispute, line({}), 'P-');
    expect(body).toMatchObject({ ticketType: 'fault' });
    expect(body).not.toHaveProperty('resolutionDisputeReason');
    expect(body).not.toHaveProperty('troubleTicketRelationship');
  });

  it('a location contact without a family name is refused on that cell', () => {
    expect(columnsOf(checkLine(shared(), line({ locationContactGivenName: 'Anna' }), 'P-'))).toEqual(['locationContactFamilyName']);
  });

  it('a fault without any affected product asks for it on the line (rule 5 of interface.md 2.3)', () => {
    const { relatedEntity: _entities, ...withoutProduct } = shared();
    expect(columnsOf(checkLine(withoutProduct, line({}), 'P-'))).toEqual(['affectedProductId']);
    expect(checkLine(withoutProduct, line({ affectedProductId: 'PRD-1' }), 'P-').issues).toEqual([]);
  });

  it('what is wrong with the shared answers is on no cell', () => {
    const { agreement: _agreement, ...withoutAgreement } = shared();
    const checked = checkLine(withoutAgreement, line({ accessLineId: 'DEU.DTAG.ABC1234567' }), 'P-');
    expect(checked.issues.map((issue) => [issue.column, issue.issue.path])).toEqual([[undefined, 'agreement']]);
  });
});

describe('checkLines', () => {
  it('checks every line, in chunks, and marks a repeated identifier on the later line', async () => {
    const lines = Array.from({ length: 120 }, (_, i) => line({ accessLineId: 'DEU.DTAG.ABC1234567' }, i + 1));
    lines.push(line({ externalIdentifier: 'P-001' }, 121));
    const checked = await checkLines(shared(), lines, 'P-');
    expect(checked).toHaveLength(121);
    expect(checked!.filter((one) => one.body).length).toBe(120);
    expect(checked![120]!.issues.map((issue) => [issue.column, issue.issue.key])).toEqual([['externalIdentifier', 'bulk.check.repeatedId']]);
  });

  it('stops when the agent replaced the lines', async () => {
    const stop = new AbortController();
    const checking = checkLines(shared(), Array.from({ length: 200 }, (_, i) => line({}, i + 1)), 'P-', stop.signal);
    stop.abort();
    expect(await checking).toBeUndefined();
  });
});
