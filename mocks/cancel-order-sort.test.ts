// @vitest-environment node
/** The mocked service sorts cancellations by what the field table says it sorts by, and refuses any other field. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CancelProductOrder } from '../src/domain/cancel-order';
import { cancelOrderFields, pathOf, valueAt, type CancelOrderFieldKey } from '../src/domain/cancel-order-fields';
import type { ErrorMessage } from '../src/domain/error';
import { createTestClient } from '../src/testing/service-client';
import { createMockServer } from './node';

const BASE = 'http://localhost/tmf-api/troubleTicket/v5';
const { server } = createMockServer({ now: () => new Date('2026-11-22T10:00:00+01:00') });
const call = createTestClient(BASE);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const sortable = (Object.keys(cancelOrderFields) as CancelOrderFieldKey[]).filter((key) => 'sort' in cancelOrderFields[key]);
/** Dates compare as instants, the rest as text; items without the value go last whatever the direction. */
const comparable = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : value);

describe('GET /cancelProductOrder?sort=', () => {
  it('sorts by every field the table gives a sort, and by none it does not', () => {
    expect(sortable.map(pathOf)).toEqual([
      'id',
      'productOrder.id',
      'state',
      'cancellationReason',
      'requestedCancellationDate',
      'effectiveCancellationDate',
      'creationDate',
    ]);
  });

  it.each(sortable.flatMap((key) => [[pathOf(key), 1] as const, [`-${pathOf(key)}`, -1] as const]))('sort=%s orders the list', async (sort, direction) => {
    const res = await call<CancelProductOrder[]>(`/cancelProductOrder?sort=${sort}&limit=100`);
    expect(res.status).toBe(200);
    const values = res.body.map((order) => comparable(valueAt(order, sort.replace(/^-/, '')))).filter((v) => v !== undefined) as (string | number)[];
    expect(values.length).toBeGreaterThan(1);
    expect(values).toEqual([...values].sort((a, b) => (a < b ? -direction : a > b ? direction : 0)));
  });

  it.each(['href', '@type', 'productOrder', 'productOrder.href', 'reason'])('sort=%s is a 400 naming sort', async (sort) => {
    const res = await call<ErrorMessage>(`/cancelProductOrder?sort=${sort}`);
    expect(res.status).toBe(400);
    expect(res.body.invalidFields?.map((field) => field.path)).toEqual(['sort']);
  });
});
