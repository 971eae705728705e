/**
 * The gateway stack's real processes for the benchmarks (tools/gateway-stack.ts, as `npm run dev:gateway` starts
 * them): the agents' provider, the token provider, the mocked service requiring the desk's client-credentials tokens,
 * and one gateway, each its own process (group) on 127.0.0.1 ports found free, so the gateway's event loop is its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { gatewayStack, type GatewayStack, type StackProcess } from '../../tools/gateway-stack';

const HOST = '127.0.0.1';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const READY_WITHIN_MS = 120_000;

export type RunningStack = {
  stack: GatewayStack;
  origin: string;
  /** Process group ids (npx → tsx → node) by server: what `cpuSecondsOfGroup` reads. */
  groups: { gateway: number; api: number };
  stop(): Promise<void>;
};

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux for every architecture Node runs on here). */
const USER_HZ = 100;

/**
 * The process group and the CPU time (user + system, in ticks) of one /proc/<pid>/stat line. The command name may hold
 * spaces and parentheses: the fields are read after its last ')'.
 */
export function statTimes(line: string): { group: number; ticks: number } | undefined {
  const rest = line.slice(line.lastIndexOf(')') + 2).split(' ');
  // After the name: state (3), ppid (4), pgrp (5), …, utime (14), stime (15).
  const [group, utime, stime] = [rest[2], rest[11], rest[12]].map(Number);
  if (rest.length < 13 || ![group, utime, stime].every(Number.isInteger)) return undefined;
  return { group: group as number, ticks: (utime as number) + (stime as number) };
}

/** CPU seconds used so far by every live process of a group (Linux /proc; NaN elsewhere). */
export function cpuSecondsOfGroup(group: number): number {
  if (!existsSync('/proc/self/stat')) return Number.NaN;
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const times = statTimes(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      if (times?.group === group) ticks += times.ticks;
    } catch {
      // Gone between the listing and the read.
    }
  }
  return ticks / USER_HZ;
}

export type StackOptions = {
  /** The built app the gateway serves (GATEWAY_STATIC_DIR); without it the gateway serves the API and sign-in only. */
  staticDir?: string;
  /** The origin browsers use is a front on the base port + 4 (scripts/bench/gateway-front.ts), not the gateway itself. */
  front?: boolean;
  /** `nice -n` for every server (Lighthouse: the servers stand for other machines, decision 0040). */
  niceness?: number;
  /** REDIS_URL for the gateway's sessions and event log (bench:scale); default in memory. */
  redisUrl?: string;
  log: (message: string) => void;
};

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, HOST, () => probe.close(() => resolve(true)));
  });
}

/** A base port whose next four are free too (the stack takes base … base+3, a front base+4). */
export async function freeBasePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = 20_000 + 5 * Math.floor(Math.random() * 8_000);
    const free = await Promise.all([0, 1, 2, 3, 4].map((i) => portFree(base + i)));
    if (free.every(Boolean)) return base;
  }
  throw new Error('Found no five free ports in a row on 127.0.0.1 (tried 50 times)');
}

/** Stops a process started with `detached` (its whole group: npx → tsx → node); SIGKILL after 5 s. */
export async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Runs one of the stack's commands from the repository's root in a process group of its own; its last lines are kept for errors. */
export function startProcess(name: string, { command, env }: Pick<StackProcess, 'command' | 'env'>, niceness?: number) {
  const line = niceness && existsSync('/usr/bin/nice') ? `/usr/bin/nice -n ${niceness} ${command}` : command;
  const child = spawn(line, { shell: true, detached: true, cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    tail.push(...chunk.toString('utf8').split('\n').filter((l) => l.trim() && !/^oidc-provider WARNING/.test(l)));
    tail.splice(0, Math.max(0, tail.length - 20));
  };
  // Drained always: a server that logs every request must never block on a full pipe.
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { name, child, tail };
}

type Started = ReturnType<typeof startProcess>;

/** Until `url` answers below 500, or the process stops (its last lines in the error), or two minutes pass. */
export async function ready(started: Started, url: string): Promise<void> {
  const until = Date.now() + READY_WITHIN_MS;
  while (Date.now() < until) {
    if (started.child.exitCode !== null || started.child.signalCode !== null) {
      throw new Error(`${started.name} stopped before it answered at ${url}: ${started.tail.slice(-3).join(' | ') || 'no output'}`);
    }
    const status = await fetch(url, { signal: AbortSignal.timeout(2000) }).then((r) => r.status, () => 0);
    // Any answer but a server error means it listens (the mocked service answers 401 without a token).
    if (status > 0 && status < 500) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${started.name} did not answer at ${url} within ${READY_WITHIN_MS / 1000} s: ${started.tail.slice(-3).join(' | ')}`);
}

/** Builds the app for gateway mode into `staticDir` as the stack builds it (VITE_AUTH_MODE=gateway). */
export async function buildGatewayApp(staticDir: string, log: (message: string) => void): Promise<void> {
  const stack = gatewayStack(4180, { staticDir });
  log(`Building the app for gateway mode into ${stack.staticDir} …`);
  const build = startProcess('build', stack.build);
  const code = await new Promise<number>((done) => build.child.once('exit', (c) => done(c ?? 1)));
  if (code !== 0) throw new Error(`The gateway-mode build failed: ${build.tail.slice(-3).join(' | ')}`);
}

/** Starts the four servers (the gateway last: it reads the agents' provider's discovery) and waits until each answers. */
export async function startGatewayProcesses({ staticDir, front, niceness, redisUrl, log }: StackOptions): Promise<RunningStack> {
  const base = await freeBasePort();
  const stack = gatewayStack(base, { ...(staticDir ? { staticDir } : {}), ...(front ? { publicOrigin: `http://${HOST}:${base + 4}` } : {}), ...(redisUrl ? { redisUrl } : {}) });
  const gatewayEnv = { ...stack.processes.gateway.env };
  // Optional: the latency bench needs no app, and the gateway refuses a static folder that is not there.
  if (!staticDir) delete gatewayEnv.GATEWAY_STATIC_DIR;
  for (const file of Object.values(stack.keysFiles)) rmSync(file, { force: true });
  const running: Started[] = [];
  const stop = async () => {
    await Promise.all(running.map((r) => stopGroup(r.child)));
    for (const file of Object.values(stack.keysFiles)) rmSync(file, { force: true });
  };
  try {
    const { agentsProvider, tokenProvider, api } = stack.processes;
    const first = { agentsProvider, tokenProvider, api };
    for (const [name, part] of Object.entries(first)) running.push(startProcess(name, part, niceness));
    await Promise.all(Object.values(first).map((part, i) => ready(running[i] as Started, part.readyUrl)));
    const gateway = startProcess('gateway', { command: stack.processes.gateway.command, env: gatewayEnv }, niceness);
    running.push(gateway);
    await ready(gateway, stack.processes.gateway.readyUrl);
    log(`Gateway stack up: gateway ${stack.origins.gateway}, service ${stack.apiBase}`);
    const group = (name: string) => running.find((r) => r.name === name)?.child.pid ?? Number.NaN;
    return { stack, origin: stack.origins.gateway, groups: { gateway: group('gateway'), api: group('api') }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
