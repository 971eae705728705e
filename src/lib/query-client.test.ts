/** Retry policy: a refusal (4xx) is shown at once; an outage (5xx, network) is tried twice more. */
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, ResponseFormatError } from '../api/errors';
import { retryDelay, shouldRetry } from './query-client';

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
    expect([0, 1, 2, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 10_000]);
  });
});
