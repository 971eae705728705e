// @vitest-environment node
/** The client puts each operation on the wire as interface.md 4.1/4.2 says and reads 201/202 and list headers. */
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FaultTicket } from '../domain/ticket';
import { readTroubleTicket } from '../domain/ticket-reader';
import { CancelProductOrder } from '../domain/cancel-order';
import { createApiClient, type ApiClient } from './client';
import { ApiError, isUnauthorized } from './errors';
import { send } from './http';
import {
  BASE,
  ORIGIN,
  answerAll,
  cancelProductOrder,
  cancelProductOrderFvo,
  clientFor,
  faultTicket,
  faultTicketFvo,
  json,
  tokenOf,
  listenWithMsw,
} from '../testing/api-client';

listenWithMsw();
afterEach(() => vi.unstubAllGlobals());

it('uses fixtures that the domain schemas accept', () => {
  expect(FaultTicket.safeParse(faultTicket).success).toBe(true);
  expect(CancelProductOrder.safeParse(cancelProductOrder).success).toBe(true);
});

type Case = {
  name: string;
  call: (api: ApiClient) => Promise<unknown>;
  answer: () => Response;
  method: string;
  path: string;
  search: string;
  contentType: string | null;
  body?: unknown;
};

const P = '/tmf-api/troubleTicket/v5';
const cases: Case[] = [
  {
    name: 'createTroubleTicket',
    call: (api) => api.createTroubleTicket(faultTicketFvo, { fields: ['id', 'status'] }),
    answer: () => json(faultTicket, { status: 201 }),
    method: 'POST',
    path: `${P}/troubleTicket`,
    search: '?fields=id,status',
    contentType: 'application/json',
    body: faultTicketFvo,
  },
  {
    name: 'listTroubleTickets',
    call: (api) =>
      api.listTroubleTickets({
        offset: 40,
        limit: 20,
        fields: ['status', 'creationDate'],
        sort: '-creationDate',
        filters: { status: ['pending', 'held'], ticketType: 'fault', categoryId: undefined, billingItem: [] },
      }),
    answer: () => json([faultTicket]),
    method: 'GET',
    path: `${P}/troubleTicket`,
    search: '?offset=40&limit=20&fields=status,creationDate&sort=-creationDate&status=pending,held&ticketType=fault',
    contentType: null,
  },
  {
    name: 'listTroubleTickets without a query',
    call: (api) => api.listTroubleTickets(),
    answer: () => json([]),
    method: 'GET',
    path: `${P}/troubleTicket`,
    search: '',
    contentType: null,
  },
  {
    name: 'retrieveTroubleTicket (id URL-encoded)',
    call: (api) => api.retrieveTroubleTicket('TT 1/2?x#y', { fields: ['status'] }),
    answer: () => json(faultTicket),
    method: 'GET',
    path: `${P}/troubleTicket/TT%201%2F2%3Fx%23y`,
    search: '?fields=status',
    contentType: null,
  },
  {
    name: 'createCancelProductOrder',
    call: (api) => api.createCancelProductOrder(cancelProductOrderFvo),
    answer: () => json(cancelProductOrder, { status: 201 }),
    method: 'POST',
    path: `${P}/cancelProductOrder`,
    search: '',
    contentType: 'application/json;charset=utf-8',
    body: cancelProductOrderFvo,
  },
  {
    name: 'listCancelProductOrders',
    call: (api) => api.listCancelProductOrders({ limit: 5, filters: { state: 'inProgress' } }),
    answer: () => json([cancelProductOrder]),
    method: 'GET',
    path: `${P}/cancelProductOrder`,
    search: '?limit=5&state=inProgress',
    contentType: null,
  },
  {
    name: 'retrieveCancelProductOrder',
    call: (api) => api.retrieveCancelProductOrder('CPO-1'),
    answer: () => json(cancelProductOrder),
    method: 'GET',
    path: `${P}/cancelProductOrder/CPO-1`,
    search: '',
    contentType: null,
  },
];

