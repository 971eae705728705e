/** A sliding-window rate limit for creates, answered with 429 and Retry-After (decisions.md "Cancel product order"). */

/** At most this many POST /cancelProductOrder requests ... */
export const CANCEL_ORDER_RATE_LIMIT = 5;
/** ... within this many seconds; the next one gets 429 with Retry-After. Documented in docs/mock-api.md. */
export const CANCEL_ORDER_RATE_WINDOW_SECONDS = 10;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type RateLimiter = {
  /** Counts one request if there is room for it. Refused requests are not counted, so waiting always helps. */
  take(): RateDecision;
  reset(): void;
};

export function createRateLimiter(options: { limit: number; windowSeconds: number; now: () => Date }): RateLimiter {
  const windowMs = options.windowSeconds * 1000;
  let arrivals: number[] = [];
  return {
    take() {
      const now = options.now().getTime();
      arrivals = arrivals.filter((t) => t > now - windowMs);
      if (arrivals.length >= options.limit) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((arrivals[0] + windowMs - now) / 1000)) };
      }
      arrivals.push(now);
      return { allowed: true };
    },
    reset() {
      arrivals = [];
    },
  };
}
