/**
 * For tests: the gateway (server/gateway/main.ts) as a real process on a port of its own, its JSON log lines kept, and
 * a redis-server that keeps its data across a stop (append-only file), so a test can stop Redis and start it again.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { binary, freePort, waitForLine } from './processes';
import { childEnvironment, startableGatewayEnv } from './gateway-settings';

export type GatewayProcess = {
  base: string;
  port: number;
  /** Every line it printed, stdout and stderr, as written. */
  lines: string[];
  /** SIGTERM (or the signal given) and its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
};

/**
 * One gateway process with `env` over the startable settings; resolves on its ready line. `main`: the built bundle
 * (server/build.ts), which starts in a fraction of tsx's time; default server/gateway/main.ts through tsx.
 */
export async function startGateway(env: Record<string, string | undefined>, { port = 0, main }: { port?: number; main?: string } = {}): Promise<GatewayProcess> {
  const child = spawn(process.execPath, main ? [main] : ['--import', 'tsx', 'server/gateway/main.ts'], {
    env: childEnvironment(startableGatewayEnv, env, { GATEWAY_PORT: String(port) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const parts = (rest + chunk.toString()).split('\n');
      rest = parts.pop() ?? '';
      lines.push(...parts);
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const match = await waitForLine(child, /^gateway listening on (http:\/\/127\.0\.0\.1:(\d+)) /, 'The gateway');
  return {
    base: match[1] as string,
    port: Number(match[2]),
    lines,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export type LastingRedis = { url: string; port: number; stop(): Promise<void>; start(): Promise<void>; remove(): Promise<void> };

/** redis-server on a free port whose data lasts across stop() and start() (appendfsync always), in a folder of its own. */
export async function startLastingRedis(): Promise<LastingRedis> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'ttd-redis-lasting-'));
  let stopChild: (() => Promise<void>) | undefined;
  const start = async () => {
    const child = spawn(binary('redis-server'), ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--dir', dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await waitForLine(child, /Ready to accept connections/, 'redis-server');
    stopChild = async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    };
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop: async () => stopChild?.(),
    async remove() {
      await stopChild?.();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
