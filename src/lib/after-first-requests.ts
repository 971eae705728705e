/**
 * Waits for a screen's first requests: work that can come later (the live connection) starts once the query cache has
 * been fetching and then is not, or after a ceiling when it never fetches or fetches for long. On a slow phone the
 * first screen's requests then have the line and the main thread to themselves (issue 18: LCP).
 */
import type { QueryClient } from '@tanstack/react-query';

/** Calls `go` once, when the first requests have settled or `atMostMs` has passed; the returned function cancels. */
export function afterFirstRequests(client: QueryClient, go: () => void, { atMostMs }: { atMostMs: number }): () => void {
  let done = false;
  let sawFetching = client.isFetching() > 0;
  const finish = () => {
    if (done) return;
    cancel();
    go();
  };
  const stop = client.getQueryCache().subscribe(() => {
    if (client.isFetching() > 0) sawFetching = true;
    else if (sawFetching) finish();
  });
  const timer = setTimeout(finish, atMostMs);
  function cancel() {
    done = true;
    stop();
    clearTimeout(timer);
  }
  return cancel;
}
