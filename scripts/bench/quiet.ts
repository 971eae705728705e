/**
 * Waits for a quiet machine before a timed measurement: the 1-minute load average says what the last minute was
 * like, not what the cores are doing now, and right after a build (the bench's own, in a child process) the disk and
 * the cores are still busy for a while. Lighthouse times the page's main thread on the same two cores (decision 0040).
 */
import { cpus } from 'node:os';

type Sample = { idle: number; total: number };

function sample(): Sample {
  let idle = 0;
  let total = 0;
  for (const cpu of cpus()) {
    const t = cpu.times;
    idle += t.idle;
    total += t.user + t.nice + t.sys + t.idle + t.irq;
  }
  return { idle, total };
}

/** The share of the cores' time that was idle between two samples, 0–1 (1 when no time passed). */
export function idleShare(before: Sample, after: Sample): number {
  const total = after.total - before.total;
  return total > 0 ? (after.idle - before.idle) / total : 1;
}

/**
 * Resolves once the cores have been at least `idleAtLeast` idle for `seconds` whole seconds in a row, or after
 * `atMostSeconds`; says how long it waited and how idle the last second was.
 */
export async function untilQuiet(
  log: (message: string) => void,
  { idleAtLeast = 0.9, seconds = 3, atMostSeconds = 60 } = {},
): Promise<{ waitedSeconds: number; idle: number }> {
  let quietFor = 0;
  let waited = 0;
  let idle = 1;
  let last = sample();
  while (quietFor < seconds && waited < atMostSeconds) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = sample();
    idle = idleShare(last, now);
    last = now;
    waited += 1;
    quietFor = idle >= idleAtLeast ? quietFor + 1 : 0;
  }
  if (waited > seconds) log(`Waited ${waited} s for a quiet machine (last second ${(idle * 100).toFixed(0)} % idle)`);
  return { waitedSeconds: waited, idle };
}
