// The summary table of scripts/run-steps.mjs: each step, its verdict and its time (pure, so a unit test can read it).

/** 754 ms -> "0.8 s"; 75,400 ms -> "1 min 15 s". */
export function formatDuration(ms) {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

/**
 * @param {{ step: string; ms: number; ok: boolean }[]} done the steps that ran, in order
 * @param {string[]} skipped the steps not run because an earlier one failed
 */
export function stepTable(done, skipped = []) {
  const rows = [
    ...done.map(({ step, ms, ok }) => [step, ok ? 'passed' : 'FAILED', formatDuration(ms)]),
    ...skipped.map((step) => [step, 'not run', '']),
  ];
  const total = done.reduce((sum, { ms }) => sum + ms, 0);
  rows.push(['total', done.every(({ ok }) => ok) && skipped.length === 0 ? 'passed' : 'FAILED', formatDuration(total)]);
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (row) => row.map((cell, column) => (column === 2 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join('  ');
  return ['step'.padEnd(widths[0]) + '  ' + 'result'.padEnd(widths[1]) + '  ' + 'time'.padStart(widths[2]), ...rows.map(line)].join('\n');
}
