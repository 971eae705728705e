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
  if (!positive(budgets?.ratio?.max)) wrong.push('ratio.max (a positive number)');
  if (!positive(budgets?.ratio?.goal)) wrong.push('ratio.goal (a positive number)');
  if (!positive(budgets?.gateway?.ratio?.max)) wrong.push('gateway.ratio.max (a positive number)');
  if (!positive(budgets?.gateway?.ratio?.goal)) wrong.push('gateway.ratio.goal (a positive number)');
  // Bytes move with every library update and every chunk name; the ratio to the floor built in the same run does not
  // (decision 0074), so a byte ceiling is refused rather than silently ignored.
  if (budgets?.firstScreen !== undefined) wrong.push('firstScreen (remove it: the budget is ratio.max, bytes are only shown)');
  if (budgets?.gateway?.firstScreen !== undefined) wrong.push('gateway.firstScreen (remove it: the budget is gateway.ratio.max)');
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
  const allowed = Math.floor(budgets.ratio.max * result.floorGzip);
  const rows = [
    {
      rule: `first screen / library floor (goal ${budgets.ratio.goal})`,
      figure: `${result.ratio.toFixed(3)} (${kb(result.firstScreenGzip)}, floor ${kb(result.floorGzip)})`,
      budget: `≤ ${budgets.ratio.max} (${allowed} B)`,
      pass: result.ratio <= budgets.ratio.max,
      why: `first screen / floor is ${result.ratio.toFixed(3)}, over ratio.max ${budgets.ratio.max} in ${file}: the first screen is ${result.firstScreenGzip} B gzip, ${result.firstScreenGzip - allowed} B over ${allowed} B (${budgets.ratio.max} × the floor of ${result.floorGzip} B built in this run); largest files: ${largest}`,
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
 * which neither mode's first screen loads): its own ratio budget, the goal shown beside it as for direct
 * mode, and, given direct mode's measurement, no larger than it (decision 0056: the goal restated).
 */
export function checkGatewayBudgets(result, budgets, file = 'size-budgets.json', direct = undefined) {
  const { ratio } = budgets.gateway;
  const largest = [...result.rows]
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 3)
    .map((r) => `${r.path} ${kb(r.gzip)}`)
    .join(', ');
  const allowed = Math.floor(ratio.max * result.floorGzip);
  return [
    {
      rule: `gateway mode: first screen / floor (goal ${ratio.goal})`,
      figure: `${result.ratio.toFixed(3)} (${kb(result.firstScreenGzip)}, floor ${kb(result.floorGzip)})`,
      budget: `≤ ${ratio.max} (${allowed} B)`,
      pass: result.ratio <= ratio.max,
      why: `gateway mode's first screen / floor is ${result.ratio.toFixed(3)}, over gateway.ratio.max ${ratio.max} in ${file}: the first screen is ${result.firstScreenGzip} B gzip, ${result.firstScreenGzip - allowed} B over ${allowed} B (${ratio.max} × the floor of ${result.floorGzip} B built in this run); largest files: ${largest}`,
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
    // The same forbidden contents as direct mode (the first row there is direct mode's own budget).
    ...checkBudgets(result, budgets, file)
      .slice(1)
      .map((row) => ({ ...row, rule: `gateway mode: ${row.rule}` })),
  ];
}

/** The table `npm test` prints; failures end with the reason in words. */
export function formatRows(rows) {
  const lines = rows.map((r) => `${r.pass ? 'ok  ' : 'FAIL'}  ${r.rule.padEnd(48)} ${r.figure.padEnd(36)} budget ${r.budget}`);
  for (const r of rows.filter((row) => !row.pass)) lines.push(`size budget exceeded: ${r.why}`);
  return lines.join('\n');
}
