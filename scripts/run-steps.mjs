// Runs npm scripts one after the other, stops at the first failure, and says how long each took: `npm test` and CI
// print where their time goes (a table at the end, also when a step fails).
//
// Usage: node scripts/run-steps.mjs typecheck lint test:unit ...   (each argument is an npm script of package.json)
import { spawn } from 'node:child_process';
import process from 'node:process';
import { formatDuration, stepTable } from './steps-table.mjs';

const steps = process.argv.slice(2);
if (steps.length === 0) {
  process.stderr.write('Usage: node scripts/run-steps.mjs <npm script> [<npm script> ...]\n');
  process.exit(2);
}

/** Runs one npm script with the terminal's output; resolves with its exit code. */
function run(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: 'inherit', shell: false });
    child.on('error', () => resolve(127));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

const done = [];
let failed;
for (const step of steps) {
  const started = Date.now();
  process.stdout.write(`\n▶ ${step}\n`);
  const code = await run(step);
  const ms = Date.now() - started;
  done.push({ step, ms, ok: code === 0 });
  process.stdout.write(`◀ ${step}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${formatDuration(ms)}\n`);
  if (code !== 0) {
    failed = code;
    break;
  }
}
const skipped = steps.slice(done.length);
process.stdout.write(`\n${stepTable(done, skipped)}\n`);
process.exit(failed ?? 0);
