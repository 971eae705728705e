/**
 * For tests and benchmarks: free ports, and redis-server, nginx and the receiver as real processes on 127.0.0.1, each
 * stopped (and its temporary folder removed) by whoever started it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** A port free at the moment of asking (the OS picks it); the caller binds it right away. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Debian's path first, then PATH; a sentence saying how to install it when absent (.ci/run installs both). */
export function binary(name: 'redis-server' | 'nginx'): string {
  const debian = name === 'nginx' ? '/usr/sbin/nginx' : '/usr/bin/redis-server';
  if (existsSync(debian)) return debian;
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir && existsSync(join(dir, name))) return join(dir, name);
  throw new Error(`${name} is not installed: apt-get install -y ${name} (.ci/run does it).`);
}

export type Running = {
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** SIGTERM (or the signal given) and wait for the exit; nothing happens if it has already exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

function running(child: ChildProcess): Running {
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
  return {
    child,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Waits for a line of the child's stdout or stderr matching `ready`; fails with what it printed if it exits first. */
export function waitForLine(child: ChildProcess, ready: RegExp, what: string, timeoutMs = 30_000): Promise<RegExpExecArray> {
  const printed: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start within ${timeoutMs} ms:\n${printed.join('\n')}`)), timeoutMs);
    const onLine = (line: string) => {
      if (printed.length < 200) printed.push(line);
      const match = ready.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    for (const stream of [child.stdout, child.stderr]) if (stream) createInterface({ input: stream }).on('line', onLine);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code}) before it was ready:\n${printed.join('\n')}`));
    });
  });
}

export type RedisServer = Running & { url: string; port: number };

/** redis-server on a free port, in memory only (no RDB, no AOF), its working files in a temporary folder. */
export async function startRedis(port?: number): Promise<RedisServer> {
  const chosen = port ?? (await freePort());
  const dir = await mkdtemp(join(tmpdir(), 'ttd-redis-'));
  const child = spawn(binary('redis-server'), ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const process = running(child);
  void process.exited.then(() => rm(dir, { recursive: true, force: true }));
  await waitForLine(child, /Ready to accept connections/, 'redis-server');
  return { ...process, url: `redis://127.0.0.1:${chosen}`, port: chosen };
}

export type Receiver = Running & { base: string; port: number; lines: string[] };

export type ReceiverOptions = {
  env?: Record<string, string>;
  /** A fixed port (to restart a receiver where it was); default a free one. */
  port?: number;
  /** The built bundle to run with plain node; default server/listener/main.ts through tsx. */
  main?: string;
  cwd?: string;
};

/** The receiver as its own process; resolves on its ready line. Its stdout (one JSON line per event) is drained. */
export async function startReceiver({ env = {}, port = 0, main, cwd }: ReceiverOptions = {}): Promise<Receiver> {
  const args = main ? [main] : ['--import', 'tsx', 'server/listener/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd,
    // Tests and benchmarks run without an OpenID provider unless `env` names one: authentication off, on loopback.
    env: { ...process.env, LISTENER_HOST: '127.0.0.1', DEV_AUTH_OFF: '1', NODE_ENV: 'test', ...env, LISTENER_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => {
    // The last lines only: a benchmark's receiver logs tens of thousands.
    lines.push(chunk.toString());
    if (lines.length > 500) lines.splice(0, lines.length - 500);
  });
  const match = await waitForLine(child, /^listening on (http:\/\/127\.0\.0\.1:(\d+)\S*)$/, 'The receiver');
  return { ...running(child), base: match[1] as string, port: Number(match[2]), lines };
}

export type Nginx = Running & { origin: string; port: number; prefix: string };

/**
 * nginx in the foreground with a configuration of the caller's (an `http { }` block's contents): its own prefix,
 * pid file, logs and temp paths in a temporary folder, so it needs no root and touches nothing of the machine's.
 */
export async function startNginx(httpBlock: (port: number, prefix: string) => string): Promise<Nginx> {
  const port = await freePort();
  const prefix = await mkdtemp(join(tmpdir(), 'ttd-nginx-'));
  // Run as root, nginx's workers become nobody: they must be able to enter the folder (nothing in it is secret).
  await chmod(prefix, 0o755);
  const temp = (name: string) => join(prefix, name);
  const config = [
    `error_log ${temp('error.log')} warn;`,
    `pid ${temp('nginx.pid')};`,
    'worker_processes 1;',
    'events { worker_connections 256; }',
    'http {',
    `  access_log ${temp('access.log')};`,
    `  client_body_temp_path ${temp('client_body')};`,
    `  proxy_temp_path ${temp('proxy')};`,
    `  fastcgi_temp_path ${temp('fastcgi')};`,
    `  uwsgi_temp_path ${temp('uwsgi')};`,
    `  scgi_temp_path ${temp('scgi')};`,
    '  include /etc/nginx/mime.types;',
    httpBlock(port, prefix),
    '}',
  ].join('\n');
  await writeFile(temp('nginx.conf'), config);
  const child = spawn(binary('nginx'), ['-p', prefix, '-c', temp('nginx.conf'), '-e', temp('error.log'), '-g', 'daemon off; master_process on;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const process = running(child);
  void process.exited.then(() => rm(prefix, { recursive: true, force: true }));
  // nginx prints nothing when it starts: ready is when the port answers.
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}); configuration:\n${config}`);
    try {
      await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) });
      break;
    } catch {
      if (i > 100) throw new Error('nginx did not answer within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { ...process, origin: `http://127.0.0.1:${port}`, port, prefix };
}
