/** The app's one backoff: how long to wait before trying again (queries, the event stream, the outbox). */

/** The wait doubles from `firstMs` up to `capMs`; `jitter` scales it by a random factor in [0.5, 1]. */
export type BackoffPolicy = { firstMs: number; capMs: number; jitter: boolean };

export type BackoffOptions = {
  /** A number in [0, 1); the jitter's source (tests pass their own). */
  random?: () => number;
  /** The service's Retry-After: never try sooner than it asked. */
  retryAfterSeconds?: number;
};

/**
 * The wait before retry `attempt` (1 = the first retry): min(cap, first · 2^(attempt−1)), jittered if the policy says
 * so (many browsers coming back at once then spread out), and never shorter than Retry-After.
 */
export function backoffDelay(policy: BackoffPolicy, attempt: number, { random = Math.random, retryAfterSeconds }: BackoffOptions = {}): number {
  const base = Math.min(policy.capMs, policy.firstMs * 2 ** Math.max(0, attempt - 1));
  const wait = policy.jitter ? Math.round(base * (0.5 + random() / 2)) : base;
  return Math.max(wait, (retryAfterSeconds ?? 0) * 1000);
}
