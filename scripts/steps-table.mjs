// The summary table of scripts/run-steps.mjs: each step, its verdict and its time (pure, so a unit test can read it).

/** 754 ms -> "0.8 s"; 75,400 ms -> "1 min 15 s". */
export function formatDuration(ms) {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

/**
 * The command line's steps as groups: `typecheck,lint test:unit` is [['typecheck', 'lint'], ['test:unit']] (a group's
 * steps run at the same time). Empty names are dropped; a step named twice is refused.
 * @param {string[]} args
 * @returns {string[][]}
 */
export function parseGroups(args) {
  const groups = args.map((arg) => arg.split(',').map((step) => step.trim()).filter(Boolean)).filter((group) => group.length > 0);
  const all = groups.flat();
  const twice = all.find((step, i) => all.indexOf(step) !== i);
  if (twice) throw new Error(`step "${twice}" is named twice`);
  return groups;
}

/**
 * @param {{ step: string; ms: number; ok: boolean }[]} done the steps that ran, in order
 * @param {string[]} skipped the steps not run because an earlier one failed
 * @param {number} [wallMs] the whole run's time (steps that ran at the same time overlap); the sum of the steps without it
 */
export function stepTable(done, skipped = [], wallMs) {
  const rows = [
    ...done.map(({ step, ms, ok }) => [step, ok ? 'passed' : 'FAILED', formatDuration(ms)]),
    ...skipped.map((step) => [step, 'not run', '']),
  ];
  const total = wallMs ?? done.reduce((sum, { ms }) => sum + ms, 0);
  rows.push(['total', done.every(({ ok }) => ok) && skipped.length === 0 ? 'passed' : 'FAILED', formatDuration(total)]);
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (row) => row.map((cell, column) => (column === 2 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join('  ');
  return ['step'.padEnd(widths[0]) + '  ' + 'result'.padEnd(widths[1]) + '  ' + 'time'.padStart(widths[2]), ...rows.map(line)].join('\n');
}

/**
 * What a failed step's held output says of its failure, short enough for the end of a CI log: its last `lines` lines
 * without the servers' log lines (Playwright's `[WebServer] ...`), which would push the test's own report out.
 * @param {string} output
 * @param {number} [lines]
 */
export function failureTail(output, lines = 60) {
  const kept = output.split('\n').filter((line) => !line.startsWith('[WebServer]'));
  return kept.slice(-lines).join('\n').trimEnd();
}
