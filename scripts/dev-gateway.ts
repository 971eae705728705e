/**
 * `npm run dev:gateway`: the app in gateway mode with every real part on 127.0.0.1 (tools/gateway-stack.ts): the
 * agents' OpenID provider, the token provider (client credentials), the mocked service checking the desk's tokens,
 * the app built with VITE_AUTH_MODE=gateway (`--skip-build` reuses the last build) and the gateway serving it. Prints
 * where to go and who can sign in; Ctrl+C stops everything. Development only (docs/sign-in.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { testAgents } from '../dev/oidc/accounts';
import { PROVIDER_CLIENT_ID } from '../dev/oidc/client';
import { DEMO_ADVANCE_EVERY_MS } from '../mocks/store';
import { gatewayStack, type StackProcess } from '../tools/gateway-stack';
import { startProviderPage } from './provider-controls';

const HOST = '127.0.0.1';
const READY_WITHIN_MS = 90_000;

function basePort(): number {
  const raw = process.env.GATEWAY_PORT?.trim() || '4180';
  const port = Number(raw);
  // The three other servers and the Provider page take the next ports.
  if (!/^\d+$/.test(raw) || port < 1024 || port > 65_531) throw new Error(`GATEWAY_PORT must be a whole number from 1024 to 65531, not "${raw}".`);
  return port;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, HOST, () => probe.close(() => resolve(true)));
  });
}

const children = new Map<string, ChildProcess>();
let stopping = false;

/** Each child in a process group of its own (npx → tsx → node), so stopping it reaches all three. */
function start(name: string, { command, env }: Pick<StackProcess, 'command' | 'env'>): ChildProcess {
  const child = spawn(command, { shell: true, detached: true, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.set(name, child);
  const prefix = (chunk: Buffer) => chunk.toString('utf8').replace(/\n$/, '').split('\n').map((line) => `[${name}] ${line}`).join('\n');
  child.stdout?.on('data', (chunk: Buffer) => console.log(prefix(chunk)));
  child.stderr?.on('data', (chunk: Buffer) => console.error(prefix(chunk)));
  child.once('exit', (code, signal) => {
    children.delete(name);
    if (stopping || name === 'build') return;
    console.error(`${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
    void stop(1);
  });
  return child;
}

function finished(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code ?? 1));
  });
}

async function ready(name: string, url: string): Promise<void> {
  const until = Date.now() + READY_WITHIN_MS;
  while (Date.now() < until) {
    if (!children.has(name)) throw new Error(`${name} stopped before it answered at ${url}.`);
    const status = await fetch(url, { signal: AbortSignal.timeout(2000) }).then((r) => r.status, () => 0);
    // Any answer but a server error means it listens (the mocked service answers 401 without a token).
    if (status > 0 && status < 500) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} did not answer at ${url} within ${READY_WITHIN_MS / 1000} s.`);
}

async function stop(code: number): Promise<never> {
  stopping = true;
  await Promise.all(
    [...children.values()].map((child) => {
      if (child.pid !== undefined && child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // Already gone.
        }
      }
      return finished(child);
    }),
  );
  process.exit(code);
}

async function main(): Promise<void> {
  const stack = gatewayStack(basePort(), {
    ...(process.env.REDIS_URL?.trim() ? { redisUrl: process.env.REDIS_URL.trim() } : {}),
    ...(process.env.REDIS_KEY_PREFIX?.trim() ? { redisKeyPrefix: process.env.REDIS_KEY_PREFIX.trim() } : {}),
  });
  // The Provider page (demo controls) on the port after the stack's four.
  const providerPagePort = stack.ports.api + 1;
  for (const [name, port] of Object.entries({ ...stack.ports, providerPage: providerPagePort })) {
    if (!(await portFree(port))) throw new Error(`Port ${port} (${name}) on ${HOST} is in use: stop what listens there, or choose other ports with GATEWAY_PORT (it takes that port and the next four).`);
  }
  // A fresh signing key per run for both providers.
  for (const file of Object.values(stack.keysFiles)) rmSync(file, { force: true });

  if (process.argv.includes('--skip-build')) {
    if (!existsSync(stack.staticDir)) throw new Error(`--skip-build needs an earlier build in ${stack.staticDir}: run npm run dev:gateway once without it.`);
  } else {
    console.log(`Building the app for gateway mode into ${stack.staticDir} …`);
    if ((await finished(start('build', stack.build))) !== 0) throw new Error('The build failed (see above); nothing was started.');
  }

  const { gateway, ...first } = stack.processes;
  for (const [name, part] of Object.entries(first)) start(name, part);
  await Promise.all(Object.entries(first).map(([name, { readyUrl }]) => ready(name, readyUrl)));
  start('gateway', gateway);
  await ready('gateway', gateway.readyUrl);
  const providerPage = await startProviderPage({ origin: stack.origins.api, token: { url: `${stack.origins.tokenIssuer}/token`, resource: stack.apiBase } }, providerPagePort);

  console.log(`
  App (gateway mode):       ${stack.origins.gateway}/
  Agents' OpenID provider:  ${stack.origins.agentsIssuer}  (dev/test only)
  Token provider:           ${stack.origins.tokenIssuer}/token  (client ${PROVIDER_CLIENT_ID}, client credentials only)
  Mocked service:           ${stack.apiBase}  (only the token provider's tokens for ${PROVIDER_CLIENT_ID})
  The provider's events:    to ${stack.origins.gateway}/listener/* as tickets move on (every ${DEMO_ADVANCE_EVERY_MS / 1000} s, a few at a time)
  Demo controls:            ${providerPage.url}/  or  npm run provider -- <action> <ticket>  (docs/gateway.md)
  State:                    ${stack.processes.gateway.env.REDIS_URL ? 'Redis (REDIS_URL)' : 'in memory'}
  Test accounts (test-only passwords):
${testAgents.map((account) => `    ${account.username.padEnd(11)} ${account.password.padEnd(16)} ${account.name.padEnd(14)} ${account.groups.join(', ')}`).join('\n')}
  Ctrl+C stops everything.
`);
}

process.once('SIGINT', () => void stop(0));
process.once('SIGTERM', () => void stop(0));
main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  void stop(1);
});
