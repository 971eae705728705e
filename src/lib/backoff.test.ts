// @vitest-environment node
/** The one backoff: first delay, doubling, cap, jitter range and Retry-After, each bound on both sides. */
import { describe, expect, it } from 'vitest';
import { backoff } from './backoff';

// First delay 1 s; capped at 30 s with jitter, at 10 s without.
const jittered = backoff(1_000, 30_000, true);
const steady = backoff(1_000, 10_000, false);
// Math.random never returns 1; the largest factor it can give is just below it.
const almostOne = 1 - Number.EPSILON;

describe('backoff', () => {
  it.each([
    // policy, attempt, random, retry-after seconds, wait
    ['first delay, jitter at its low end', jittered, 1, 0, undefined, 500],
    ['first delay, jitter at its high end', jittered, 1, almostOne, undefined, 1_000],
    ['doubled once', jittered, 2, 0, undefined, 1_000],
    ['doubled once, high end', jittered, 2, almostOne, undefined, 2_000],
    ['just under the cap', jittered, 5, almostOne, undefined, 16_000],
    ['at the cap, low end', jittered, 6, 0, undefined, 15_000],
    ['at the cap, high end', jittered, 6, almostOne, undefined, 30_000],
    ['far past the cap, low end', jittered, 40, 0, undefined, 15_000],
    ['far past the cap, high end', jittered, 40, almostOne, undefined, 30_000],
    ['no jitter: the first delay whatever random says', steady, 1, 0, undefined, 1_000],
    ['no jitter: doubled', steady, 3, 0, undefined, 4_000],
    ['no jitter: capped', steady, 11, almostOne, undefined, 10_000],
    ['Retry-After longer than the backoff wins', jittered, 1, almostOne, 120, 120_000],
    ['Retry-After shorter than the backoff is not a shortcut', jittered, 6, 0, 2, 15_000],
    ['Retry-After of 0 changes nothing', steady, 2, 0, 0, 2_000],
  ] as const)('%s', (_case, policy, attempt, random, retryAfterSeconds, wait) => {
    expect(policy(attempt, () => random, retryAfterSeconds)).toBe(wait);
  });

  it('spreads jittered waits over the half range, never outside it', () => {
    const waits = Array.from({ length: 200 }, () => jittered(3));
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(2_000);
    expect(Math.max(...waits)).toBeLessThanOrEqual(4_000);
    expect(new Set(waits).size).toBeGreaterThan(1);
  });
});
