// `npm run bench`: every measurement of docs/quality.md in one table (measure, figure, budget / goal, verdict).
//
// Usage: npm run bench [-- --only size,entry,list,listener,gateway,lighthouse,bulk] [-- --runs N] [-- --requests N] [-- --json]
//        [-- --keep-build]
//
// Each measurement is its own script run as a child process with --json (a crash or hang in one is a row with the
// error, not the end of the table): scripts/first-screen-size.mjs, scripts/bench-entry.ts, scripts/bench-list.ts,
// scripts/bench-listener.ts, scripts/bench-gateway.ts, scripts/lighthouse.ts, scripts/bulk-check-bench.ts. The size step weighs the first screen
// in direct and in gateway mode (`--mode gateway`, issue 27). The three browser benches share one demo build
// (dist-bench, deleted at the end unless --keep-build); Lighthouse also builds real mode (dist-bench-real) and gateway
// mode (dist-bench-gateway) for a signed-in agent. --runs N goes to the list bench and Lighthouse, --requests N to the
// gateway bench. Timings are reported here,
// never asserted in `npm test`: this machine is shared and noisy (the load average is printed with the table).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { ensureDemoBuild, removeBuild } from './bench/demo-build';
import { gatewayRows, gatewaySizeRows, type GatewayFigures } from './bench/gateway-figures';
import { countOption, flag, option } from './bench/options';
import {
  entryRows,
  errorRow,
  formatTable,
  lastJsonObject,
  lighthouseRows,
  listRows,
  listenerRows,
  notAvailableRow,
  sizeRows,
  type Row,
  type UnknownJson,
} from './bench/table';

const steps = ['size', 'entry', 'list', 'listener', 'gateway', 'lighthouse', 'bulk'] as const;
type Step = (typeof steps)[number];

const only = option('only')?.split(',').map((s) => s.trim()) ?? [...steps];
const unknown = only.filter((s) => !(steps as readonly string[]).includes(s));
if (unknown.length) {
  console.error(`Unknown step(s) in --only: ${unknown.join(', ')}. Known: ${steps.join(', ')}.`);
  process.exit(2);
}
const runs = option('runs') === undefined ? undefined : String(countOption('runs', 1));
const requests = option('requests') === undefined ? undefined : String(countOption('requests', 1));
const json = flag('json');
const demoDir = 'dist-bench';
/** A step that takes longer than this is stopped and shown as an error row (a hung browser must not hang the bench). */
const STEP_TIMEOUT_MS = 15 * 60_000;

const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
let running: ReturnType<typeof spawn> | undefined;

/** Stops the step that is running (its whole process group: the browser it started goes with it). */
function stopRunning(signal: NodeJS.Signals = 'SIGTERM') {
  if (running?.pid && running.exitCode === null) {
    try {
      process.kill(-running.pid, signal);
    } catch {
      // Already gone.
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopRunning();
    process.exit(130);
  });
}

type Outcome = { json?: UnknownJson; error?: string };

/** Runs `script --json …args` with tsx; its progress (stderr) is passed through, tagged with the step's name. */
function runScript(step: Step, script: string, args: string[]): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsxCli, script, '--json', ...args], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    running = child;
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      for (const line of chunk.toString().split('\n')) if (line.trim()) process.stderr.write(`[${step}] ${line}\n`);
    });
    const timer = setTimeout(() => {
      stderr += `\nstopped after ${STEP_TIMEOUT_MS / 60_000} minutes`;
      stopRunning('SIGKILL');
    }, STEP_TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      running = undefined;
      const found = lastJsonObject(stdout);
      process.stderr.write(`[${step}] done in ${((Date.now() - started) / 1000).toFixed(0)} s (exit ${code})\n`);
      if (found) resolve({ json: found });
      else {
        // The most telling line: an Error's message, else the last thing the script said.
        const lines = `${stderr}\n${stdout}`.split('\n').map((l) => l.trim()).filter(Boolean);
        const message = lines.find((l) => /error/i.test(l)) ?? lines.at(-1) ?? `exit code ${code}`;
        resolve({ error: message });
      }
    });
  });
}

function readJsonFile(path: string): UnknownJson | undefined {
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, 'utf8')) as UnknownJson;
}

/** Each step's figures by its name; the size step's gateway-mode figures under `size-gateway`. */
const figures: Partial<Record<Step | 'size-gateway', UnknownJson>> = {};

/** One step: its rows, or one error row under its name; a mistake in reading its output is an error row too. */
async function step(
  name: Step,
  measure: string,
  script: string,
  args: string[],
  toRows: (figures: UnknownJson) => Row[],
  key: keyof typeof figures = name,
): Promise<Row[]> {
  const outcome = await runScript(name, script, args);
  if (!outcome.json) return [errorRow(measure, outcome.error ?? 'no output')];
  figures[key] = outcome.json;
  try {
    return toRows(outcome.json);
  } catch (error) {
    return [errorRow(measure, `unreadable output: ${(error as Error).message}`)];
  }
}

