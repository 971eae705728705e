/**
 * Waits for a screen's first requests: work that can come later (the live connection) starts once the query cache has
 * been fetching and then has stayed still for a while, or after a ceiling when it never fetches or fetches for long. On
 * a slow phone the first screen's requests, and the painting of what they answer, then have the line and the main
 * thread to themselves (decision 0057: LCP; decision 0052: the first screen's budget).
 */
import type { QueryClient } from '@tanstack/react-query';

type Options = {
  /** The latest start, from the call, whatever the cache does. */
  atMostMs: number;
  /**
   * How long the cache must stay still after its first requests settled. The cache settles as the answers arrive,
   * before React has shown them: a start at that moment would fetch its code beside the painting of the counts.
   */
  quietMs?: number;
};

/** Calls `go` once, when the first requests have settled (and stayed so for `quietMs`) or `atMostMs` has passed; the returned function cancels. */
export function afterFirstRequests(client: QueryClient, go: () => void, { atMostMs, quietMs = 0 }: Options): () => void {
  let done = false;
  let sawFetching = client.isFetching() > 0;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  const finish = () => {
    if (done) return;
    cancel();
    go();
  };
  const stop = client.getQueryCache().subscribe(() => {
    clearTimeout(quiet);
    quiet = undefined;
    if (client.isFetching() > 0) sawFetching = true;
    else if (sawFetching) {
      if (quietMs > 0) quiet = setTimeout(finish, quietMs);
      else finish();
    }
  });
  const timer = setTimeout(finish, atMostMs);
  function cancel() {
    done = true;
    stop();
    clearTimeout(timer);
    clearTimeout(quiet);
  }
  return cancel;
}
