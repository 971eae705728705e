/**
 * A gate that something waits at until a start has settled, either way (a failed start is for the screens to say).
 * Open from the start: code that never sets one (tests, the other mode) goes on at once.
 */
export function createGate() {
  let settled: Promise<void> = Promise.resolve();
  return {
    /** Closes the gate until `start` settles. */
    holdUntil(start: Promise<unknown>): void {
      settled = start.then(
        () => undefined,
        () => undefined,
      );
    },
    /** Resolves once the gate is open. */
    passed: (): Promise<void> => settled,
  };
}
