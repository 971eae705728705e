// Compares a size measurement (scripts/size/measure.mjs) with size-budgets.json; pure, so its rules are unit-tested.
import { readFileSync } from 'node:fs';

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** Reads and checks the budget file; a missing or wrong entry is named with the file, not reported as a pass. */
export function readBudgets(path) {
  let budgets;
  try {
    budgets = JSON.parse(readFileSync(path, 'utf8'));
  } catch (cause) {
    throw new Error(`${path}: not readable JSON (${cause instanceof Error ? cause.message : String(cause)})`, { cause });
  }
  const wrong = [];
  const positive = (value) => typeof value === 'number' && Number.isFinite(value) && value > 0;
  if (!positive(budgets?.firstScreen?.maxGzipBytes)) wrong.push('firstScreen.maxGzipBytes (a positive number of bytes)');
  if (!positive(budgets?.ratio?.max)) wrong.push('ratio.max (a positive number)');
  if (!positive(budgets?.ratio?.goal)) wrong.push('ratio.goal (a positive number)');
  if (!positive(budgets?.gateway?.firstScreen?.maxGzipBytes)) wrong.push('gateway.firstScreen.maxGzipBytes (a positive number of bytes)');
  if (!positive(budgets?.gateway?.ratio?.max)) wrong.push('gateway.ratio.max (a positive number)');
  if (!positive(budgets?.gateway?.ratio?.goal)) wrong.push('gateway.ratio.goal (a positive number)');
  for (const rule of ['wizardInFirstScreen', 'mswInFirstScreen', 'mswInBuild']) {
    if (budgets?.forbid?.[rule] !== true && budgets?.forbid?.[rule] !== false) wrong.push(`forbid.${rule} (true or false)`);
  }
  if (wrong.length) throw new Error(`${path}: missing or wrong: ${wrong.join('; ')}`);
  return budgets;
}

/**
 * One row per rule: what was measured, the budget, and whether it passed. The ratio goal (docs/decisions/0026) is
 * shown beside its budget but does not fail the check until the budget is lowered to it.
 */
export function checkBudgets(result, budgets, file = 'size-budgets.json') {
  const largest = [...result.rows]
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 3)
    .map((r) => `${r.path} ${kb(r.gzip)}`)
    .join(', ');
  const rows = [
    {
      rule: 'first-screen JavaScript, gzip',
      figure: kb(result.firstScreenGzip),
      budget: `≤ ${kb(budgets.firstScreen.maxGzipBytes)} (${budgets.firstScreen.maxGzipBytes} B)`,
      pass: result.firstScreenGzip <= budgets.firstScreen.maxGzipBytes,
      why: `first screen is ${result.firstScreenGzip} B gzip, over firstScreen.maxGzipBytes ${budgets.firstScreen.maxGzipBytes} B in ${file}; largest files: ${largest}`,
    },
    {
      rule: `first screen / library floor (goal ${budgets.ratio.goal})`,
      figure: `${result.ratio.toFixed(3)} (floor ${kb(result.floorGzip)})`,
      budget: `≤ ${budgets.ratio.max}`,
      pass: result.ratio <= budgets.ratio.max,
      why: `ratio ${result.ratio.toFixed(3)} is over ratio.max ${budgets.ratio.max} in ${file} (first screen ${result.firstScreenGzip} B, floor ${result.floorGzip} B)`,
    },
  ];
  const forbidden = [
    ['wizardInFirstScreen', 'wizard not in the first screen', result.wizardInFirstScreen, result.rows.filter((r) => r.wizard)],
    ['mswInFirstScreen', 'msw not in the first screen', result.mswInFirstScreen, result.rows.filter((r) => r.msw)],
    ['mswInBuild', 'msw not in the production build', result.mswInBuild.length > 0, result.mswInBuild.map((path) => ({ path }))],
  ];
  for (const [key, rule, present, where] of forbidden) {
    if (!budgets.forbid[key]) continue;
    rows.push({
      rule,
      figure: present ? 'present' : 'absent',
      budget: 'absent',
      pass: !present,
      why: `forbid.${key} in ${file}, but it is there: ${where.map((r) => r.path).join(', ')}`,
    });
  }
  return rows;
}

/**
 * Gateway mode's first screen (issue 27), against the same library floor as direct mode (it has oidc-client-ts in it,
 * which neither mode's first screen loads): its own byte budget and ratio, the goal shown beside them as for direct
 * mode, and, given direct mode's measurement, no larger than it (decision 0056: the goal restated).
 */
export function checkGatewayBudgets(result, budgets, file = 'size-budgets.json', direct = undefined) {
  const { firstScreen, ratio } = budgets.gateway;
  const largest = [...result.rows]
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 3)
    .map((r) => `${r.path} ${kb(r.gzip)}`)
    .join(', ');
  return [
    {
      rule: 'gateway mode: first-screen JavaScript, gzip',
      figure: kb(result.firstScreenGzip),
      budget: `≤ ${kb(firstScreen.maxGzipBytes)} (${firstScreen.maxGzipBytes} B)`,
      pass: result.firstScreenGzip <= firstScreen.maxGzipBytes,
      why: `gateway mode's first screen is ${result.firstScreenGzip} B gzip, over gateway.firstScreen.maxGzipBytes ${firstScreen.maxGzipBytes} B in ${file}; largest files: ${largest}`,
    },
    {
      rule: `gateway mode: first screen / floor (goal ${ratio.goal})`,
      figure: `${result.ratio.toFixed(3)} (floor ${kb(result.floorGzip)})`,
      budget: `≤ ${ratio.max}`,
      pass: result.ratio <= ratio.max,
      why: `gateway mode's ratio ${result.ratio.toFixed(3)} is over gateway.ratio.max ${ratio.max} in ${file} (first screen ${result.firstScreenGzip} B, floor ${result.floorGzip} B)`,
    },
    ...(direct
      ? [
          {
            rule: 'gateway mode: no larger than direct mode',
            figure: `${kb(result.firstScreenGzip)} (direct ${kb(direct.firstScreenGzip)})`,
            budget: `≤ ${kb(direct.firstScreenGzip)} (${direct.firstScreenGzip} B)`,
            pass: result.firstScreenGzip <= direct.firstScreenGzip,
            why: `gateway mode's first screen is ${result.firstScreenGzip} B gzip, more than direct mode's ${direct.firstScreenGzip} B: what gateway mode loads first must not cost the agent more than signing in in the browser (decision 0056)`,
          },
        ]
      : []),
    {
      rule: 'gateway mode: oidc-client-ts not in the build',
      figure: result.oidcInBuild?.length ? 'present' : 'absent',
      budget: 'absent',
      pass: !result.oidcInBuild?.length,
      why: `gateway mode signs in at the gateway, but oidc-client-ts is in its build: ${(result.oidcInBuild ?? []).join(', ')}`,
    },
    // The same forbidden contents as direct mode (the first two rows there are direct mode's own budgets).
    ...checkBudgets(result, budgets, file)
      .slice(2)
      .map((row) => ({ ...row, rule: `gateway mode: ${row.rule}` })),
  ];
}

/** The table `npm test` prints; failures end with the reason in words. */
export function formatRows(rows) {
  const lines = rows.map((r) => `${r.pass ? 'ok  ' : 'FAIL'}  ${r.rule.padEnd(48)} ${r.figure.padEnd(26)} budget ${r.budget}`);
  for (const r of rows.filter((row) => !row.pass)) lines.push(`size budget exceeded: ${r.why}`);
  return lines.join('\n');
}
