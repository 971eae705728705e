/** The app's one backoff: how long to wait before trying again (queries, the event stream, the outbox). */

/** The wait doubles from `firstMs` up to `capMs`; `jitter` scales it by a random factor in [0.5, 1]. */
export type BackoffPolicy = { firstMs: number; capMs: number; jitter: boolean };

/**
 * The waits of one policy. Before retry `attempt` (1 = the first retry): min(cap, first · 2^(attempt−1)), jittered if
 * the policy says so (many browsers coming back at once then spread out), and never shorter than the service's
 * Retry-After. `random` gives a number in [0, 1) (tests pass their own). On the first screen: kept small.
 */
export const backoff =
  ({ firstMs, capMs, jitter }: BackoffPolicy) =>
  (attempt: number, random: () => number = Math.random, retryAfterSeconds = 0): number =>
    Math.max(Math.round(Math.min(capMs, firstMs * 2 ** (attempt - 1)) * (jitter ? 0.5 + random() / 2 : 1)), retryAfterSeconds * 1000);
