// A Playwright reporter for scripts/flake-hunt.ts: writes every test's outcome (file, line, title, status, first error
// line) as JSON to FLAKE_HUNT_REPORT, so the hunt can say which test failed in which attempt.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import type { TestOutcome } from './outcomes';

export default class FlakeHuntReporter implements Reporter {
  private readonly outcomes: TestOutcome[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    this.outcomes.push({
      file: relative(process.cwd(), test.location.file),
      line: test.location.line,
      title: test.titlePath().slice(3).join(' › '),
      status: result.status,
      expected: result.status === test.expectedStatus,
      error: result.error?.message?.split('\n').find((line) => line.trim() !== '')?.trim(),
      ms: result.duration,
    });
  }

  onEnd(result: FullResult): void {
    const file = process.env.FLAKE_HUNT_REPORT;
    if (file) writeFileSync(file, JSON.stringify({ status: result.status, outcomes: this.outcomes }));
  }

  printsToStdio(): boolean {
    return false;
  }
}
