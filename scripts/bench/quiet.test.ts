import { describe, expect, it } from 'vitest';
import { idleShare } from './quiet';

describe('idleShare', () => {
  it.each([
    [{ idle: 0, total: 0 }, { idle: 90, total: 100 }, 0.9],
    [{ idle: 100, total: 200 }, { idle: 100, total: 300 }, 0],
    [{ idle: 10, total: 20 }, { idle: 110, total: 120 }, 1],
    [{ idle: 5, total: 5 }, { idle: 5, total: 5 }, 1],
  ])('from %o to %o is %f idle', (before, after, share) => {
    expect(idleShare(before, after)).toBeCloseTo(share);
  });
});
