/** The TanStack Query client: never retry what the service refused (4xx), retry outages (5xx, network) twice. */
import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isRetryable } from '../api/errors';

const maxRetries = 2;

/** What the API client calls retryable (an outage: 5xx but 501, a dropped connection) is tried again up to twice. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < maxRetries && isRetryable(error);
}

/** 1 s, 2 s, 4 s … capped at 10 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 10_000);
}

export function createQueryClient(overrides: DefaultOptions['queries'] = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        // Tickets change minutes apart, not seconds: 30 s avoids refetching on every screen change.
        staleTime: 30_000,
        ...overrides,
      },
      mutations: {
        // A create is not idempotent: never send it twice behind the person's back.
        retry: false,
      },
    },
  });
}
