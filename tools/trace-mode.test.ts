// @vitest-environment node
// Playwright's trace in every e2e configuration (e2e/support/playwright-shared.ts#browserUse): off unless E2E_TRACE asks for one,
// since recording costs every test; a mode Playwright does not know stops the run with the ones it does.
import { describe, expect, it } from 'vitest';
import { traceMode } from './trace-mode';

describe('E2E_TRACE', () => {
  it.each([
    [undefined, 'off'],
    ['', 'off'],
    ['retain-on-failure', 'retain-on-failure'],
    [' on ', 'on'],
    ['off', 'off'],
  ])('%j records %s', (value, mode) => {
    expect(traceMode(value === undefined ? {} : { E2E_TRACE: value })).toBe(mode);
  });

  it('refuses a mode Playwright does not know, naming the ones it does', () => {
    expect(() => traceMode({ E2E_TRACE: 'always' })).toThrow('E2E_TRACE must be one of off, on, retain-on-failure, on-first-retry, on-all-retries, retain-on-first-failure, not "always".');
  });
});