describe.each(cases)('$name', ({ call, answer, method, path, search, contentType, body }) => {
  it('sends method, path, query and headers as the interface says', async () => {
    const seen = answerAll(answer);
    await call(clientFor('demo-token'));

    expect(seen).toHaveLength(1);
    const request = seen[0]!;
    const url = new URL(request.url);
    expect(request.method).toBe(method);
    expect(url.origin).toBe(ORIGIN);
    expect(url.pathname).toBe(path);
    expect(url.search).toBe(search);
    expect(request.headers.get('Accept')).toBe('application/json');
    expect(request.headers.get('Authorization')).toBe('Bearer demo-token');
    expect(request.headers.get('Content-Type')).toBe(contentType);
    if (body !== undefined) expect(await request.json()).toEqual(body);
  });

  it('sends no Authorization header when there is no token, and the 401 becomes ApiError 401', async () => {
    const seen = answerAll(({ request }) =>
      request.headers.has('Authorization')
        ? answer()
        : json({ '@type': 'Error', code: 'unauthorized', reason: 'Bearer token required' }, { status: 401 }),
    );
    const error = await call(clientFor(null)).catch((e: unknown) => e);

    expect(seen[0]!.headers.has('Authorization')).toBe(false);
    expect(error).toBeInstanceOf(ApiError);
    expect(isUnauthorized(error)).toBe(true);
    expect((error as ApiError).errorMessage?.reason).toBe('Bearer token required');
  });
});

describe('the bearer token stays with the service', () => {
  it('is sent to the base URL origin and never to another origin', async () => {
    const seen = answerAll(() => json({}));
    const getAccessToken = vi.fn(() => Promise.resolve('secret'));
    const endpoint = { baseUrl: new URL(BASE), tokenSource: { getAccessToken }, fetch: globalThis.fetch };

    await send(endpoint, { method: 'GET', url: new URL(`${BASE}/troubleTicket`) });
    await send(endpoint, { method: 'GET', url: new URL('https://elsewhere.example.test/troubleTicket') });
    await send(endpoint, { method: 'GET', url: new URL('http://api.example.test/tmf-api/troubleTicket/v5/troubleTicket') });

    expect(seen.map((r) => [new URL(r.url).origin, r.headers.get('Authorization')])).toEqual([
      [ORIGIN, 'Bearer secret'],
      ['https://elsewhere.example.test', null],
      ['http://api.example.test', null],
    ]);
    expect(getAccessToken).toHaveBeenCalledTimes(1);
  });

  it.each(['//evil.example.test/x', 'https://evil.example.test/', '@evil.example.test', '../../x', '%2e%2e/x'])(
    'keeps the id %j inside the base path of the service',
    async (id) => {
      const seen = answerAll(() => json({ ...faultTicket, id }));
      await clientFor('secret').retrieveTroubleTicket(id);

      const url = new URL(seen[0]!.url);
      expect(url.origin).toBe(ORIGIN);
      expect(url.pathname).toBe(`${P}/troubleTicket/${encodeURIComponent(id)}`);
    },
  );

  it.each(['', '.', '..', '%2E%2e'])('refuses the id %j, which URL parsing would resolve away', async (id) => {
    const seen = answerAll(() => json(faultTicket));
    await expect(clientFor().retrieveTroubleTicket(id)).rejects.toThrow(RangeError);
    expect(seen).toHaveLength(0);
  });
});

describe('base URL', () => {
  it('resolves a relative base against the page origin', async () => {
    vi.stubGlobal('location', { origin: 'http://127.0.0.1:5173' });
    const seen = answerAll(() => json([]));
    await clientFor('t', '/tmf-api/troubleTicket/v5/').listTroubleTickets({ limit: 1 });

    expect(seen[0]!.url).toBe('http://127.0.0.1:5173/tmf-api/troubleTicket/v5/troubleTicket?limit=1');
    expect(seen[0]!.headers.get('Authorization')).toBe('Bearer t');
  });

  it('requires an absolute base when there is no page origin', () => {
    expect(() => createApiClient({ baseUrl: '/tmf-api/troubleTicket/v5', tokenSource: tokenOf('t') })).toThrow(
      /must be absolute/,
    );
  });
});

