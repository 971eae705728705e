/** `npm run gateway` and the built `node dist-server/gateway.js` as processes: one ready line, health, a sentence on a wrong setting, a quick stop. */
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildRelease } from '../build';
import { childEnvironment, startableGatewayEnv } from '../testing/gateway-settings';

const env = startableGatewayEnv;
const outDir = join(process.cwd(), `dist-gateway-test-${process.pid}`);

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

// A gateway that started where it should have refused must not outlive its test.
const children = new Set<ChildProcess>();
afterEach(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  children.clear();
});

function start(changes: Record<string, string | undefined>, args = ['--import', 'tsx', 'server/gateway/main.ts']) {
  const child = spawn(process.execPath, args, { env: childEnvironment(env, changes), stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const stdout: string[] = [];
  const stderr: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      stdout.push(line);
      const url = /^gateway listening on (http:\/\/127\.0\.0\.1:\d+) /.exec(line)?.[1];
      if (url) resolve(url);
    });
    void exited.then((code) => reject(new Error(`exited ${code}: ${stderr.join('')}`)));
  });
  ready.catch(() => {});
  return { child, ready, exited, stdout, stderr };
}

/** A session secret fit for production: random, and published nowhere else. */
const productionSecret = 'q7Vd2Lx9Pz0kT4mWb8Rn1Ys6Hc3Fj5Ga';

describe('server/gateway/main.ts', () => {
  it('prints one ready line, answers health, refuses what needs a session, and stops on SIGTERM', async () => {
    const { child, ready, exited, stdout } = start({});
    const base = await ready;
    expect(stdout).toEqual([`gateway listening on ${base} for http://127.0.0.1:5222 (sessions: this process)`]);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const readiness = await fetch(`${base}/readyz`);
    expect(readiness.status).toBe(200);
    expect(await readiness.json()).toEqual({ status: 'ready', broker: 'in-process', authentication: 'off' });
    expect((await fetch(`${base}/gateway/session`)).status).toBe(401);
    expect((await fetch(`${base}/tmf-api/troubleTicket/v5/troubleTicket`)).status).toBe(401);
    // fetch's pool keeps an idle keep-alive connection open: the stop does not wait for it.
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 30_000);

  it('starts with LISTENER_ISSUER and no switch, under NODE_ENV=production; /readyz says nothing is off, and not ready while the issuer\'s keys are out of reach', async () => {
    const { child, ready, exited } = start({ DEV_AUTH_OFF: undefined, NODE_ENV: 'production', GATEWAY_SESSION_SECRET: productionSecret, LISTENER_ISSUER: 'https://auth.provider.test', LISTENER_AUDIENCE: 'receiver' });
    const base = await ready;
    const readiness = await fetch(`${base}/readyz`);
    expect(readiness.status).toBe(503);
    const body = (await readiness.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ code: 'keysUnavailable', message: expect.stringContaining('https://auth.provider.test') });
    expect(body).not.toHaveProperty('authentication');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 30_000);

  it.each([
    ['a short session secret', { GATEWAY_SESSION_SECRET: 'too short' }, 'GATEWAY_SESSION_SECRET must be at least 32 characters long'],
    ['no public origin', { GATEWAY_PUBLIC_ORIGIN: undefined }, 'GATEWAY_PUBLIC_ORIGIN must be set'],
    ['a public origin on plain http', { GATEWAY_PUBLIC_ORIGIN: 'http://desk.example.com' }, 'GATEWAY_PUBLIC_ORIGIN must be an https:// URL'],
    // Nothing open by a forgotten setting (issue 29).
    ['production without LISTENER_ISSUER', { NODE_ENV: 'production', GATEWAY_SESSION_SECRET: productionSecret, DEV_AUTH_OFF: undefined }, 'LISTENER_ISSUER must be set (with LISTENER_AUDIENCE)'],
    ['development without LISTENER_ISSUER or the switch', { DEV_AUTH_OFF: undefined }, 'LISTENER_ISSUER must be set (with LISTENER_AUDIENCE)'],
    ['the switch under NODE_ENV=production', { NODE_ENV: 'production', GATEWAY_SESSION_SECRET: productionSecret }, 'DEV_AUTH_OFF=1 is refused under NODE_ENV=production'],
    ['the switch on a host others reach', { GATEWAY_HOST: '0.0.0.0' }, 'DEV_AUTH_OFF=1 is refused with GATEWAY_HOST=0.0.0.0'],
    // Issue 38.
    ['the published session secret under NODE_ENV=production', { NODE_ENV: 'production', DEV_AUTH_OFF: undefined, LISTENER_ISSUER: 'https://auth.provider.test', LISTENER_AUDIENCE: 'receiver' }, 'GATEWAY_SESSION_SECRET is the development secret published'],
    ['test hooks under NODE_ENV=production', { NODE_ENV: 'production', GATEWAY_SESSION_SECRET: productionSecret, LISTENER_TEST_HOOKS: '1' }, 'LISTENER_TEST_HOOKS=1 is refused under NODE_ENV=production'],
    ['the switch without the development marker', { NODE_ENV: undefined }, 'DEV_AUTH_OFF=1 needs NODE_ENV=development (or test)'],
  ])('stops with one sentence, and status 1, on %s', async (_what, changes, sentence) => {
    const { exited, ready, stderr, stdout } = start(changes);
    // Started instead: fail at once rather than wait out the timeout.
    expect(await Promise.race([exited, ready.then(() => 'started', () => 'exited')])).toBe(1);
    expect(await exited).toBe(1);
    expect(stderr.join('').trim().split('\n')).toEqual([expect.stringContaining(sentence)]);
    expect(stdout).toEqual([]);
  }, 30_000);

  it('runs from `npm run build:server` with plain node', async () => {
    const { gateway } = await buildRelease(outDir);
    const { child, ready, exited } = start({}, [gateway]);
    const base = await ready;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);
});
