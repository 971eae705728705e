// `npm run flake-hunt`: runs both Playwright configurations (the demo build, and real mode against the dev OpenID
// provider, the mocked service over HTTP and the event receiver) N times while a CPU burner keeps every core busy,
// and prints each failure with its test and attempt. Nothing is retried: a test that fails once here fails CI some day.
//
// Usage: npm run flake-hunt -- [--runs 5] [--configs demo,auth] [--no-load] [--burners N] [--grep <pattern>]
//
// The first run of each configuration builds the app; later runs serve the same build (E2E_REUSE_BUILD=1). Ports come
// from E2E_PORT as in the configs (default 4173; real mode +1..+4); builds and results go to dist-hunt*. Each attempt's
// traces of failed tests stay in dist-hunt-run<N>-<config>-results. Exit code 1 when anything failed.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { countOption, flag, option } from './bench/options';
import { summary, type Attempt, type RunReport } from './flake-hunt/outcomes';

const configs = {
  demo: { args: [] as string[], build: 'dist-hunt' },
  auth: { args: ['-c', 'playwright.auth.config.ts'], build: 'dist-hunt-auth' },
} as const;
type ConfigName = keyof typeof configs;

const runs = countOption('runs', 5);
const chosen = (option('configs') ?? 'demo,auth').split(',').map((name) => name.trim());
const unknown = chosen.filter((name) => !(name in configs));
if (unknown.length) {
  console.error(`Unknown configuration(s): ${unknown.join(', ')}. Known: ${Object.keys(configs).join(', ')}.`);
  process.exit(2);
}
const load = !flag('no-load');
const burnerCount = option('burners') === undefined ? availableParallelism() : countOption('burners', availableParallelism());
const grep = option('grep');

const children = new Set<ChildProcess>();
function stopAll(): void {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
}
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
  process.on(signal, () => {
    stopAll();
    process.exit(code);
  });
}
process.on('exit', stopAll);

/** One busy loop per core, each its own process so the scheduler spreads them like any other load. */
function startBurners(count: number): void {
  for (let i = 0; i < count; i += 1) {
    const burner = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
    children.add(burner);
  }
}

function playwright(name: ConfigName, run: number, reportFile: string): Promise<number> {
  const config = configs[name];
  const args = ['playwright', 'test', ...config.args, '--reporter=./scripts/flake-hunt/reporter.ts,dot', '--output', `dist-hunt-run${run}-${name}-results`];
  if (grep) args.push('--grep', grep);
  const env = {
    ...process.env,
    E2E_OUT_DIR: 'dist-hunt',
    FLAKE_HUNT_REPORT: reportFile,
    // A failure found here is looked at step by step (the e2e runs record no trace otherwise).
    E2E_TRACE: process.env.E2E_TRACE ?? 'retain-on-failure',
    // The first run builds; the others serve that build (a build under full load takes minutes and tests nothing).
    ...(existsSync(config.build) && run > 1 ? { E2E_REUSE_BUILD: '1' } : {}),
  };
  return new Promise((resolve) => {
    const child = spawn('npx', args, { stdio: 'inherit', env });
    children.add(child);
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code ?? 1);
    });
  });
}

function readReport(file: string): RunReport | null {
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as RunReport;
}

const scratch = mkdtempSync(join(tmpdir(), 'flake-hunt-'));
// Builds from an earlier hunt may be of older code: every hunt builds afresh in its first run.
for (const name of chosen as ConfigName[]) rmSync(configs[name].build, { recursive: true, force: true });
if (load) startBurners(burnerCount);
console.log(
  `Flake hunt: ${runs} run(s) of ${chosen.join(' + ')}, ${load ? `${burnerCount} CPU burner(s) on ${availableParallelism()} core(s)` : 'no added load'}${grep ? `, --grep ${grep}` : ''}.`,
);

const attempts: Attempt[] = [];
for (let run = 1; run <= runs; run += 1) {
  for (const name of chosen as ConfigName[]) {
    const reportFile = join(scratch, `run${run}-${name}.json`);
    const started = Date.now();
    console.log(`\n— run ${run}/${runs}: ${name} —`);
    const exitCode = await playwright(name, run, reportFile);
    const attempt: Attempt = { run, config: name, exitCode, seconds: (Date.now() - started) / 1000, report: readReport(reportFile), load: loadavg()[0]! };
    attempts.push(attempt);
    console.log(summary([attempt]).split('\n')[0]);
  }
}
stopAll();

const text = summary(attempts);
console.log(`\n${text}`);
writeFileSync('dist-hunt-summary.txt', `${new Date().toISOString()}\n${text}\n`);
rmSync(scratch, { recursive: true, force: true });
process.exit(attempts.some((attempt) => attempt.exitCode !== 0) || text.includes('failure(s)') ? 1 : 0);
