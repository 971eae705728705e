// @vitest-environment node
/** The row limits the wizard offers are the schema's: at min and max valid, one past either side refused. */
import { describe, expect, it } from 'vitest';
import { emptyEntity, emptyParty, type EntryValues } from './form-values';
import { rowLimits, rowsForType, type RowList } from './row-limits';
import { disputeValues, faultValues, individualRow } from '../../../testing/entry-values';
import { validateEntry } from './validate';

const validRow: Record<RowList, () => unknown> = {
  agreement: () => faultValues().agreement[0],
  relatedParty: () => individualRow(),
  relatedEntity: () => ({ role: 'affectedProduct', entity: { id: 'P-1', name: '' } }),
  faultQuestionnaire: () => ({ questionId: 'Q', answerId: 'A' }),
  billingItem: () => ({ value: 'B' }),
};

function withRows(type: 'fault' | 'dispute', list: RowList, n: number): EntryValues {
  const values = type === 'fault' ? faultValues() : disputeValues();
  (values[list] as unknown[]) = Array.from({ length: n }, validRow[list]);
  return values;
}

const listIsValid = (values: EntryValues, list: RowList) => !validateEntry(values).issues.some((issue) => issue.name === list);

describe('rowLimits', () => {
  const cases = (['fault', 'dispute'] as const).flatMap((type) =>
    (Object.keys(rowLimits[type]) as RowList[]).map((list) => [type, list, rowLimits[type][list]] as const),
  );
  it.each(cases)('%s %s: %o matches the schema', (type, list, { min, max }) => {
    expect(listIsValid(withRows(type, list, min), list)).toBe(true);
    if (min > 0) expect(listIsValid(withRows(type, list, min - 1), list)).toBe(false);
    if (Number.isFinite(max)) {
      expect(listIsValid(withRows(type, list, max), list)).toBe(true);
      expect(listIsValid(withRows(type, list, max + 1), list)).toBe(false);
    } else {
      expect(listIsValid(withRows(type, list, 150), list)).toBe(true);
    }
  });
});

describe('rowsForType', () => {
  it('a fault gets empty rows up to 2 contacts and 1 related entity', () => {
    const rows = rowsForType({ relatedParty: [], relatedEntity: [] }, 'fault');
    expect(rows.relatedParty).toEqual([emptyParty(), emptyParty()]);
    expect(rows.relatedEntity).toEqual([emptyEntity()]);
  });

  it('keeps typed rows and adds only what is missing', () => {
    const rows = rowsForType({ relatedParty: [individualRow()], relatedEntity: [] }, 'fault');
    expect(rows.relatedParty).toEqual([individualRow(), emptyParty()]);
  });

  it('a dispute drops the trailing untouched rows, never a typed one', () => {
    const rows = rowsForType({ relatedParty: [individualRow(), emptyParty(), emptyParty()], relatedEntity: [emptyEntity()] }, 'dispute');
    expect(rows.relatedParty).toEqual([individualRow()]);
    expect(rows.relatedEntity).toEqual([]);
  });
});
