/** The TanStack Query client: never retry what the service refused (4xx), retry outages (5xx, network) twice. */
import {
  focusManager,
  isCancelledError,
  onlineManager,
  QueryCache,
  QueryClient,
  type DefaultOptions,
  type InvalidateQueryFilters,
  type Query,
} from '@tanstack/react-query';
import { isApiError, isRetryable, isUnavailable } from './errors';
import { describeError } from './describe-error';
import { toastEn } from '../lib/i18n/sections/toast.en';
import { addSectionGermanLater } from '../lib/i18n/sections';
import type { MessageKey } from '../lib/i18n/keys';
import { dismissToastByKey, pushToast } from '../lib/toasts';
import { backoff } from '../lib/backoff';

// On the first screen: German only when used (decision 0039).
addSectionGermanLater('toast', toastEn, async () => (await import('../lib/i18n/sections/toast.de')).toastDe);

const maxRetries = 2;
/** A 503 says "not now" (an instance restarting, the desk's store away): asked again for about half a minute. */
const maxUnavailableRetries = 5;
/** The longest Retry-After a query waits for by itself; a longer one is the error panel's Retry button's. */
const maxRetryAfterSeconds = 30;

/**
 * What the API client calls retryable (an outage: 5xx but 501, a dropped connection) is tried again up to twice; a 503
 * up to five times, so a restart or a short Redis outage passes without the agent doing anything.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isUnavailable(error)) return failureCount < maxUnavailableRetries;
  return failureCount < maxRetries && isRetryable(error);
}

/**
 * The wait after failure `failureCount` (TanStack counts from 0): 1 s, 2 s, 4 s … capped at 10 s, no jitter (a person
 * waits on it), and never shorter than the Retry-After the answer gave (up to 30 s).
 */
export const retryDelay = (failureCount: number, error?: unknown): number => {
  const retryAfter = isApiError(error) ? Math.min(error.retryAfterSeconds ?? 0, maxRetryAfterSeconds) : 0;
  return backoff(1_000, 10_000, false)(failureCount + 1, Math.random, retryAfter);
};

/** How a query names itself in the notice when its background refresh fails: a catalogue key and its values. */
/** The key is typed where the meta is made (`refreshFailureMeta`); a key whose words are not loaded falls back. */
export type RefreshFailureMeta = { key: MessageKey; values?: Record<string, string> };

/**
 * `meta` for a query, e.g. `useQuery({ ...ticketQueries.detail(api, id), meta: refreshFailureMeta('detail.refreshFailed',
 * { id }) })`: the toast then says "Ticket TT-1 could not be refreshed" instead of the general words.
 */
export function refreshFailureMeta(key: MessageKey, values?: Record<string, string>): { refreshFailure: RefreshFailureMeta } {
  return { refreshFailure: { key, values } };
}

/** Read defensively: meta is open to every feature, and a malformed entry must not break the notice. */
function readRefreshFailure(query: Query<unknown, unknown, unknown>): RefreshFailureMeta | undefined {
  const entry = query.meta?.refreshFailure as Partial<RefreshFailureMeta> | undefined;
  return typeof entry?.key === 'string' ? (entry as RefreshFailureMeta) : undefined;
}

/** An abort (a DOMException from fetch, not always an Error subclass) is a cancellation, not a failure to report. */
function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * A query that already shows data and fails to refresh (focus, interval, invalidation) keeps its data on screen and
 * says so in a toast; a first load has no data and shows its own error panel with Retry, so it gets no toast.
 * One toast per query (keyed by its hash): a query failing every minute does not pile up notices.
 */
function toastBackgroundFailure(error: unknown, query: Query<unknown, unknown, unknown>): void {
  if (query.state.data === undefined || isCancelledError(error) || isAbort(error)) return;
  const named = readRefreshFailure(query);
  pushToast({
    tone: 'error',
    key: query.queryHash,
    words: (t) => {
      const { message, detail } = describeError(error, t);
      const fallback = t('toast.refreshFailed');
      const title = named ? t(named.key, { ...named.values, defaultValue: fallback }) : fallback;
      return { title, lines: [message, ...(detail ? [detail] : []), t('toast.keptLastData')] };
    },
  });
}

