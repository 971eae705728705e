/** Retry policy (a refusal (4xx) is shown at once; an outage is tried twice more) and the toast on a failed refresh. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeError } from './describe-error';
import { ApiError, NetworkError, ResponseFormatError } from './errors';
import { i18n } from '../lib/i18n';
import { addSection } from '../lib/i18n/sections';
import { detailDe } from '../lib/i18n/sections/detail.de';
import { detailEn } from '../lib/i18n/sections/detail.en';
import { createQueryClient, refreshFailureMeta, retryDelay, shouldRetry } from './query-client';
import { clearToasts, getToasts } from '../lib/toasts';

const api = (status: number) => new ApiError({ status });

describe('shouldRetry', () => {
  it.each([
    ['400', api(400), 0, false],
    ['401', api(401), 0, false],
    ['403', api(403), 0, false],
    ['404', api(404), 0, false],
    ['409', api(409), 0, false],
    ['429', api(429), 0, false],
    ['500, first failure', api(500), 0, true],
    ['501 (not implemented will not change)', api(501), 0, false],
    ['503, second failure', api(503), 1, true],
    // A 503 says "not now" (a restart, the desk's store away): asked again longer; bound on both sides.
    ['503, fifth failure', api(503), 4, true],
    ['503, sixth failure', api(503), 5, false],
    ['502, second failure', api(502), 1, true],
    ['502, third failure', api(502), 2, false],
    ['500, third failure', api(500), 2, false],
    ['network, first failure', new NetworkError('offline'), 0, true],
    ['network, third failure', new NetworkError('offline'), 2, false],
    ['malformed body', new ResponseFormatError('not JSON', 200), 0, false],
    ['a bug', new TypeError('x is undefined'), 0, false],
  ] as const)('%s -> %s', (_case, error, failureCount, expected) => {
    expect(shouldRetry(failureCount, error)).toBe(expected);
  });
});

describe('retryDelay', () => {
  it('backs off and is capped', () => {
    expect([0, 1, 2, 10].map((n) => retryDelay(n))).toEqual([1000, 2000, 4000, 10_000]);
  });

  it.each([
    ['no Retry-After', undefined, [1000, 2000, 4000, 8000, 10_000]],
    ['Retry-After 5 (a desk instance restarting, its store away)', 5, [5000, 5000, 5000, 8000, 10_000]],
    ['Retry-After 30, the longest waited for by itself', 30, [30_000, 30_000, 30_000, 30_000, 30_000]],
    ['Retry-After 31, waited 30', 31, [30_000, 30_000, 30_000, 30_000, 30_000]],
  ])('waits at least what a 503 says: %s', (_case, retryAfterSeconds, waits) => {
    const error = new ApiError({ status: 503, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) });
    expect([0, 1, 2, 3, 4].map((n) => retryDelay(n, error))).toEqual(waits);
  });
});

describe('a query answered 503 with Retry-After', () => {
  it('is asked again by itself, without the agent, and shows its data once the answer comes', async () => {
    vi.useFakeTimers();
    try {
      const client = createQueryClient();
      const answers: (() => Promise<string>)[] = [
        () => Promise.reject(new ApiError({ status: 503, retryAfterSeconds: 5 })),
        () => Promise.reject(new ApiError({ status: 503, retryAfterSeconds: 5 })),
        () => Promise.resolve('tickets'),
      ];
      let asked = 0;
      const result = client.fetchQuery({ queryKey: ['outage'], queryFn: () => (answers[asked++] as () => Promise<string>)() });
      await vi.advanceTimersByTimeAsync(4_999);
      expect(asked).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(asked).toBe(2);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(await result).toBe('tickets');
      expect(asked).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the words of a 503', () => {
  it.each([
    [503, 'Briefly unavailable (HTTP 503), for example during an update. Try again in a moment; nothing you typed is lost.'],
    [502, 'The service had a problem (HTTP 502). Try again in a moment.'],
    [504, 'The service had a problem (HTTP 504). Try again in a moment.'],
  ])('HTTP %s: %s', (status, words) => {
    expect(describeError(new ApiError({ status }), i18n.t).message).toBe(words);
  });
});

describe('a failed background refresh', () => {
  const words = () => getToasts().map((toast) => toast.words(i18n.t));
  const failing = (error: unknown) => () => Promise.reject(error);

  afterEach(() => clearToasts());

  it('on a query that shows data, leaves the data and pushes one error toast saying what and why', async () => {
    const client = createQueryClient({ retry: false });
    client.setQueryData(['thing'], 'old');
    const failure = new ApiError({ status: 503, errorMessage: { code: 'DOWN', reason: 'Maintenance' } });
    await client.fetchQuery({ queryKey: ['thing'], queryFn: failing(failure), staleTime: 0 }).catch(() => undefined);

    expect(client.getQueryData(['thing'])).toBe('old');
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]?.tone).toBe('error');
    expect(words()).toEqual([
      {
        title: 'Some data on this page could not be refreshed.',
        lines: [
          'Briefly unavailable (HTTP 503), for example during an update. Try again in a moment; nothing you typed is lost.',
          'The service said: Maintenance',
          'The page still shows what was loaded before.',
        ],
      },
    ]);
  });

  it('is named by the query when its meta says how, in the active language', async () => {
    addSection('detail', detailEn, detailDe);
    const client = createQueryClient({ retry: false });
    client.setQueryData(['thing', 7], 'old');
    const meta = refreshFailureMeta('detail.refreshFailed', { id: '7' });
    await client
      .fetchQuery({ queryKey: ['thing', 7], queryFn: failing(new NetworkError('offline')), staleTime: 0, meta })
      .catch(() => undefined);

    expect(words()[0]?.title).toBe('Ticket 7 could not be refreshed.');
    expect(words()[0]?.lines?.[0]).toBe('The service could not be reached. Check your connection and try again.');
    await i18n.changeLanguage('de');
    try {
      expect(words()[0]?.title).toBe('Ticket 7 konnte nicht aktualisiert werden.');
      expect(words()[0]?.lines?.at(-1)).toBe('Die Seite zeigt weiter den zuletzt geladenen Stand.');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('does not toast a first load (it has no data; its screen shows the error with Retry)', async () => {
    const client = createQueryClient({ retry: false });
    await client.fetchQuery({ queryKey: ['new'], queryFn: failing(api(500)) }).catch(() => undefined);
    expect(getToasts()).toEqual([]);
  });

  it('keeps one toast per query however often it fails, and removes it when a later refresh works', async () => {
    const client = createQueryClient({ retry: false });
    client.setQueryData(['a'], 'a');
    client.setQueryData(['b'], 'b');
    for (const key of ['a', 'a', 'b']) {
      await client.fetchQuery({ queryKey: [key], queryFn: failing(api(500)), staleTime: 0 }).catch(() => undefined);
    }
    expect(getToasts()).toHaveLength(2);

    await client.fetchQuery({ queryKey: ['a'], queryFn: () => Promise.resolve('fresh'), staleTime: 0 });
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]?.key).toBe(client.getQueryCache().find({ queryKey: ['b'] })?.queryHash);
  });

  it('says nothing about an aborted request (a cancelled refresh is no failure to report)', async () => {
    const client = createQueryClient({ retry: false });
    client.setQueryData(['slow'], 'old');
    const aborted = new DOMException('The operation was aborted.', 'AbortError');
    await client.fetchQuery({ queryKey: ['slow'], queryFn: failing(aborted), staleTime: 0 }).catch(() => undefined);
    expect(getToasts()).toEqual([]);
  });
});