/** Many tickets at once (issue 41): the time to check 1,000 lines and the send rate, reported only. */
function bulkRows(figures: UnknownJson): Row[] {
  const { check, send } = figures as {
    check: { lines: number; ms: number; chunk: number; longestChunkMs: number };
    send: { rows: number; inFlight: number; rowsPerSecond: number };
  };
  return [
    { measure: `bulk: check ${check.lines} lines`, figure: `${check.ms} ms (longest chunk of ${check.chunk}: ${check.longestChunkMs} ms)`, budget: '', verdict: '—' },
    { measure: 'bulk: send through the outbox (mocked service)', figure: `${send.rowsPerSecond} rows/s (${send.rows} rows, ${send.inFlight} at a time)`, budget: '', verdict: '—' },
  ];
}

const load = () => loadavg().map((n) => n.toFixed(2)).join(', ');

async function main() {
  const startLoad = load();
  const started = Date.now();
  const rows: Row[] = [];
  const wanted = (s: Step) => only.includes(s);
  const browserSteps = (['entry', 'list', 'lighthouse'] as const).filter(wanted);
  let buildError: string | undefined;
  if (browserSteps.length) {
    try {
      await ensureDemoBuild(demoDir, { reuse: false, log: (m) => process.stderr.write(`[build] ${m}\n`) });
    } catch (error) {
      buildError = `demo build failed: ${(error as Error).message}`;
    }
  }
  const shared = ['--out-dir', demoDir, '--no-build'];
  const runsArgs = runs ? ['--runs', runs] : [];
  try {
    if (wanted('size')) {
      // The size script builds the app and the library floor itself (into dist-size, docs/decisions/0026).
      const budgets = () => readJsonFile('size-budgets.json');
      rows.push(...(await step('size', 'first-screen JS (gzip)', 'scripts/first-screen-size.mjs', [], (f) => sizeRows(f, budgets()))));
      // Gateway mode beside it: the same first screen without the OpenID library (issue 27), against the same floor.
      const gatewayMeasure = 'first-screen JS (gzip), gateway mode';
      rows.push(...(await step('size', gatewayMeasure, 'scripts/first-screen-size.mjs', ['--mode', 'gateway'], (f) => gatewaySizeRows(f, figures.size), 'size-gateway')));
    }
    if (wanted('entry')) {
      rows.push(
        ...(buildError
          ? [errorRow('wizard input latency', buildError)]
          : await step('entry', 'wizard input latency', 'scripts/bench-entry.ts', shared, (f) => entryRows(f as Parameters<typeof entryRows>[0]))),
      );
    }
    if (wanted('list')) {
      rows.push(
        ...(buildError
          ? [errorRow('list paging', buildError)]
          : await step('list', 'list paging', 'scripts/bench-list.ts', [...shared, ...runsArgs], (f) => listRows(f as Parameters<typeof listRows>[0]))),
      );
    }
    if (wanted('listener')) {
      const script = 'scripts/bench-listener.ts';
      rows.push(...(existsSync(script) ? await step('listener', 'listener', script, [], listenerRows) : [notAvailableRow('listener: 10,000 events', `${script} does not exist`)]));
    }
    if (wanted('gateway')) {
      const args = requests ? ['--requests', requests] : [];
      rows.push(...(await step('gateway', 'gateway overhead', 'scripts/bench-gateway.ts', args, (f) => gatewayRows(f as GatewayFigures))));
    }
    if (wanted('lighthouse')) {
      rows.push(
        ...(buildError
          ? [errorRow('Lighthouse', buildError)]
          : await step('lighthouse', 'Lighthouse', 'scripts/lighthouse.ts', [...shared, ...runsArgs], (f) => lighthouseRows(f as Parameters<typeof lighthouseRows>[0]))),
      );
    }
    if (wanted('bulk')) rows.push(...(await step('bulk', 'bulk entry', 'scripts/bulk-check-bench.ts', [], bulkRows)));
  } finally {
    if (browserSteps.length && !flag('keep-build')) await removeBuild(demoDir);
  }

  const machine = {
    cores: cpus().length,
    loadAverageBefore: startLoad,
    loadAverageAfter: load(),
    node: process.version,
    minutes: Number(((Date.now() - started) / 60_000).toFixed(1)),
    date: new Date().toISOString(),
  };
  if (json) {
    console.log(JSON.stringify({ machine, rows, figures }));
  } else {
    console.log('');
    console.log(formatTable(rows));
    console.log('');
    console.log(
      `${machine.cores} cores; load average (1, 5, 15 min) ${machine.loadAverageBefore} before, ${machine.loadAverageAfter} after; ` +
        `Node ${machine.node}; ${machine.minutes} min; ${machine.date}`,
    );
    console.log('within / over: meets / misses its budget or goal; —: reported only. Timings vary with the load: see docs/quality.md.');
  }
  // Exit 1 only when a step could not run: a missed goal is a figure to read, not a failure of the bench.
  process.exitCode = rows.some((r) => r.verdict === 'error') ? 1 : 0;
}

await main();
