// The size budgets `npm test` enforces: builds the app (direct mode, then gateway mode) and the library floor, loads
// each first screen, compares with size-budgets.json and exits 1 naming the figure and the budget.
// Usage: node scripts/check-size.mjs [--budgets <file>]
import { relative, resolve } from 'node:path';
import { checkBudgets, checkGatewayBudgets, formatRows, readBudgets } from './size/budgets.mjs';
import { ROOT, measure } from './size/measure.mjs';

const at = process.argv.indexOf('--budgets');
const file = resolve(at > 0 ? (process.argv[at + 1] ?? '') : resolve(ROOT, 'size-budgets.json'));
const budgets = readBudgets(file);
const result = await measure();
const gateway = await measure({ mode: 'gateway', floor: result.floor });
const shown = relative(process.cwd(), file);
const named = shown && !shown.startsWith('..') ? shown : file;
const rows = [...checkBudgets(result, budgets, named), ...checkGatewayBudgets(gateway, budgets, named, result)];
console.log(formatRows(rows));
for (const [mode, measured] of [['direct', result], ['gateway', gateway]]) {
  if (measured.pageErrors.length) console.log(`page errors while loading the first screen (${mode}): ${measured.pageErrors.join('; ')}`);
}
process.exit(rows.every((r) => r.pass) ? 0 : 1);
