// What scripts/flake-hunt.ts reads of each run (written by its reporter) and the summary it prints (pure, tested).

export type TestOutcome = {
  file: string;
  line: number;
  title: string;
  status: 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted';
  /** The status was the expected one (a passing test, or a test.fail() that failed). */
  expected: boolean;
  /** The first line of the error message, when there was one. */
  error?: string;
  ms: number;
};

export type RunReport = { status: string; outcomes: TestOutcome[] };

/** One run of one Playwright configuration in the hunt. */
export type Attempt = {
  run: number;
  config: string;
  exitCode: number;
  seconds: number;
  /** The reporter's file; null when the run ended before it could write (a crash, a web server that never started). */
  report: RunReport | null;
  /** The load average (1 min) when the run ended. */
  load: number;
};

export type Failure = { run: number; config: string; where: string; title: string; status: string; error: string };

/** Every test that did not end as expected, and every run that failed without a test to blame. */
export function failuresOf(attempts: Attempt[]): Failure[] {
  return attempts.flatMap((attempt) => {
    const { run, config } = attempt;
    if (!attempt.report) {
      return [{ run, config, where: '(run)', title: '(no report: the run ended early)', status: `exit ${attempt.exitCode}`, error: '' }];
    }
    const failed: Failure[] = attempt.report.outcomes
      .filter((outcome) => !outcome.expected && outcome.status !== 'skipped')
      .map((outcome) => ({
        run,
        config,
        where: `${outcome.file}:${outcome.line}`,
        title: outcome.title,
        status: outcome.status,
        error: outcome.error ?? '',
      }));
    // A red exit with every test green: a failure outside the tests (a worker crash, the web server, the port check).
    if (failed.length === 0 && attempt.exitCode !== 0) {
      failed.push({ run, config, where: '(run)', title: `(exit ${attempt.exitCode}, no failed test)`, status: attempt.report.status, error: '' });
    }
    return failed;
  });
}

/** One line per attempt, then one per failure. */
export function summary(attempts: Attempt[]): string {
  const lines = attempts.map((attempt) => {
    const outcomes = attempt.report?.outcomes ?? [];
    const passed = outcomes.filter((outcome) => outcome.expected && outcome.status !== 'skipped').length;
    const failed = outcomes.filter((outcome) => !outcome.expected && outcome.status !== 'skipped').length;
    const verdict = attempt.exitCode === 0 && failed === 0 ? 'green' : 'RED';
    return `run ${attempt.run} ${attempt.config.padEnd(5)} ${verdict.padEnd(5)} ${String(passed).padStart(4)} passed ${String(failed).padStart(3)} failed  ${attempt.seconds.toFixed(0).padStart(5)} s  load ${attempt.load.toFixed(1)}`;
  });
  const failures = failuresOf(attempts);
  lines.push('');
  if (failures.length === 0) {
    lines.push(`0 failures in ${attempts.length} runs.`);
  } else {
    lines.push(`${failures.length} failure(s) in ${attempts.length} runs:`);
    for (const failure of failures) {
      lines.push(`  run ${failure.run} ${failure.config}: ${failure.where} ${failure.title} [${failure.status}]${failure.error ? ` — ${failure.error}` : ''}`);
    }
  }
  return lines.join('\n');
}
