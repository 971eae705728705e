/** Timers that only run when the test says so (the outbox runner's retries and waits, RunnerOptions.timers). */
export function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 0;
  return {
    timers: {
      setTimeout: (run: () => void) => {
        next += 1;
        pending.set(next, run);
        return next;
      },
      clearTimeout: (handle: unknown) => void pending.delete(handle as number),
    },
    /** Runs every timer set so far (those they set in turn wait for the next call). */
    runAll() {
      const runs = [...pending.values()];
      pending.clear();
      for (const run of runs) run();
    },
  };
}
