// Playwright's trace for every e2e configuration (e2e/support/playwright-shared.ts#browserUse) and the flake hunt.
const traceModes = ['off', 'on', 'retain-on-failure', 'on-first-retry', 'on-all-retries', 'retain-on-first-failure'] as const;
export type TraceMode = (typeof traceModes)[number];

/**
 * Playwright's trace, from E2E_TRACE (off unless set, e.g. `E2E_TRACE=retain-on-failure`). Recording one costs every
 * test, passed or failed: a screencast and a DOM snapshot at each step took 40 % of the e2e runs' CPU (350 s against
 * 210 s for the same 30 tests, `docs/testing.md`), and CI keeps only its log. A failure still leaves its screenshot
 * and its page's accessibility snapshot; rerun it with a trace to see each step.
 */
export function traceMode(env: NodeJS.ProcessEnv = process.env): TraceMode {
  const wanted = env.E2E_TRACE?.trim() || 'off';
  if (!(traceModes as readonly string[]).includes(wanted)) {
    throw new Error(`E2E_TRACE must be one of ${traceModes.join(', ')}, not "${wanted}".`);
  }
  return wanted as TraceMode;
}