describe('create results', () => {
  it('201: the created ticket and its Location', async () => {
    answerAll(() => json(faultTicket, { status: 201, headers: { Location: `${P}/troubleTicket/TT-1` } }));
    const result = await clientFor().createTroubleTicket(faultTicketFvo);

    expect(result).toEqual({ status: 201, resource: readTroubleTicket(faultTicket), location: `${P}/troubleTicket/TT-1` });
  });

  it('201 without Location: location is null', async () => {
    answerAll(() => json(cancelProductOrder, { status: 201 }));
    const result = await clientFor().createCancelProductOrder(cancelProductOrderFvo);

    expect(result).toEqual({ status: 201, resource: cancelProductOrder, location: null });
  });

  it.each([
    ['no body', () => new HttpResponse(null, { status: 202 })],
    ['an empty body', () => new HttpResponse('', { status: 202, headers: { 'Content-Type': 'application/json' } })],
  ])('202 with %s: accepted, not an error', async (_, answer) => {
    answerAll(answer);
    await expect(clientFor().createTroubleTicket(faultTicketFvo)).resolves.toEqual({ status: 202 });
    await expect(clientFor().createCancelProductOrder(cancelProductOrderFvo)).resolves.toEqual({ status: 202 });
  });
});

describe('list pages', () => {
  const three = [faultTicket, { ...faultTicket, id: 'TT-2' }, { ...faultTicket, id: 'TT-3' }];

  it.each<{ headers: Record<string, string>; totalCount: number | undefined; resultCount: number }>([
    { headers: { 'X-Total-Count': '57', 'X-Result-Count': '3' }, totalCount: 57, resultCount: 3 },
    { headers: {}, totalCount: undefined, resultCount: 3 },
    { headers: { 'X-Total-Count': 'many', 'X-Result-Count': '-1' }, totalCount: undefined, resultCount: 3 },
    { headers: { 'X-Total-Count': '0', 'X-Result-Count': '0' }, totalCount: 0, resultCount: 0 },
    // Counts that lie: a total below what this page shows is not believed (docs/decisions/0027).
    { headers: { 'X-Total-Count': '0', 'X-Result-Count': '3' }, totalCount: undefined, resultCount: 3 },
    { headers: { 'X-Total-Count': '2' }, totalCount: undefined, resultCount: 3 },
    { headers: { 'X-Total-Count': '3', 'X-Result-Count': '0' }, totalCount: 3, resultCount: 3 },
  ])('headers $headers -> totalCount $totalCount, resultCount $resultCount', async ({ headers, totalCount, resultCount }) => {
    answerAll(() => json(resultCount === 0 ? [] : three, { headers }));
    const page = await clientFor().listTroubleTickets();

    expect(page.items.map((t) => t.id)).toEqual(resultCount === 0 ? [] : ['TT-1', 'TT-2', 'TT-3']);
    expect(page.totalCount).toBe(totalCount);
    expect(page.resultCount).toBe(resultCount);
  });

  it.each([
    [40, '43', 43],
    [40, '1000', 1000],
    [40, '42', undefined],
  ])('three rows at offset %i with X-Total-Count %s: the total is %s', async (offset, total, expected) => {
    answerAll(() => json(three, { headers: { 'X-Total-Count': total } }));
    expect((await clientFor().listTroubleTickets({ offset, limit: 20 })).totalCount).toBe(expected);
  });

  it.each([
    [{}, 0, 20],
    [{ offset: 40, limit: 10 }, 40, 10],
    [{ limit: 500 }, 0, 100],
  ])('query %j reports offset %i and limit %i', async (query, offset, limit) => {
    answerAll(() => json([]));
    const page = await clientFor().listCancelProductOrders(query);

    expect([page.offset, page.limit]).toEqual([offset, limit]);
  });
});
