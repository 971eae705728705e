// The size budgets `npm test` enforces: builds the app and the library floor, loads the first screen, compares with
// size-budgets.json and exits 1 naming the figure and the budget. Usage: node scripts/check-size.mjs [--budgets <file>]
import { relative, resolve } from 'node:path';
import { checkBudgets, formatRows, readBudgets } from './size/budgets.mjs';
import { ROOT, measure } from './size/measure.mjs';

const at = process.argv.indexOf('--budgets');
const file = resolve(at > 0 ? (process.argv[at + 1] ?? '') : resolve(ROOT, 'size-budgets.json'));
const budgets = readBudgets(file);
const result = await measure();
const shown = relative(process.cwd(), file);
const rows = checkBudgets(result, budgets, shown && !shown.startsWith('..') ? shown : file);
console.log(formatRows(rows));
if (result.pageErrors.length) console.log(`page errors while loading the first screen: ${result.pageErrors.join('; ')}`);
process.exit(rows.every((r) => r.pass) ? 0 : 1);
