/**
 * Lets the browser run what is waiting (input, a paint, a render slice) before going on. Where the browser has
 * `scheduler.yield` (Chromium 129+, Firefox 142+) the rest runs as a task of its own, ahead of tasks queued later;
 * elsewhere it goes on at once, as before. Not a timer: a hidden tab runs timers once a second at most.
 */
type YieldingScheduler = { yield(): Promise<void> };

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  return typeof scheduler?.yield === 'function' ? scheduler.yield() : Promise.resolve();
}