export function createQueryClient(overrides: DefaultOptions['queries'] = {}): QueryClient {
  // TanStack assumes online until an `offline` event: an app opened offline pauses its queries from the start instead
  // of failing them (the persisted cache fills them, docs/decisions/0038).
  onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    queryCache: new QueryCache({
      onError: toastBackgroundFailure,
      // A later refresh that works makes "could not be refreshed" untrue: take the notice away.
      onSuccess: (_data, query) => dismissToastByKey(query.queryHash),
    }),
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

/**
 * Refreshes that events ask for (issue 42): the least time between two of them, per kind of query, so a burst of events
 * costs each list and count on screen one request, not one per event. The one setting; a screen waits at most this
 * long for a list to take a ticket it did not show (what an event carries is shown at once:
 * src/domain/event-kinds.ts#RefreshRule). Counts wait longer: the overview's are ten requests (one per status), and a
 * count a few seconds behind misleads nobody.
 */
export const EVENT_REFRESH_WINDOW_MS = { lists: 5_000, counts: 15_000 } as const;
/** How long a refresh after a quiet spell waits for the rest of its burst. */
export const EVENT_REFRESH_GATHER_MS = 250;

/** Which window a query's refresh keeps: a count's (its key's second part is `counts` or `count`), else a list's. */
export type RefreshLane = keyof typeof EVENT_REFRESH_WINDOW_MS;
const laneOf = (query: Query): RefreshLane => (query.queryKey[1] === 'counts' || query.queryKey[1] === 'count' ? 'counts' : 'lists');

type Scheduler = { timer: ReturnType<typeof setTimeout> | undefined; last: number };
const schedulers = new WeakMap<QueryClient, Record<RefreshLane, Scheduler>>();

/** Refetches, once, every stale-marked query of its lane on screen; in a hidden tab nothing (TanStack refetches them when shown). */
function flush(queryClient: QueryClient, lane: RefreshLane, scheduler: Scheduler): void {
  scheduler.timer = undefined;
  if (!focusManager.isFocused()) return;
  scheduler.last = Date.now();
  // cancelRefetch: false joins a fetch already under way (a focus refetch) instead of starting it again.
  void queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.isInvalidated && laneOf(query) === lane }, { cancelRefetch: false });
}

/**
 * Marks what `filters` match stale without fetching it, and refetches what of it is on screen (has an observer) in one
 * go once the burst is over: at most once per EVENT_REFRESH_WINDOW_MS of its lane, only while the tab is visible. A
 * hidden tab fetches nothing until shown, then each stale query on screen once (TanStack's refetch on window focus,
 * which follows `visibilitychange`); what is not on screen fetches when it is next shown, being stale.
 */
export function scheduleRefresh(queryClient: QueryClient, filters: InvalidateQueryFilters): void {
  void queryClient.invalidateQueries({ ...filters, refetchType: 'none' });
  let lanes = schedulers.get(queryClient);
  if (!lanes) {
    lanes = { lists: { timer: undefined, last: Number.NEGATIVE_INFINITY }, counts: { timer: undefined, last: Number.NEGATIVE_INFINITY } };
    schedulers.set(queryClient, lanes);
  }
  const marked = new Set(queryClient.getQueryCache().findAll(filters).map(laneOf));
  for (const lane of marked) {
    const scheduler = lanes[lane];
    if (scheduler.timer !== undefined) continue;
    const wait = Math.max(EVENT_REFRESH_GATHER_MS, scheduler.last + EVENT_REFRESH_WINDOW_MS[lane] - Date.now());
    scheduler.timer = setTimeout(() => flush(queryClient, lane, scheduler), wait);
  }
}
