// @vitest-environment node
/**
 * Count calls: one-item page on the wire, the number from X-Total-Count, the body never read as a resource; without a
 * believable total, what arrived as a floor, never undefined (TanStack Query takes undefined for a failure, issue 28).
 */
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { reservedParams } from '../domain/list';
import { ApiError } from './errors';
import { listQueryString } from './query-string';
import { answerAll, clientFor, json, listenWithMsw } from '../testing/api-client';

listenWithMsw();

const P = '/tmf-api/troubleTicket/v5';

describe('countTroubleTickets / countCancelProductOrders', () => {
  it.each([
    ['tickets, all', (api: ReturnType<typeof clientFor>) => api.countTroubleTickets(), `${P}/troubleTicket`, '?limit=1&fields=status'],
    [
      'tickets with a status',
      (api: ReturnType<typeof clientFor>) => api.countTroubleTickets({ status: 'held' }),
      `${P}/troubleTicket`,
      '?limit=1&fields=status&status=held',
    ],
    [
      'cancellations, all',
      (api: ReturnType<typeof clientFor>) => api.countCancelProductOrders(),
      `${P}/cancelProductOrder`,
      '?limit=1&fields=state',
    ],
  ])('%s: asks for a one-item page and reads X-Total-Count', async (_name, call, path, search) => {
    const seen = answerAll(() => json([{ id: 'X-1' }], { headers: { 'X-Total-Count': '231' } }));
    await expect(call(clientFor())).resolves.toEqual({ value: 231, exact: true });
    expect(seen).toHaveLength(1);
    const url = new URL(seen[0]!.url);
    expect([seen[0]!.method, url.pathname, url.search]).toEqual(['GET', path, search]);
    expect(seen[0]!.headers.get('Authorization')).toBe('Bearer demo-token');
  });

  it.each([
    // [case, headers, body, the count]
    ['no header, an item', {}, '[{"id":"X-1"}]', { value: 1, exact: false }],
    ['not a number, an item', { 'X-Total-Count': 'many' }, '[{"id":"X-1"}]', { value: 1, exact: false }],
    ['negative, an item', { 'X-Total-Count': '-1' }, '[{"id":"X-1"}]', { value: 1, exact: false }],
    ['no header, an empty page: nothing matches', {}, '[]', { value: 0, exact: true }],
    ['no header, a body that is not JSON: unknown', {}, 'not json', { value: 0, exact: false }],
    ['not a number, an object for a body: unknown', { 'X-Total-Count': 'many' }, '{}', { value: 0, exact: false }],
  ])('%s: never undefined, never a made-up 0', async (_name, headers: Record<string, string>, body, expected) => {
    answerAll(() => new HttpResponse(body, { headers: { 'Content-Type': 'application/json', ...headers } }));
    await expect(clientFor().countTroubleTickets()).resolves.toEqual(expected);
  });

  it('does not read the body as resources: an item no schema would accept still gives the count', async () => {
    answerAll(() => new HttpResponse('[{"no-id":true}]', { headers: { 'Content-Type': 'application/json', 'X-Total-Count': '5' } }));
    await expect(clientFor().countCancelProductOrders()).resolves.toEqual({ value: 5, exact: true });
  });

  it.each([
    // [case, X-Total-Count, body, the count believed]
    ['0 with an item in the page', '0', '[{"id":"X-1"}]', { value: 1, exact: false }],
    ['0 with an empty page', '0', '[]', { value: 0, exact: true }],
    ['1 with an item in the page', '1', '[{"id":"X-1"}]', { value: 1, exact: true }],
    ['7 with a body that is not JSON', '7', 'not json', { value: 7, exact: true }],
  ])('X-Total-Count %s: %s', async (_name, total, body, expected) => {
    answerAll(() => new HttpResponse(body, { headers: { 'Content-Type': 'application/json', 'X-Total-Count': total } }));
    await expect(clientFor().countTroubleTickets()).resolves.toEqual(expected);
  });

  it('a refusal is still an ApiError with the service reason (the ErrorMessage schema loads on demand)', async () => {
    answerAll(() => json({ code: 'E503', reason: 'Maintenance until 18:00' }, { status: 503, headers: { 'Retry-After': '30' } }));
    const error = await clientFor().countTroubleTickets().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, retryAfterSeconds: 30, errorMessage: { reason: 'Maintenance until 18:00' } });
  });
});

describe('listQueryString without the domain module', () => {
  // The reserved names are kept in query-string.ts too (src/domain/list.ts loads zod); the typecheck ties the lists,
  // and this shows each name is really ignored as a filter.
  const names: (typeof reservedParams)[number][] = ['fields', 'offset', 'limit', 'sort'];
  it.each(names)('a filter named %s is ignored', (name) => {
    expect(listQueryString({ filters: { [name]: 'x', status: 'held' } })).toBe('?status=held');
  });
});
