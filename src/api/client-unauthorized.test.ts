// @vitest-environment node
/** The 401 hook: one renewal and one retry with the new token, never a third attempt, never for another origin. */
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { ApiError } from './errors';
import { send } from './http';
import { BASE, ORIGIN, answerAll, faultTicket, faultTicketFvo, json, listenWithMsw, server } from '../testing/api-client';
import type { TokenSource } from './token-source';

listenWithMsw();

const unauthorized = () =>
  HttpResponse.json({ '@type': 'Error', code: 'unauthorized', reason: 'Unauthorized', status: '401' }, { status: 401 });

/** A token source whose token changes when the hook "renews". */
function renewable(first = 'old-token', next = 'new-token') {
  let token = first;
  const tokenSource: TokenSource = { getAccessToken: () => Promise.resolve(token) };
  const renew = () => {
    token = next;
  };
  return { tokenSource, renew };
}

const bearerOf = (requests: Request[]) => requests.map((r) => r.headers.get('Authorization'));

describe('a 401 from the service', () => {
  it('renews once and sends the request again with the new token', async () => {
    const { tokenSource, renew } = renewable();
    const onUnauthorized = vi.fn(async () => {
      renew();
      return true;
    });
    const seen = answerAll(({ request }) =>
      request.headers.get('Authorization') === 'Bearer new-token' ? json([faultTicket], { headers: { 'X-Total-Count': '1' } }) : unauthorized(),
    );
    const client = createApiClient({ baseUrl: BASE, tokenSource, onUnauthorized });

    const page = await client.listTroubleTickets({ limit: 1 });

    expect(page.items.map((t) => t.id)).toEqual(['TT-1']);
    expect(bearerOf(seen)).toEqual(['Bearer old-token', 'Bearer new-token']);
    expect(onUnauthorized.mock.calls).toEqual([[{ retried: false }]]);
  });

  it('retries a create with the same body (a 401 means nothing was created)', async () => {
    const { tokenSource, renew } = renewable();
    const bodies: unknown[] = [];
    server.use(
      http.post(`${BASE}/troubleTicket`, async ({ request }) => {
        bodies.push(await request.json());
        return request.headers.get('Authorization') === 'Bearer new-token' ? json(faultTicket, { status: 201 }) : unauthorized();
      }),
    );
    const client = createApiClient({ baseUrl: BASE, tokenSource, onUnauthorized: async () => (renew(), true) });

    const result = await client.createTroubleTicket(faultTicketFvo);

    expect(result.status).toBe(201);
    expect(bodies).toEqual([faultTicketFvo, faultTicketFvo]);
  });

  it('after a second 401 tells the hook (retried) and fails with the 401: no third attempt', async () => {
    const { tokenSource, renew } = renewable();
    const onUnauthorized = vi.fn(async () => (renew(), true));
    const seen = answerAll(() => unauthorized());
    const client = createApiClient({ baseUrl: BASE, tokenSource, onUnauthorized });

    const failure = await client.retrieveTroubleTicket('TT-1').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect(seen).toHaveLength(2);
    expect(onUnauthorized.mock.calls).toEqual([[{ retried: false }], [{ retried: true }]]);
  });

  it('is not retried when the renewal fails', async () => {
    const onUnauthorized = vi.fn(async () => false);
    const seen = answerAll(() => unauthorized());
    const client = createApiClient({ baseUrl: BASE, tokenSource: renewable().tokenSource, onUnauthorized });

    await expect(client.listCancelProductOrders()).rejects.toMatchObject({ status: 401 });
    expect(seen).toHaveLength(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it.each([403, 404, 500])('does not call the hook for %i', async (status) => {
    const onUnauthorized = vi.fn(async () => true);
    const seen = answerAll(() => HttpResponse.json({ '@type': 'Error', code: 'x', reason: 'x' }, { status }));
    const client = createApiClient({ baseUrl: BASE, tokenSource: renewable().tokenSource, onUnauthorized });

    await expect(client.retrieveTroubleTicket('TT-1')).rejects.toMatchObject({ status });
    expect(seen).toHaveLength(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('without a hook is a plain 401 error, as before', async () => {
    const seen = answerAll(() => unauthorized());
    const client = createApiClient({ baseUrl: BASE, tokenSource: renewable().tokenSource });
    await expect(client.listTroubleTickets()).rejects.toMatchObject({ status: 401 });
    expect(seen).toHaveLength(1);
  });

  it('is never called for another origin: a 401 there neither renews nor carries a token', async () => {
    const onUnauthorized = vi.fn(async () => true);
    const seen = answerAll(() => unauthorized());
    const getAccessToken = vi.fn(() => Promise.resolve('secret'));
    const endpoint = { baseUrl: new URL(BASE), tokenSource: { getAccessToken }, fetch: globalThis.fetch, onUnauthorized };

    await expect(send(endpoint, { method: 'GET', url: new URL('https://elsewhere.example.test/troubleTicket') })).rejects.toMatchObject({
      status: 401,
    });

    expect(seen.map((r) => [new URL(r.url).origin, r.headers.get('Authorization')])).toEqual([['https://elsewhere.example.test', null]]);
    expect(getAccessToken).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(new URL(BASE).origin).toBe(ORIGIN);
  });
});
