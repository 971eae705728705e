/**
 * Sends an agent's outbox: when it starts, when the network returns, when a ticket is queued, on the backoff timer and
 * on "Send now"; one ticket at a time, holding the agent's outbox lock (one tab sends, Change and Withdraw wait), and
 * only while this runner's agent is the one signed in. What it does is published as a snapshot for the header count
 * and the outbox page.
 */
import { tryOutboxLock } from '../../../lib/outbox/lock';
import { getOutboxEntry, listOutbox, pruneFinished, putOutboxEntry, subscribeOutbox, tidyOutbox } from '../../../lib/outbox/store';
import type { TicketOutcome } from '../../../domain/create-outcome';
import { isPending, type FinishedTicket, type OutboxEntry, type PendingTicket } from '../../../lib/outbox/types';
import { afterDelivery, beforeSend, recovered } from './next-state';
import { createStore } from '../../../lib/external-store';

export type OutboxSnapshot = {
  userId: string;
  /** Every entry of the agent, oldest first; undefined until first read. */
  entries: OutboxEntry[] | undefined;
  /** The ticket being sent now (by this tab). */
  sending: string | null;
  /** When the next try is due, if a ticket waits for its time (ms since the epoch). */
  nextTryAt: number | null;
  /** A 401 stopped sending in this page: the agent must sign in again. */
  signInNeeded: boolean;
  /** The outbox could not be read (IndexedDB blocked or broken). */
  unavailable: boolean;
};

type Timers = { setTimeout(run: () => void, ms: number): unknown; clearTimeout(handle: unknown): void };

export type RunnerOptions = {
  userId: string;
  /** Sends one ticket and says what came of it (the create's outcome, features/ticket-entry/model/deliver.ts). */
  deliver(ticket: PendingTicket): Promise<TicketOutcome>;
  /** The agent signed in now ('' when none): nothing is sent unless it is this runner's agent. */
  signedInAgent(): string;
  online?: () => boolean;
  now?: () => number;
  random?: () => number;
  timers?: Timers;
  /** A ticket left the outbox (created or accepted): the app tells the agent. */
  onFinished?(entry: FinishedTicket): void;
  /** Sends under way at the same time (src/lib/bulk-limits.ts); 1 when not given. */
  inFlight?: number;
};

/** Another tab holds the agent's outbox: look again this much later. */
const BUSY_RETRY_MS = 5_000;

