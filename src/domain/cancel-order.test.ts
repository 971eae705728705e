/** CancelProductOrderFvo and CancelProductOrder (decisions.md "Cancel product order", TMF622 v5). */
// @vitest-environment node -- pure schemas need no DOM, and jsdom costs about a second per file.
import { describe, expect, it } from 'vitest';
import { CancelProductOrder, CancelProductOrderFvo, cancelOrderStates } from './cancel-order';
import { cancelOrder, cancelOrderFvo, issuePaths, removeAt, setAt } from '../testing/fixtures';

describe('CancelProductOrderFvo (input)', () => {
  it('the full fixture parses unchanged', () => {
    expect(CancelProductOrderFvo.parse(cancelOrderFvo())).toEqual(cancelOrderFvo());
  });

  it('the smallest body parses', () => {
    const body = { '@type': 'CancelProductOrder', productOrder: { id: 'po-1', '@referredType': 'ProductOrder' } };
    expect(CancelProductOrderFvo.safeParse(body).success).toBe(true);
  });

  it.each(['@type', 'productOrder', 'productOrder.id', 'productOrder.@referredType'])('without %s is refused', (path) => {
    expect(issuePaths(CancelProductOrderFvo.safeParse(removeAt(cancelOrderFvo(), path)))).toEqual([path]);
  });

  it.each(['productOrder.href', 'cancellationReason', 'requestedCancellationDate'])('without %s still parses', (path) => {
    expect(CancelProductOrderFvo.safeParse(removeAt(cancelOrderFvo(), path)).success).toBe(true);
  });

  it.each([
    ['@type', 'CancelProductOrder', true],
    ['@type', 'CancelProductOrder_FVO', false],
    ['productOrder.@referredType', 'ProductOrder', true],
    ['productOrder.@referredType', 'Product', false],
    ['productOrder.id', 'po-1', true],
    ['productOrder.id', '', false],
    ['requestedCancellationDate', '2026-12-05T00:00:00Z', true],
    ['requestedCancellationDate', '2026-12-05T00:00:00+01:00', true],
    ['requestedCancellationDate', '2026-12-05T00:00:00', false],
    ['requestedCancellationDate', '2026-12-05', false],
    ['requestedCancellationDate', 'next week', false],
    ['cancellationReason', 42, false],
  ])('%s = %j -> valid %s', (path, value, valid) => {
    const result = CancelProductOrderFvo.safeParse(setAt(cancelOrderFvo(), path, value));
    expect(issuePaths(result)).toEqual(valid ? [] : [path]);
  });
});

describe('CancelProductOrder (resource)', () => {
  it('the full fixture parses unchanged', () => {
    const order = { ...cancelOrder(), effectiveCancellationDate: '2026-12-05T09:00:00+01:00' };
    expect(CancelProductOrder.parse(order)).toEqual(order);
  });

  it.each(['id', 'href', 'state', 'creationDate', 'productOrder.id'])('without %s is refused', (path) => {
    expect(issuePaths(CancelProductOrder.safeParse(removeAt(cancelOrder(), path)))).toEqual([path]);
  });

  it.each([...cancelOrderStates.map((s) => [s, true] as const), ['completed', false] as const])('state %s -> valid %s', (state, valid) => {
    expect(issuePaths(CancelProductOrder.safeParse({ ...cancelOrder(), state }))).toEqual(valid ? [] : ['state']);
  });

  it('the states are exactly those of decisions.md', () => {
    expect([...cancelOrderStates].sort()).toEqual(
      ['acknowledged', 'rejected', 'inProgress', 'cancelled', 'done', 'terminatedWithError'].sort(),
    );
  });

  it.each([
    ['creationDate', '2026-12-01T10:00:00', false],
    ['creationDate', '2026-12-01T11:00:00+01:00', true],
    ['effectiveCancellationDate', 'soon', false],
    ['effectiveCancellationDate', '2026-12-05T09:00:00Z', true],
  ])('%s = %s -> valid %s', (path, value, valid) => {
    const result = CancelProductOrder.safeParse({ ...cancelOrder(), [path]: value });
    expect(issuePaths(result)).toEqual(valid ? [] : [path]);
  });
});
