// `npm run faults [-- --tickets 100 --rate 0.2 --seed 1]`: builds the demo, serves it on a free port, and enters that
// many tickets through the UI in headless Chromium while the mocked service injects faults; prints what happened.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { DEMO_ADVANCE_EVERY_MS } from '../mocks/store';
import { faultKinds, type FaultKind } from '../mocks/faults';
import { causeForKind, createFaults, faultLog, fillMinimalFault, setFaults, storedCount, submitUntilShown, tally, type TicketRun } from '../tools/fault-entry';
import { findChromium, NO_CHROMIUM_MESSAGE } from '../tools/chromium-path.mjs';

const HOST = '127.0.0.1';

function options() {
  const { values } = parseArgs({
    options: {
      tickets: { type: 'string', default: '100' },
      rate: { type: 'string', default: '0.2' },
      seed: { type: 'string', default: '1' },
      kinds: { type: 'string', default: faultKinds.join(',') },
      'out-dir': { type: 'string', default: 'dist-faults-run' },
      'skip-build': { type: 'boolean', default: false },
    },
  });
  const tickets = Number(values.tickets);
  const rate = Number(values.rate);
  const seed = Number(values.seed);
  if (!Number.isInteger(tickets) || tickets < 1) throw new Error(`--tickets must be a whole number of 1 or more, not "${values.tickets}".`);
  if (!(rate >= 0 && rate <= 1)) throw new Error(`--rate must be from 0 to 1, not "${values.rate}".`);
  if (!Number.isInteger(seed)) throw new Error(`--seed must be a whole number, not "${values.seed}".`);
  return { tickets, rate, seed, kinds: values.kinds.split(',').map((k) => k.trim()) as FaultKind[], outDir: values['out-dir'], skipBuild: values['skip-build'] };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('No free port'))));
    });
  });
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/** vite preview in its own process group, so stopping it stops its children too. */
async function serve(outDir: string, port: number): Promise<ChildProcess> {
  const child = spawn('npx', ['vite', 'preview', '--outDir', outDir, '--port', String(port), '--host', HOST, '--strictPort'], {
    stdio: 'ignore',
    detached: true,
  });
  const url = `http://${HOST}:${port}/`;
  for (let i = 0; i < 150; i += 1) {
    try {
      if ((await fetch(url)).ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  stop(child);
  throw new Error(`vite preview did not answer on ${url} within 30 s.`);
}

function stop(child: ChildProcess): void {
  if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
}

const line = (label: string, value: string | number) => console.log(`${label.padEnd(34)} ${value}`);
const counts = (record: Partial<Record<string, number>>) =>
  Object.entries(record)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key} ${value}`)
    .join(', ') || 'none';

async function main(): Promise<number> {
  const config = options();
  const executablePath = findChromium();
  if (!executablePath) throw new Error(NO_CHROMIUM_MESSAGE);
  if (!config.skipBuild) {
    console.log(`Building the demo into ${config.outDir} …`);
    await run('npx', ['vite', 'build', '--mode', 'demo', '--outDir', config.outDir, '--logLevel', 'error']);
  }
  const port = await freePort();
  const preview = await serve(config.outDir, port);
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const started = performance.now();
  const runs: TicketRun[] = [];
  const pageErrors: string[] = [];
  let stuck: string | undefined;
  try {
    const context = await browser.newContext({ baseURL: `http://${HOST}:${port}`, locale: 'en-US', timezoneId: 'Europe/Berlin' });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // Hold the demo's data still (as e2e/support/demo-service.ts does): only the faults should change what the agent sees.
    await page.addInitScript((every) => {
      const setInterval = window.setInterval.bind(window);
      window.setInterval = ((handler: TimerHandler, timeout?: number, ...rest: unknown[]) =>
        timeout === every ? 0 : setInterval(handler, timeout, ...rest)) as typeof window.setInterval;
    }, DEMO_ADVANCE_EVERY_MS);
    await page.goto('/tickets/new');
    await page.getByRole('heading', { level: 2, name: /Step 1 of 7/ }).waitFor();
    await setFaults(page, { rate: config.rate, kinds: config.kinds, seed: config.seed, slowMs: 1500, retryAfterSeconds: 1 });

    const stamp = Date.now().toString(36);
    for (let i = 0; i < config.tickets; i += 1) {
      const externalId = `FAULT-RUN-${stamp}-${String(i + 1).padStart(3, '0')}`;
      try {
        await fillMinimalFault(page, externalId);
        runs.push(await submitUntilShown(page, externalId));
      } catch (error) {
        // A reload would empty the demo's store, so a stuck ticket ends the run; it is reported, not hidden.
        stuck = `${externalId}: ${error instanceof Error ? error.message : String(error)}`;
        runs.push({ externalId, ticketId: '', sends: 0, progressSeen: 0, failures: [] });
        break;
      }
      if ((i + 1) % 10 === 0) console.log(`  ${i + 1} of ${config.tickets} tickets entered`);
    }

    const log = await faultLog(page);
    await setFaults(page, { rate: 0 });
    const stored = await Promise.all(runs.map((r) => storedCount(page, r.externalId)));
    const seconds = (performance.now() - started) / 1000;
    const creates = createFaults(log);
    const failures = runs.flatMap((r) => r.failures);
    const submitFailures = failures.filter((f) => f.where === 'submit' && f.cause !== 'unconfirmed');
    const expectedOnSubmit = creates.map(causeForKind).filter((c) => c !== undefined);
    const reads = log.filter((r) => r.method === 'GET' && r.kind !== 'slow');
    const shownOnReads = failures.length - submitFailures.length;
    const retries = failures.filter((f) => f.way === 'retry').length;

    console.log(`\nFault run: ${config.tickets} tickets at ${config.rate * 100} % faults (${config.kinds.join(', ')}), seed ${config.seed}`);
    line('attempted', runs.length);
    line('created (stored exactly once)', stored.filter((n) => n === 1).length);
    line('lost (not stored; goal 0)', stored.filter((n) => n === 0).length);
    line('doubled (stored twice; goal 0)', stored.filter((n) => n > 1).length);
    line('faults injected', `${log.length}: ${counts(tally(log.map((r) => r.kind)))}`);
    line('  on creates (POST)', `${creates.length}: ${counts(tally(creates))}`);
    line('  on reads (GET)', `${log.length - creates.length}: ${counts(tally(log.filter((r) => r.method === 'GET').map((r) => r.kind)))}`);
    line('failures shown to the agent', `${failures.length}: ${counts(tally(failures.map((f) => `${f.where} ${f.cause}`)))}`);
    line('  on creates vs create faults', `${submitFailures.length} shown, ${expectedOnSubmit.length} expected (every non-slow create fault)`);
    line('  read faults retried invisibly', `${reads.length - shownOnReads} of ${reads.length}`);
    line('slow creates / progress seen', `${creates.filter((k) => k === 'slow').length} / ${runs.reduce((s, r) => s + r.progressSeen, 0)} sends showed "Creating the ticket…"`);
    line('retries taken by the agent', retries);
    line('sends of "Create" (incl. Retry)', runs.reduce((s, r) => s + r.sends, 0));
    line('page errors', pageErrors.length);
    line('time', `${seconds.toFixed(1)} s (${(seconds / Math.max(runs.length, 1)).toFixed(2)} s per ticket)`);
    if (stuck) console.log(`\nSTUCK: ${stuck}`);
    if (submitFailures.length !== expectedOnSubmit.length) {
      console.log('\nCreate faults (log order):', creates.join(', '));
      for (const f of submitFailures) console.log(`  shown ${f.externalId} ${f.cause}: ${f.text.slice(0, 160)}`);
    }
    const ok = !stuck && stored.every((n) => n === 1) && submitFailures.length === expectedOnSubmit.length && pageErrors.length === 0;
    console.log(ok ? '\nOK: every ticket exists exactly once; every create fault reached the agent with a way forward.' : '\nFAILED (see above).');
    return ok ? 0 : 1;
  } finally {
    await browser.close();
    stop(preview);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