export function startOutboxRunner(options: RunnerOptions) {
  const { userId, deliver, signedInAgent, onFinished } = options;
  const inFlight = Math.max(1, options.inFlight ?? 1);
  const online = options.online ?? (() => navigator.onLine);
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const timers: Timers = options.timers ?? {
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  };

  const store = createStore<OutboxSnapshot>({ userId, entries: undefined, sending: null, nextTryAt: null, signInNeeded: false, unavailable: false });
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let forced = false;
  let timer: unknown;
  // Changes before the start's own read are in that read; reacting to them too would race the start for the lock.
  let ready = false;
  /** A 429 asks the client to slow down: nothing is sent before this time (ms since the epoch), not only that ticket. */
  let quietUntil = 0;

  function publish(changes: Partial<OutboxSnapshot>): void {
    store.set({ ...store.get(), ...changes });
  }

  async function refresh(): Promise<OutboxEntry[]> {
    try {
      const entries = await listOutbox(userId);
      if (!stopped) publish({ entries, unavailable: false });
      return entries;
    } catch {
      if (!stopped) publish({ entries: store.get().entries ?? [], unavailable: true });
      return [];
    }
  }

  function schedule(entries: OutboxEntry[]): void {
    timers.clearTimeout(timer);
    const waiting = entries.filter((entry): entry is PendingTicket => entry.state === 'waiting' && !entry.held);
    const next = waiting.length ? Math.max(quietUntil, Math.min(...waiting.map((ticket) => ticket.nextAttemptAt))) : null;
    publish({ nextTryAt: next !== null && next > now() ? next : null });
    if (next === null || stopped || store.get().signInNeeded) return;
    timer = timers.setTimeout(() => void run(), Math.max(0, next - now()));
  }

  /** Sends one ticket (read again under the lock: Change or Withdraw may have taken it meanwhile). */
  async function sendOne(id: string): Promise<void> {
    const stored = await getOutboxEntry(userId, id);
    if (!stored || stored.state !== 'waiting') return;
    await putOutboxEntry(beforeSend(stored));
    publish({ sending: id });
    let outcome: TicketOutcome;
    try {
      outcome = await deliver(stored);
    } catch {
      // deliver() turns every answer into an outcome; whatever escapes it left the ticket's fate unknown.
      outcome = { kind: 'unavailable', mayExist: true };
    }
    const next = afterDelivery(stored, outcome, new Date(now()), random());
    if (outcome.kind === 'rateLimited' && next.state === 'waiting') quietUntil = Math.max(quietUntil, next.nextAttemptAt);
    await putOutboxEntry(next);
    publish({ sending: null, ...(outcome.kind === 'unauthorized' ? { signInNeeded: true } : {}) });
    if (next.state === 'finished') onFinished?.(next);
  }

  /**
   * Every due ticket once, oldest first, while online, signed in as this agent, not told to sign in again nor to slow
   * down (429). The agent's outbox is held for one group of sends at a time (at most `inFlight`), so a Change or a
   * Withdraw waits for one group, not for all. A paused batch's tickets are held back.
   */
  async function sendDue(force: boolean): Promise<'done' | 'busy'> {
    const tried = new Set<string>();
    for (;;) {
      if (stopped || !online() || store.get().signInNeeded || signedInAgent() !== userId || (!force && now() < quietUntil)) return 'done';
      const due = (await listOutbox(userId)).filter(
        (entry): entry is PendingTicket =>
          entry.state === 'waiting' && !entry.held && !tried.has(entry.id) && (force || entry.nextAttemptAt <= now()),
      );
      const group = due.slice(0, inFlight);
      if (group.length === 0) return 'done';
      for (const entry of group) tried.add(entry.id);
      const sent = await tryOutboxLock(userId, () => Promise.all(group.map((entry) => sendOne(entry.id))).then(() => true), false);
      if (!sent) return 'busy';
    }
  }

  /** One run at a time; a trigger during a run makes it go round once more. */
  function run(force = false): Promise<void> {
    forced ||= force;
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let busy = false;
      do {
        again = false;
        const force = forced;
        forced = false;
        try {
          busy = (await sendDue(force)) === 'busy';
        } catch {
          publish({ sending: null });
        }
      } while (again && !stopped);
      const entries = await refresh();
      if (busy && !stopped) {
        timers.clearTimeout(timer);
        timer = timers.setTimeout(() => void run(), BUSY_RETRY_MS);
      } else {
        schedule(entries);
      }
    })().finally(() => {
      running = null;
    });
    return running;
  }

  /**
   * On start: expired tickets are deleted unsent (decision 0054); tickets a page left mid-send may exist now; those that
   * waited for a sign-in are due.
   */
  async function start(): Promise<void> {
    try {
      await tryOutboxLock(
        userId,
        async () => {
          await tidyOutbox(userId);
          for (const entry of await listOutbox(userId)) {
            if (!isPending(entry)) continue;
            const next = recovered(entry);
            if (next !== entry) await putOutboxEntry(next);
          }
        },
        undefined,
      );
      await pruneFinished(userId, new Date(now()));
      // Drafts expire too (decision 0054): every agent's are swept here, after the first screen, with the outbox.
      (await import('../../../lib/sealed-storage')).removeExpiredDrafts();
    } catch {
      // Unreadable store: refresh() below says so.
    }
    ready = true;
    await refresh();
    await run();
  }

  const onOnline = () => void run(true);
  window.addEventListener('online', onOnline);
  // Changes come by the hundred while a bulk batch is queued and sent: one read at a time, and one more after it.
  let reading: Promise<void> | null = null;
  let readAgain = false;
  const unsubscribe = subscribeOutbox((changed) => {
    if (changed !== userId || stopped || !ready) return;
    if (reading) {
      readAgain = true;
      return;
    }
    // A ticket queued (here or in another tab), changed or withdrawn: show it, and send what is due. During a run, the
    // run goes round once more (a batch queued while the last one's answers are stored must not wait for a timer).
    reading = (async () => {
      do {
        readAgain = false;
        await refresh();
      } while (readAgain && !stopped);
    })().finally(() => {
      reading = null;
    });
    void reading.then(() => run());
  });
  const started = start();

  return {
    started,
    /** What the runner is doing (a source for useStore). */
    get: store.get,
    subscribe: store.subscribe,
    /** "Send now": every waiting ticket, whatever its backoff says. */
    sendNow: (): Promise<void> => run(true),
    stop(): void {
      stopped = true;
      timers.clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      unsubscribe();
    },
  };
}

export type OutboxRunner = ReturnType<typeof startOutboxRunner>;
