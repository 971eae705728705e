// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CancelProductOrder } from '../src/domain/cancel-order';
import type { ErrorMessage } from '../src/domain/error';
import { cancelOrderBody } from './fixtures';
import { createMockServer } from './node';
import { CANCEL_ORDER_RATE_LIMIT, CANCEL_ORDER_RATE_WINDOW_SECONDS } from './rate-limit';
import { createTestClient } from '../src/testing/service-client';

const BASE = 'http://localhost/tmf-api/troubleTicket/v5';
const START = Date.parse('2026-11-22T10:00:00+01:00');
let clock = START;
const { server, store } = createMockServer({ now: () => new Date(clock) });
const call = createTestClient(BASE);
const UTF8 = 'application/json;charset=utf-8';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  store.reset();
  clock = START;
});
afterAll(() => server.close());

const create = (body: unknown, contentType = UTF8) =>
  call<CancelProductOrder & ErrorMessage>('/cancelProductOrder', { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': contentType } });

describe('POST /cancelProductOrder', () => {
  it.each([UTF8, 'application/json', 'application/json; charset=UTF-8'])('answers 201 + Location + acknowledged to %s', async (contentType) => {
    const res = await create(cancelOrderBody(), contentType);
    expect(res.status).toBe(201);
    expect(res.headers.get('Content-Type')).toBe(UTF8);
    expect(res.body.state).toBe('acknowledged');
    expect(res.body.creationDate).toBe('2026-11-22T10:00:00+01:00');
    expect(CancelProductOrder.safeParse(res.body).success).toBe(true);
    expect(res.headers.get('Location')).toBe(res.body.href);
    const again = await call(`/cancelProductOrder/${res.body.id}`);
    expect(again.body).toEqual(res.body);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['no productOrder', { '@type': 'CancelProductOrder' }, 'productOrder', 'Product order: enter a value'],
    ['a productOrder without id', { ...cancelOrderBody(), productOrder: { '@referredType': 'ProductOrder' } }, 'productOrder.id', 'Identifier: enter a value'],
    ['a wrong @referredType', { ...cancelOrderBody(), productOrder: { id: 'PO-1', '@referredType': 'Product' } }, 'productOrder.@referredType', 'Referred type: choose one of ProductOrder'],
    ['a date without offset', { ...cancelOrderBody(), requestedCancellationDate: '2026-12-01' }, 'requestedCancellationDate', 'Requested cancellation date: enter a date and time with its time zone, like 2026-12-01T10:00:00+01:00'],
    ['a wrong @type', { ...cancelOrderBody(), '@type': 'ProductOrder' }, '@type', 'Type: choose one of CancelProductOrder'],
  ])('answers 400 to %s, naming the path', async (_name, body, path, message) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.headers.get('Content-Type')).toBe(UTF8);
    expect(res.body).toMatchObject({ '@type': 'Error', code: 'invalidBody', status: '400' });
    expect(res.body.invalidFields).toContainEqual({ path, message });
    expect(res.body.message).toContain(path);
  });

  it('answers 400 to malformed JSON and to a body that is not JSON', async () => {
    const malformed = await call<ErrorMessage>('/cancelProductOrder', { method: 'POST', body: '{', headers: { 'Content-Type': UTF8 } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('malformedJson');
    const text = await call<ErrorMessage>('/cancelProductOrder', { method: 'POST', body: 'PO-1', headers: { 'Content-Type': 'text/plain' } });
    expect(text.status).toBe(400);
    expect(text.body.code).toBe('invalidContentType');
  });

  it('answers 409 while a cancellation of the same product order is under way, 201 once it has ended', async () => {
    expect((await create(cancelOrderBody('PO-77'))).status).toBe(201);
    const second = await create(cancelOrderBody('PO-77'));
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ '@type': 'Error', code: 'cancellationUnderWay', reason: 'Conflict', status: '409' });
    expect((await create(cancelOrderBody('PO-78'))).status).toBe(201);
    store.advance(2);
    expect((await create(cancelOrderBody('PO-77'))).status).toBe(201);
  });

  it(`answers 429 with Retry-After after ${CANCEL_ORDER_RATE_LIMIT} creates within ${CANCEL_ORDER_RATE_WINDOW_SECONDS} s`, async () => {
    for (let i = 0; i < CANCEL_ORDER_RATE_LIMIT; i += 1) {
      expect((await create(cancelOrderBody(`PO-${i}`))).status).toBe(201);
      clock += 1000;
    }
    const limited = await create(cancelOrderBody('PO-extra'));
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ '@type': 'Error', code: 'tooManyRequests', reason: 'Too Many Requests', status: '429' });
    // The first create was 5 s ago: its slot frees in 5 s.
    expect(limited.headers.get('Retry-After')).toBe(String(CANCEL_ORDER_RATE_WINDOW_SECONDS - CANCEL_ORDER_RATE_LIMIT));
    expect(store.cancelOrders().some((o) => o.productOrder.id === 'PO-extra')).toBe(false);
    clock += Number(limited.headers.get('Retry-After')) * 1000;
    expect((await create(cancelOrderBody('PO-extra'))).status).toBe(201);
  });
});

describe('GET /cancelProductOrder/{id}, credentials, methods', () => {
  it('returns a seeded order, with `fields`, and 404 for an unknown id', async () => {
    const res = await call('/cancelProductOrder/CPO-000003?fields=state');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['@type', 'href', 'id', 'state']);
    const missing = await call<ErrorMessage>('/cancelProductOrder/CPO-999999');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('Content-Type')).toBe(UTF8);
    expect(missing.body).toMatchObject({ '@type': 'Error', code: 'notFound', status: '404' });
  });

  it('answers 401 without a bearer token, on every operation', async () => {
    for (const [path, method] of [['/cancelProductOrder', 'GET'], ['/cancelProductOrder/CPO-000001', 'GET'], ['/cancelProductOrder', 'POST']]) {
      const res = await call<ErrorMessage>(path, { method, anonymous: true, body: method === 'POST' ? JSON.stringify(cancelOrderBody()) : undefined, headers: { 'Content-Type': UTF8 } });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.code).toBe('unauthorized');
    }
  });

  it.each([
    ['DELETE', '/cancelProductOrder/CPO-000001', 'GET'],
    ['PUT', '/cancelProductOrder', 'GET, POST'],
  ])('answers 405 to %s %s', async (method, path, allow) => {
    const res = await call<ErrorMessage>(path, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe(allow);
    expect(res.body.code).toBe('methodNotAllowed');
  });
});
