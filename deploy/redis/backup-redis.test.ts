// @vitest-environment node
/**
 * The hourly Redis backup of docs/deploy.md (deploy/redis/backup-redis.sh): against a running redis-server with a
 * password it leaves one checked snapshot, and a Redis started on that file alone has the keys written before; with a
 * wrong password it fails and leaves no file that could be taken for a backup.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binary, freePort } from '../../server/testing/processes';

const run = promisify(execFile);
const script = fileURLToPath(new URL('backup-redis.sh', import.meta.url));
const PASSWORD = 'backup-test-password-0123456789';
const started: ChildProcess[] = [];
let folder: string;

async function redis(dir: string, port: number, extra: string[] = []): Promise<void> {
  const child = spawn(binary('redis-server'), ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--requirepass', PASSWORD, '--appendonly', 'no', ...extra], { stdio: 'ignore' });
  started.push(child);
  for (let attempt = 0; ; attempt += 1) {
    const ping = await cli(port, 'PING').catch(() => '');
    if (ping === 'PONG') return;
    if (attempt > 100 || child.exitCode !== null) throw new Error(`redis-server on ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function cli(port: number, ...args: string[]): Promise<string> {
  const { stdout } = await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), '--no-auth-warning', '-a', PASSWORD, ...args]);
  return stdout.trim();
}

/** The script as the timer runs it, with its folder and Redis's configuration (only port and password are read) here. */
async function backup(port: number, password: string, into: string) {
  const conf = join(folder, `redis-${port}-${password.length}.conf`);
  await writeFile(conf, `port ${port}\nrequirepass ${password}\n`);
  await mkdir(into, { recursive: true });
  return run('sh', [script], { env: { ...process.env, TTD_REDIS_CONF: conf, TTD_BACKUP_DIR: into } }).then(
    ({ stdout }) => ({ ok: true, stdout: stdout.trim() }),
    (error: { stderr?: string }) => ({ ok: false, stdout: error.stderr ?? '' }),
  );
}

let port: number;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'ttd-redis-backup-'));
  await mkdir(join(folder, 'live'));
  port = await freePort();
  await redis(join(folder, 'live'), port);
  await cli(port, 'XADD', '{trouble-ticket-desk}:events', '*', 'event', '{"eventId":"E-1"}');
  await cli(port, 'SET', '{trouble-ticket-desk}:seen:E-1', '1');
}, 30_000);

afterAll(async () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(started.map((child) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined)));
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('the Redis backup script', () => {
  it('leaves one checked snapshot that a Redis restored from it holds the keys of', async () => {
    const into = join(folder, 'backups-ok');
    const result = await backup(port, PASSWORD, into);
    expect(result.ok).toBe(true);
    const files = await readdir(into);
    expect(files).toEqual([expect.stringMatching(/^redis-\d{8}T\d{6}Z\.rdb$/)]);
    expect(result.stdout).toBe(join(into, files[0] as string));

    // The restore of docs/deploy.md: a Redis started with the snapshot as its dump file.
    const restored = join(folder, 'restored');
    await mkdir(restored);
    await copyFile(join(into, files[0] as string), join(restored, 'dump.rdb'));
    const other = await freePort();
    await redis(restored, other);
    expect(await cli(other, 'XLEN', '{trouble-ticket-desk}:events')).toBe('1');
    expect(await cli(other, 'GET', '{trouble-ticket-desk}:seen:E-1')).toBe('1');
  });

  it('fails with a wrong password and leaves no file behind', async () => {
    const into = join(folder, 'backups-wrong');
    const result = await backup(port, 'not-the-password', into);
    expect(result.ok).toBe(false);
    expect(await readdir(into)).toEqual([]);
  });
});
