/** The TanStack Query client: never retry what the service refused (4xx), retry outages (5xx, network) twice. */
import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError, NetworkError } from '../api/errors';

const maxRetries = 2;

/**
 * A 4xx will not change by asking again (and retrying a 401/403/404/429 only adds load), so it is shown at once.
 * A 5xx or a dropped connection often passes, so it is tried again up to twice before the person sees it.
 * Anything else (a body that is not what the interface says, a bug) is not retried either.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= maxRetries) return false;
  if (error instanceof ApiError) return error.status >= 500;
  return error instanceof NetworkError;
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
