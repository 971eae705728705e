// Runs npm scripts one after the other, stops at the first failure, and says how long each took: `npm test` and CI
// print where their time goes (a table at the end, also when a step fails).
//
// Usage: node scripts/run-steps.mjs typecheck,lint test:unit ...   (each argument is an npm script of package.json)
//
// Steps joined by a comma form a group that runs at the same time: for steps that keep one core busy each (tsc and
// ESLint are single-threaded), so two of them on two cores take the time of the longer. A group's outputs are held
// and printed whole, one after the other, as each step ends, so they never interleave. A held step that failed has the
// end of its output printed again just before the table: CI's log keeps only the tail, and the cause must be in it.
import { spawn } from 'node:child_process';
import process from 'node:process';
import { failureTail, formatDuration, parseGroups, stepTable } from './steps-table.mjs';

const groups = parseGroups(process.argv.slice(2));
if (groups.length === 0) {
  process.stderr.write('Usage: node scripts/run-steps.mjs <npm script>[,<npm script> ...] [...]\n');
  process.exit(2);
}

/** Runs one npm script; its output goes to the terminal, or is held and printed whole at its end (`held`). */
function run(script, held) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit', shell: false });
    const chunks = [];
    if (held) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    const end = (code) => {
      const ms = Date.now() - started;
      if (held) {
        process.stdout.write(`\n▶ ${script} (ran beside the other steps of its group; its output:)\n`);
        process.stdout.write(Buffer.concat(chunks));
      }
      process.stdout.write(`◀ ${script}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${formatDuration(ms)}\n`);
      resolve({ step: script, ms, ok: code === 0, output: held ? Buffer.concat(chunks).toString('utf8') : '' });
    };
    child.on('error', () => end(127));
    child.on('close', (code, signal) => end(code ?? (signal ? 128 : 1)));
  });
}

const started = Date.now();
const done = [];
let failed = false;
for (const group of groups) {
  const held = group.length > 1;
  process.stdout.write(`\n▶ ${group.join(' + ')}${held ? ' (at the same time)' : ''}\n`);
  const results = await Promise.all(group.map((script) => run(script, held)));
  done.push(...results);
  if (results.some((result) => !result.ok)) {
    failed = true;
    break;
  }
}
const skipped = groups.flat().filter((step) => !done.some((d) => d.step === step));
for (const { step, ok, output } of done) {
  if (ok || !output) continue;
  process.stdout.write(`\n▼ the end of ${step}'s output (it failed beside the other steps of its group):\n${failureTail(output)}\n`);
}
process.stdout.write(`\n${stepTable(done, skipped, Date.now() - started)}\n`);
process.exit(failed ? 1 : 0);
