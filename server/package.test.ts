/**
 * The server package's production install, as docs/deploy.md makes it on a host: the release folder of
 * `npm run build:server`, then `npm ci --omit=dev --workspace @ttd/server` in it. Only this package's dependencies are
 * installed (no React, no UI library, no build tool); the receiver answers 204 to a valid event and the gateway
 * starts, both with plain node. Slow (an install), so there is only this one.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listeners, type Listener } from '../src/domain/event';
import { buildRelease } from './build';
import { childEnvironment, startableGatewayEnv } from './testing/gateway-settings';
import { envelopeFor } from './testing/listener-helpers';
import { startReceiver, waitForLine, type Receiver } from './testing/processes';

const status = listeners.find((l) => l.eventType === 'TroubleTicketStatusChangeEvent') as Listener;
let release: string;
let built: Awaited<ReturnType<typeof buildRelease>>;
let installed: string[];
let receiver: Receiver | undefined;

function run(command: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output}`))));
  });
}

/** Every package folder under node_modules, scoped ones as `@scope/name`. */
async function packagesIn(folder: string): Promise<string[]> {
  const names: string[] = [];
  for (const entry of await readdir(folder)) {
    if (entry.startsWith('.')) continue;
    if (entry.startsWith('@')) for (const inner of await readdir(join(folder, entry))) names.push(`${entry}/${inner}`);
    else names.push(entry);
  }
  return names;
}

beforeAll(async () => {
  release = await mkdtemp(join(tmpdir(), 'ttd-server-release-'));
  built = await buildRelease(release);
  // From npm's cache when it has the packages (CI has just installed them); no install scripts run.
  await run('npm', ['ci', '--omit=dev', '--workspace', '@ttd/server', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], release);
  installed = await packagesIn(join(release, 'node_modules'));
}, 180_000);

afterAll(async () => {
  await receiver?.stop();
  await rm(release, { recursive: true, force: true });
});

it('installs the server package\'s dependencies and nothing of the app or the build', async () => {
  const manifest = JSON.parse(await readFile(join(release, 'server', 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  for (const name of Object.keys(manifest.dependencies)) expect(installed).toContain(name);
  for (const absent of ['react', 'react-dom', 'react-router-dom', '@tanstack/react-query', 'react-hook-form', 'oidc-client-ts', 'msw', 'vite', 'vitest', 'tsx', 'esbuild', 'typescript']) {
    expect(installed, absent).not.toContain(absent);
  }
});

it('starts the receiver with plain node, which answers 204 to a valid event', async () => {
  receiver = await startReceiver({ main: built.listener, cwd: release });
  const res = await fetch(`${receiver.base}${status.path}`, {
    method: 'POST',
    headers: { Authorization: 'Bearer service', 'Content-Type': status.contentType },
    body: JSON.stringify(envelopeFor(status)),
  });
  expect(res.status).toBe(204);
  expect((await fetch(`${receiver.base}/readyz`)).status).toBe(200);
  expect(await receiver.stop()).toBe(0);
  receiver = undefined;
}, 30_000);

it('starts the gateway with plain node, healthy', async () => {
  const child = spawn(process.execPath, [built.gateway], { cwd: release, env: childEnvironment(startableGatewayEnv), stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const [, base] = await waitForLine(child, /^gateway listening on (http:\/\/127\.0\.0\.1:\d+) /, 'The gateway');
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}, 30_000);
