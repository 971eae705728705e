// The desk's side of the gateway e2e run, started by playwright.gateway.config.ts as one web server: the app's
// production build in gateway mode, a throwaway redis-server, two gateway instances on it and nginx in front of them
// on the app's origin. It writes the instances' process ids to the run file (a test kills one) and stops everything on
// SIGTERM. Run: npx tsx e2e/support/gateway-run.ts (the agents' provider, the token provider and the service first).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { binary, startRedis } from '../../server/testing/processes';
import { nginxSite } from './gateway-nginx';
import { LOOPBACK, settings, type RunState } from './gateway-settings';

const children: ChildProcess[] = [];
const folders: string[] = [];

/** Every line a child prints, under its name, on our output (Playwright shows it with `stdout: 'pipe'`). */
function relay(child: ChildProcess, name: string): void {
  for (const stream of [child.stdout, child.stderr]) if (stream) createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
}

/** Polls `url` until it answers `status` (default any answer); fails when the child exits first or after 60 s. */
async function answers(url: string, child: ChildProcess, what: string, status?: number): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited (${child.exitCode ?? child.signalCode}) before it was ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (status === undefined || response.status === status) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`${what} did not answer at ${url} within 60 s`);
}

function buildApp(): void {
  const { build, staticDir } = settings.stack;
  if (process.env.E2E_REUSE_BUILD === '1' && existsSync(join(staticDir, 'index.html'))) return;
  const built = spawnSync(`${build.command} --emptyOutDir`, { shell: true, stdio: 'inherit', env: { ...process.env, ...build.env } });
  if (built.status !== 0) throw new Error(`vite build (gateway mode) failed (${built.status ?? built.signal})`);
}

async function startGateway(port: number, index: number): Promise<ChildProcess> {
  const name = `gateway ${'AB'[index]}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/gateway/main.ts'], {
    env: { ...process.env, ...settings.gatewayEnv(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  relay(child, name);
  child.once('exit', (code, signal) => console.log(`[${name}] exited (${code ?? signal})`));
  await answers(`http://${LOOPBACK}:${port}/readyz`, child, name, 200);
  return child;
}

/** nginx in the foreground with a configuration of its own in a temporary folder (as server/testing/processes.ts). */
async function startNginx(): Promise<ChildProcess> {
  const prefix = await mkdtemp(join(tmpdir(), 'ttd-gw-nginx-'));
  folders.push(prefix);
  // Run as root, nginx's workers become nobody: they must be able to enter the folder.
  await chmod(prefix, 0o755);
  const temp = (name: string) => join(prefix, name);
  const config = [
    `error_log ${temp('error.log')} warn;`,
    `pid ${temp('nginx.pid')};`,
    'worker_processes 1;',
    'events { worker_connections 256; }',
    'http {',
    `  access_log ${temp('access.log')};`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${temp(kind)};`),
    nginxSite(settings),
    '}',
  ].join('\n');
  await writeFile(temp('nginx.conf'), config);
  const child = spawn(binary('nginx'), ['-p', prefix, '-c', temp('nginx.conf'), '-e', temp('error.log'), '-g', 'daemon off; master_process on;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  relay(child, 'nginx');
  await answers(`${settings.appOrigin}/healthz`, child, 'nginx', 200);
  return child;
}

let stopping: Promise<never> | undefined;
/** Stops every child, removes their folders, then exits; a second call (another signal) waits for the first. */
function stop(code: number): Promise<never> {
  stopping ??= (async () => {
    rmSync(settings.runFile, { force: true });
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      ),
    );
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
    return process.exit(code);
  })();
  return stopping;
}
// `on`, not `once`: the signal comes to the whole process group, and tsx passes it on once more; a second one must not
// kill this process before it has stopped its children and removed their folders.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void stop(0));
// Playwright may stop reading our output before we are done: a write to the closed pipe must not end the clean-up.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);

try {
  buildApp();
  const redis = await startRedis(settings.ports.redis);
  children.push(redis.child);
  const gateways = await Promise.all(settings.ports.gateways.map(startGateway));
  const nginx = await startNginx();
  const state: RunState = {
    gateways: gateways.map((child, i) => ({ port: settings.ports.gateways[i]!, pid: child.pid! })),
    nginxPid: nginx.pid!,
    redisPid: redis.child.pid!,
  };
  writeFileSync(settings.runFile, JSON.stringify(state));
  console.log(`The desk in gateway mode on ${settings.appOrigin} (nginx → gateways on ${settings.ports.gateways.join(', ')}; Redis ${settings.redisUrl})`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stop(1);
}
