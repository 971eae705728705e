// @vitest-environment node
/** Heavy modules are evaluated one per task, in order, and the feature's own module last. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { importInSteps } from './import-in-steps';

describe('importInSteps', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts each import only after the one before has loaded and a task has passed, and gives the last module', async () => {
    const started: string[] = [];
    const load = (name: string) => () => {
      started.push(name);
      return Promise.resolve({ name });
    };
    const flushMicrotasks = async () => {
      for (let i = 0; i < 10; i += 1) await Promise.resolve();
    };
    const result = importInSteps([load('zod'), load('schemas')], load('feature'));
    // Microtasks alone never reach the next step: each step waits for a task.
    await flushMicrotasks();
    expect(started).toEqual(['zod']);
    vi.advanceTimersToNextTimer();
    await flushMicrotasks();
    expect(started).toEqual(['zod', 'schemas']);
    vi.advanceTimersToNextTimer();
    await flushMicrotasks();
    expect(started).toEqual(['zod', 'schemas', 'feature']);
    await expect(result).resolves.toEqual({ name: 'feature' });
  });

  it('never reaches the later steps when an import fails', async () => {
    const started: string[] = [];
    const result = importInSteps(
      [
        () => {
          started.push('zod');
          return Promise.reject(new Error('offline'));
        },
      ],
      () => {
        started.push('feature');
        return Promise.resolve({});
      },
    );
    await expect(result).rejects.toThrow('offline');
    await vi.runAllTimersAsync();
    expect(started).toEqual(['zod']);
  });
});
