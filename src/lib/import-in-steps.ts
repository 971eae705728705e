/**
 * Loads a module graph in steps, a task apart. A module graph is evaluated in one task: a feature that brings zod and
 * a dozen schemas holds a slow phone's main thread in one long piece (decision 0058: total blocking time). Importing
 * the heavy dependencies first evaluates each in a task of its own, and input or a render slice can run in between;
 * the last import then finds them evaluated.
 */

/** Resolves in a later task: what was queued meanwhile (a paint, a click, a render slice) runs first. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Imports each of `first` in turn, a task apart, then `last`, whose module it returns. */
export async function importInSteps<T>(first: readonly (() => Promise<unknown>)[], last: () => Promise<T>): Promise<T> {
  for (const load of first) {
    await load();
    await nextTask();
  }
  return last();
}
