/**
 * One holder at a time of an agent's outbox, across every tab of the browser (Web Locks): a send, a Change and a
 * Withdraw of the same ticket never overlap, and two tabs never send the same ticket. Without Web Locks (old
 * browsers, tests) a promise chain keeps this tab's holders in turn.
 */

type Locks = { request<T>(name: string, options: { ifAvailable?: boolean }, task: (lock: unknown) => Promise<T>): Promise<T> };

function webLocks(): Locks | undefined {
  return typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: Locks }).locks : undefined;
}

const lockName = (userId: string) => `trouble-ticket-desk-outbox:${userId}`;

/** This tab's holders and waiters per lock, for browsers without Web Locks. */
const tails = new Map<string, Promise<void>>();
const queued = new Map<string, number>();

function inTab<T>(name: string, task: () => Promise<T>): Promise<T> {
  queued.set(name, (queued.get(name) ?? 0) + 1);
  const run = (tails.get(name) ?? Promise.resolve()).then(task).finally(() => {
    const left = (queued.get(name) ?? 1) - 1;
    if (left === 0) queued.delete(name);
    else queued.set(name, left);
  });
  tails.set(
    name,
    run.then(
      () => undefined,
      () => undefined,
    ),
  );
  return run;
}

/** Runs `task` holding the agent's outbox; waits for the holder before it. */
export function withOutboxLock<T>(userId: string, task: () => Promise<T>): Promise<T> {
  const locks = webLocks();
  return locks ? locks.request(lockName(userId), {}, task) : inTab(lockName(userId), task);
}

/** Runs `task` holding the agent's outbox if no one holds it now; else resolves `busy` at once (another tab sends). */
export function tryOutboxLock<T>(userId: string, task: () => Promise<T>, busy: T): Promise<T> {
  const locks = webLocks();
  if (locks) return locks.request(lockName(userId), { ifAvailable: true }, (lock) => (lock ? task() : Promise.resolve(busy)));
  return queued.has(lockName(userId)) ? Promise.resolve(busy) : inTab(lockName(userId), task);
}
