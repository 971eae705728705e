// @vitest-environment node
// The flake hunt's verdict: every unexpected outcome is named with its run, configuration, place and first error line;
// a red run without a failed test (web server, crash) is a failure too; skipped tests are not.
import { describe, expect, it } from 'vitest';
import { failuresOf, summary, type Attempt, type TestOutcome } from './outcomes';

const outcome = (changes: Partial<TestOutcome> = {}): TestOutcome => ({
  file: 'e2e/auth/tokens.spec.ts',
  line: 59,
  title: 'renews once',
  status: 'passed',
  expected: true,
  ms: 1200,
  ...changes,
});

const attempt = (changes: Partial<Attempt> = {}): Attempt => ({
  run: 1,
  config: 'auth',
  exitCode: 0,
  seconds: 120,
  report: { status: 'passed', outcomes: [outcome()] },
  load: 2.5,
  ...changes,
});

describe('failuresOf', () => {
  it('finds nothing in green runs, skipped tests included', () => {
    expect(failuresOf([attempt(), attempt({ report: { status: 'passed', outcomes: [outcome({ status: 'skipped', expected: false })] } })])).toEqual([]);
  });

  it('names a failed test with its run, configuration, place and first error line', () => {
    const failed = outcome({ status: 'failed', expected: false, error: 'Error: expect(received).not.toBe(expected)' });
    expect(failuresOf([attempt(), attempt({ run: 2, exitCode: 1, report: { status: 'failed', outcomes: [outcome(), failed] } })])).toEqual([
      { run: 2, config: 'auth', where: 'e2e/auth/tokens.spec.ts:59', title: 'renews once', status: 'failed', error: 'Error: expect(received).not.toBe(expected)' },
    ]);
  });

  it('counts a timed-out test', () => {
    expect(failuresOf([attempt({ exitCode: 1, report: { status: 'failed', outcomes: [outcome({ status: 'timedOut', expected: false })] } })])).toHaveLength(1);
  });

  it('counts a red run without a failed test, and a run that wrote no report', () => {
    expect(failuresOf([attempt({ exitCode: 1 }), attempt({ run: 3, exitCode: 1, report: null })]).map((f) => [f.run, f.where, f.status])).toEqual([
      [1, '(run)', 'passed'],
      [3, '(run)', 'exit 1'],
    ]);
  });
});

describe('summary', () => {
  it('says 0 failures when all runs are green', () => {
    const text = summary([attempt(), attempt({ run: 2, config: 'demo' })]);
    expect(text).toMatch(/^run 1 auth\s+green\s+1 passed\s+0 failed/m);
    expect(text).toMatch(/^0 failures in 2 runs\.$/m);
  });

  it('lists each failure on its own line', () => {
    const text = summary([attempt({ exitCode: 1, report: { status: 'failed', outcomes: [outcome({ status: 'failed', expected: false, error: 'boom' })] } })]);
    expect(text).toMatch(/^run 1 auth\s+RED/m);
    expect(text).toContain('1 failure(s) in 1 runs:');
    expect(text).toContain('run 1 auth: e2e/auth/tokens.spec.ts:59 renews once [failed] — boom');
  });
});
