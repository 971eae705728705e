// @vitest-environment jsdom
/**
 * In a page (jsdom): the default relative base lands on the page's origin and the page's AbortSignal works; where the
 * page can yield (scheduler.yield), a burst of requests starts a task apart.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { holdRequestsUntil } from '../lib/requests-after-paint';
import { answerAll, BASE, clientFor, json, listenWithMsw, tokenOf } from '../testing/api-client';

listenWithMsw();

it('lists from /tmf-api/troubleTicket/v5 on the page origin, with a signal from the page', async () => {
  const seen = answerAll(() => json([], { headers: { 'X-Total-Count': '3' } }));
  const page = await clientFor('t', '/tmf-api/troubleTicket/v5').listTroubleTickets(
    { limit: 1, fields: ['status'], filters: { status: 'held' } },
    { signal: new AbortController().signal },
  );

  expect(seen[0]!.url).toBe(`${location.origin}/tmf-api/troubleTicket/v5/troubleTicket?limit=1&fields=status&status=held`);
  expect(seen[0]!.headers.get('Authorization')).toBe('Bearer t');
  expect(page.totalCount).toBe(3);
});

/** A client whose service answers every count with `total`, and the status of each request in the order it went out. */
function countingClient(total: number) {
  const started: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    started.push(new URL(String(input)).searchParams.get('status') ?? '');
    return new Response('[]', { headers: { 'X-Total-Count': String(total) } });
  }) as typeof globalThis.fetch;
  return { started, client: createApiClient({ baseUrl: BASE, tokenSource: tokenOf('t'), fetch }) };
}

describe('a burst of requests (a screen of counts)', () => {
  /** A scheduler whose yields resolve only when the test says: each is a task boundary the browser may use. */
  function heldScheduler() {
    const waiting: (() => void)[] = [];
    vi.stubGlobal('scheduler', { yield: () => new Promise<void>((resolve) => waiting.push(resolve)) });
    return { waiting, releaseOne: () => waiting.shift()?.() };
  }
  afterEach(() => vi.unstubAllGlobals());

  it('starts each request after yielding to the browser, one at a time as each yield ends', async () => {
    const held = heldScheduler();
    const { started, client } = countingClient(4);
    const counts = ['held', 'pending', 'resolved'].map((status) => client.countTroubleTickets({ status }));

    await vi.waitFor(() => expect(held.waiting).toHaveLength(3));
    expect(started).toEqual([]);
    held.releaseOne();
    await vi.waitFor(() => expect(started).toEqual(['held']));
    held.releaseOne();
    held.releaseOne();
    expect((await Promise.all(counts)).map((count) => count.value)).toEqual([4, 4, 4]);
    expect(started).toEqual(['held', 'pending', 'resolved']);
  });

  it('goes on at once where the browser cannot yield', async () => {
    vi.stubGlobal('scheduler', undefined);
    const fetch = (async () => new Response('[]', { headers: { 'X-Total-Count': '2' } })) as typeof globalThis.fetch;
    expect(await createApiClient({ baseUrl: BASE, tokenSource: tokenOf('t'), fetch }).countTroubleTickets({ status: 'held' })).toEqual({ value: 2, exact: true });
  });
});

describe('the first screen (src/lib/requests-after-paint)', () => {
  afterEach(() => holdRequestsUntil(Promise.resolve()));

  it('sends nothing until the first screen has been painted, then sends what waited', async () => {
    let painted!: () => void;
    holdRequestsUntil(new Promise<void>((resolve) => (painted = resolve)));
    const { started, client } = countingClient(5);
    const counts = ['held', 'pending'].map((status) => client.countTroubleTickets({ status }));

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toEqual([]);
    painted();
    expect((await Promise.all(counts)).map((count) => count.value)).toEqual([5, 5]);
    expect(started).toEqual(['held', 'pending']);
  });

  it('still sends when the paint could not be awaited (the gate settled with an error)', async () => {
    holdRequestsUntil(Promise.reject(new Error('no paint timing')));
    const fetch = (async () => new Response('[]', { headers: { 'X-Total-Count': '1' } })) as typeof globalThis.fetch;
    expect(await createApiClient({ baseUrl: BASE, tokenSource: tokenOf('t'), fetch }).countTroubleTickets({ status: 'held' })).toEqual({ value: 1, exact: true });
  });
});
