/** The app's one backoff: how long to wait before trying again (queries, the event stream, the outbox). */

/**
 * The waits of one policy: they double from `firstMs` up to `capMs`. Before retry `attempt` (1 = the first retry):
 * min(cap, first · 2^(attempt−1)), scaled by a random factor in [0.5, 1] when `jitter` is on (many browsers coming
 * back at once then spread out), and never shorter than the service's Retry-After. `random` gives a number in [0, 1)
 * (tests pass their own). Plain arguments rather than an options object: the query client's use is on the first screen.
 */
export const backoff =
  (firstMs: number, capMs: number, jitter: boolean) =>
  (attempt: number, random: () => number = Math.random, retryAfterSeconds = 0): number =>
    Math.max(Math.round(Math.min(capMs, firstMs * 2 ** (attempt - 1)) * (jitter ? 0.5 + random() / 2 : 1)), retryAfterSeconds * 1000);
