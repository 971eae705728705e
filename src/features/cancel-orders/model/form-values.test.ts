// @vitest-environment node
/** The body built from the form's values, and the domain schema's verdict on it, bound by bound. */
import { describe, expect, it } from 'vitest';
import { BodyFromValues, emptyValues, isCancelOrderFieldName, toBody, type CancelOrderValues } from './form-values';

const values = (patch: Partial<CancelOrderValues> & { id?: string }): CancelOrderValues => ({
  ...emptyValues(patch.id ?? 'PO-1'),
  ...(patch.cancellationReason === undefined ? {} : { cancellationReason: patch.cancellationReason }),
  ...(patch.requestedCancellationDate === undefined ? {} : { requestedCancellationDate: patch.requestedCancellationDate }),
});

describe('toBody', () => {
  it('adds the constant types and leaves out empty optional answers', () => {
    expect(toBody(values({}))).toEqual({ '@type': 'CancelProductOrder', productOrder: { id: 'PO-1', '@referredType': 'ProductOrder' } });
  });

  it('trims the id and the reason, keeps the date as typed', () => {
    expect(toBody(values({ id: ' PO-1\t', cancellationReason: '  why  ', requestedCancellationDate: '2026-12-01T10:00:00+01:00' }))).toEqual({
      '@type': 'CancelProductOrder',
      productOrder: { id: 'PO-1', '@referredType': 'ProductOrder' },
      cancellationReason: 'why',
      requestedCancellationDate: '2026-12-01T10:00:00+01:00',
    });
  });
});

describe('BodyFromValues (the domain schema on toBody)', () => {
  it.each<[string, Partial<CancelOrderValues> & { id?: string }, string | null]>([
    ['an empty id', { id: '' }, 'productOrder.id'],
    ['an id of spaces', { id: '  ' }, 'productOrder.id'],
    ['a one-character id', { id: 'P' }, null],
    ['a long id (no upper bound in the interface)', { id: 'P'.repeat(500) }, null],
    ['a date with Z', { requestedCancellationDate: '2026-12-01T09:00:00Z' }, null],
    ['a date with an offset', { requestedCancellationDate: '2026-12-01T10:00:00+01:00' }, null],
    ['a date without offset', { requestedCancellationDate: '2026-12-01T10:00:00' }, 'requestedCancellationDate'],
    ['a day only', { requestedCancellationDate: '2026-12-01' }, 'requestedCancellationDate'],
    ['a date of spaces (left out)', { requestedCancellationDate: '   ' }, null],
    ['any reason', { cancellationReason: 'Doppelt erfasst 👍' }, null],
  ])('%s', (_name, patch, failingPath) => {
    const result = BodyFromValues.safeParse(values(patch));
    if (failingPath === null) expect(result.success).toBe(true);
    else expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([failingPath]);
  });

  it('names only the form\'s own fields as fields', () => {
    expect(['productOrder.id', 'cancellationReason', 'requestedCancellationDate'].every(isCancelOrderFieldName)).toBe(true);
    expect(['@type', 'productOrder.@referredType', 'productOrder', ''].some(isCancelOrderFieldName)).toBe(false);
  });
});
