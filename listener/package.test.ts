/**
 * Production install: the built receiver beside `npm ci --omit=dev` (no tsx, no msw, no vitest) starts with plain
 * node and answers 204 to a valid event. Slow (an install), so there is only this one.
 */
import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { listeners, type Listener } from '../src/domain/event';
import { buildListener } from '../scripts/build-server';
import { envelopeFor } from './test-helpers';
import { startReceiver, type Receiver } from './test-processes';

const status = listeners.find((l) => l.eventType === 'TroubleTicketStatusChangeEvent') as Listener;
let copy: string | undefined;
let receiver: Receiver | undefined;

afterAll(async () => {
  await receiver?.stop();
  if (copy) await rm(copy, { recursive: true, force: true });
});

function run(command: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output}`))));
  });
}

it('runs from `npm run build:listener` beside `npm ci --omit=dev` with plain node, and answers 204', async () => {
  copy = await mkdtemp(join(tmpdir(), 'ttd-listener-prod-'));
  for (const file of ['package.json', 'package-lock.json']) await copyFile(file, join(copy, file));
  const main = await buildListener(join(copy, 'dist-listener'));
  // From npm's cache when it has the packages (CI has just installed them); no install scripts run.
  await run('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], copy);
  const installed = await readdir(join(copy, 'node_modules'));
  // A development install would hide a runtime package left among the devDependencies.
  for (const devOnly of ['tsx', 'msw', 'vitest', 'esbuild']) expect(installed).not.toContain(devOnly);

  receiver = await startReceiver({ main, cwd: copy });
  const res = await fetch(`${receiver.base}${status.path}`, {
    method: 'POST',
    headers: { Authorization: 'Bearer service', 'Content-Type': status.contentType },
    body: JSON.stringify(envelopeFor(status)),
  });
  expect(res.status).toBe(204);
  expect((await fetch(`${receiver.base}/readyz`)).status).toBe(200);
  expect(await receiver.stop()).toBe(0);
}, 180_000);
