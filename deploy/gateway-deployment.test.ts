// @vitest-environment node
// The gateway deployment of docs/deploy.md with real parts (issue 43): two built gateways on one redis-server behind
// the repository's gateway-site.conf and gateway-locations.conf under real nginx (a certificate made at run time), an
// agent signed in through a test OpenID provider. `npm run smoke -- --cookie` passes against it, relay included.
// Under steady requests one gateway is stopped (SIGTERM) and started again, three times: no answer is a 5xx. A write
// under way when its gateway stops is answered and audited (Redis closes last). Redis stopped: the session and the API
// answer 503 with Retry-After, then 200 again with nobody doing anything; those failures are logged at error.
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { Agent, request } from 'node:https';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeCsp, cspDirectives } from '../scripts/csp';
import { buildRelease } from '../server/build';
import { freePort } from '../server/testing/processes';
import { signInThrough, startTestIdp, TEST_CLIENT_ID, TEST_CLIENT_SECRET, type TestIdp } from '../server/testing/idp';
import { startGateway, startLastingRedis, type GatewayProcess, type LastingRedis } from '../server/testing/gateway-processes';
import { API_PATH, CLIENT_ID, CLIENT_SECRET, closeAll, startTokenEndpoint, startUpstream } from '../server/testing/upstream';
import { HOST, startRepositoryNginx, type RepositoryNginx } from './nginx/repository-nginx';

const ORIGIN = `https://${HOST}`;
let redis: LastingRedis;
let idp: TestIdp;
let site: RepositoryNginx;
let env: Record<string, string>;
const gateways: GatewayProcess[] = [];
const ports: number[] = [];
let cookie = '';
let session = '';
/** A POST to the provider waits for this, when a test sets it. */
let holdWrites: Promise<void> | undefined;
let createdIds = 0;
let writesReceived = 0;
/** The built gateway (server/build.ts): a restart takes a fraction of tsx's time. */
const out = join(process.cwd(), `dist-gateway-restart-${process.pid}`);
let main = '';
const start = (port: number) => startGateway(env, { port, main });

beforeAll(async () => {
  main = (await buildRelease(out)).gateway;
  redis = await startLastingRedis();
  idp = await startTestIdp(ORIGIN);
  const tokens = await startTokenEndpoint();
  const upstream = await startUpstream(async (c, received) => {
    if (received.method !== 'POST') return c.json([]);
    writesReceived += 1;
    await holdWrites;
    createdIds += 1;
    return c.json({ id: `TT-${createdIds}`, status: 'acknowledged' }, 201);
  });
  env = {
    GATEWAY_PUBLIC_ORIGIN: ORIGIN,
    GATEWAY_OIDC_ISSUER: idp.issuer,
    GATEWAY_OIDC_CLIENT_ID: TEST_CLIENT_ID,
    GATEWAY_OIDC_CLIENT_SECRET: TEST_CLIENT_SECRET,
    GATEWAY_API_BASE_URL: upstream.base,
    GATEWAY_PROVIDER_TOKEN_URL: tokens.tokenUrl,
    GATEWAY_PROVIDER_CLIENT_ID: CLIENT_ID,
    GATEWAY_PROVIDER_CLIENT_SECRET: CLIENT_SECRET,
    REDIS_URL: redis.url,
  };
  ports.push(await freePort(), await freePort());
  gateways.push(...(await Promise.all(ports.map(start))));
  const policy = serializeCsp(cspDirectives({ VITE_API_BASE_URL: API_PATH, VITE_EVENTS_URL: '/relay' }));
  site = await startRepositoryNginx('gateway-site.conf', 'gateway-locations.conf', policy, (port) => (port === 4180 ? (ports[0] as number) : (ports[1] as number)));
  const first = gateways[0] as GatewayProcess;
  session = (await signInThrough((path, init) => fetch(`${first.base}${path}`, { ...init, redirect: 'manual' }), idp, ORIGIN, 'agent.one')).session ?? '';
  cookie = `__Host-ttd-session=${session}`;
}, 60_000);

afterAll(async () => {
  await site?.stop();
  await Promise.all(gateways.map((gateway) => gateway.stop()));
  await idp?.close();
  await closeAll();
  await redis?.remove();
  await rm(out, { recursive: true, force: true });
});

type Answer = { status: number; retryAfter: string | undefined; body: string; path: string };
// Kept-alive connections, as a browser keeps them: the case where a stop used to answer 500.
const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/** One request through nginx, as the agent's browser makes it. */
function viaNginx(path: string, init: { method?: string; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Host: HOST, Cookie: cookie, Accept: 'application/json' };
    if (init.body) Object.assign(headers, { 'Content-Type': 'application/json', Origin: ORIGIN });
    const req = request({ host: '127.0.0.1', port: site.ports.https, path, method: init.method ?? 'GET', servername: HOST, ca: site.ca, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body: Buffer.concat(chunks).toString(), path }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** Requests without pause from a few agents at once (the session and the API, in turn) until `stop()`. */
function steadyRequests() {
  const answers: Answer[] = [];
  const errors: string[] = [];
  let running = true;
  const paths = ['/gateway/session', `${API_PATH}/troubleTicket?limit=5`];
  const worker = async (n: number) => {
    for (let i = n; running; i += 1) {
      try {
        answers.push(await viaNginx(paths[i % paths.length] as string));
      } catch (error) {
        errors.push(String(error));
      }
    }
  };
  const workers = Promise.all([0, 1, 2].map(worker));
  return {
    answers,
    errors,
    /** Resolves once `more` answers have come since it was called: the proof that requests flow. */
    async flowed(more: number) {
      const target = answers.length + more;
      await expect.poll(() => answers.length, { timeout: 15_000, interval: 20 }).toBeGreaterThanOrEqual(target);
    },
    async stop() {
      running = false;
      await workers;
    },
  };
}

/** The gateway's JSON log lines, from line `from` on. */
const jsonLines = (gateway: GatewayProcess, from = 0) =>
  gateway.lines.slice(from).flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });

/** `npm run smoke` against the deployment, as the guide's step 8 runs it (NODE_EXTRA_CA_CERTS for the trial certificate). */
function smoke(...extra: string[]): Promise<{ code: number | null; lines: string[] }> {
  const args = ['--import', 'tsx', 'scripts/smoke.ts', `https://127.0.0.1:${site.ports.https}`, '--instances', gateways.map((g) => g.base).join(','), ...extra];
  const child = spawn(process.execPath, args, { env: { ...process.env, NODE_EXTRA_CA_CERTS: site.caFile }, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => out.push(chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, lines: out.join('').trim().split('\n') })));
}

describe('npm run smoke against the gateway deployment', () => {
  it('passes with --cookie: 8 headers, both instances, the agent\'s session, the sample event accepted and relayed to the agent', async () => {
    // The gateways run with DEV_AUTH_OFF=1 on loopback (test settings): any bearer token is taken on the listener paths.
    const { code, lines } = await smoke('--token', 'any-token-on-this-test-desk', '--cookie', session);
    expect(lines.filter((line) => !line.startsWith('ok'))).toEqual([]);
    expect(lines).toEqual([
      expect.stringMatching(/^ok {4}the app's headers: 8 headers, Server "nginx"$/),
      expect.stringMatching(/^ok {4}http:\/\/127\.0\.0\.1:\d+\/readyz/),
      expect.stringMatching(/^ok {4}http:\/\/127\.0\.0\.1:\d+\/metrics/),
      expect.stringMatching(/^ok {4}http:\/\/127\.0\.0\.1:\d+\/readyz/),
      expect.stringMatching(/^ok {4}http:\/\/127\.0\.0\.1:\d+\/metrics/),
      'ok    a service token: given',
      expect.stringMatching(/^ok {4}the agent's session: Jana Schmidt \(agent\) until /),
      expect.stringMatching(/^ok {4}the sample event accepted: smoke-/),
      "ok    the sample event relayed: reached the agent's stream",
    ]);
    expect(code).toBe(0);
  }, 30_000);

  it('fails, naming the check, with a cookie of no session', async () => {
    const { code, lines } = await smoke('--token', 'any-token-on-this-test-desk', '--cookie', 'b'.repeat(43));
    expect(lines).toContainEqual(expect.stringMatching(/^FAIL {2}the agent's session: 401: /));
    expect(code).toBe(1);
  }, 30_000);
});

describe('two gateways on one Redis behind nginx', () => {
  it('stopped and started three times under steady requests: every answer is 200, none a 5xx', async () => {
    const load = steadyRequests();
    for (let round = 0; round < 3; round += 1) {
      await load.flowed(30);
      const stopping = gateways[0] as GatewayProcess;
      const from = stopping.lines.length;
      expect(await stopping.stop()).toBe(0);
      // Nothing failed while it stopped: no line at warn or error.
      expect(jsonLines(stopping, from).filter((line) => line.level !== 'info')).toEqual([]);
      await load.flowed(30);
      gateways[0] = await start(ports[0] as number);
    }
    await load.flowed(30);
    await load.stop();
    expect(new Set(load.answers.map((answer) => answer.status))).toEqual(new Set([200]));
    expect(load.errors).toEqual([]);
  }, 60_000);

  it('answers and audits a write that was under way when its gateway stopped: Redis closes after the answer', async () => {
    const stopping = gateways[0] as GatewayProcess;
    let release = () => {};
    holdWrites = new Promise<void>((resolve) => (release = resolve));
    const before = writesReceived;
    const from = stopping.lines.length;
    const write = fetch(`${stopping.base}${API_PATH}/troubleTicket`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ externalIdentifier: [{ id: 'EXT-DRAIN-1', externalIdentifierType: 'customerTicket' }], description: 'Line down' }),
    });
    // The write is at the provider (held there) when the stop begins.
    await expect.poll(() => writesReceived).toBe(before + 1);
    const exited = stopping.stop();
    await expect.poll(() => stopping.lines.some((line) => line.startsWith('SIGTERM: '))).toBe(true);
    release();
    const answer = await write;
    expect(writesReceived).toBe(before + 1);
    expect(answer.status).toBe(201);
    expect(answer.headers.get('Connection')).toBe('close');
    const { id } = (await answer.json()) as { id: string };
    expect(await exited).toBe(0);
    holdWrites = undefined;
    // The other gateway finds the record in Redis: it was written before the stopping one closed its connection.
    const other = gateways[1] as GatewayProcess;
    const found = await fetch(`${other.base}/gateway/audit/troubleTicket/${id}`, { headers: { Cookie: cookie } });
    expect(found.status).toBe(200);
    expect(await found.json()).toMatchObject({ action: 'createTroubleTicket', externalIdentifier: 'EXT-DRAIN-1' });
    expect(jsonLines(stopping, from).filter((line) => line.level !== 'info')).toEqual([]);
    gateways[0] = await start(ports[0] as number);
  }, 30_000);

  it('answers 503 with Retry-After while Redis is down, logged at error, and 200 again once it is back, untouched', async () => {
    expect((await viaNginx('/gateway/session')).status).toBe(200);
    const from = gateways.map((gateway) => gateway.lines.length);
    await redis.stop();
    for (const path of ['/gateway/session', `${API_PATH}/troubleTicket?limit=5`, '/gateway/audit/troubleTicket/TT-1']) {
      const answer = await viaNginx(path);
      
      expect({ path, status: answer.status, retryAfter: answer.retryAfter }).toEqual({ path, status: 503, retryAfter: '5' });
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'notReady', message: expect.stringMatching(/try again in a moment/) });
      expect(answer.body).not.toContain('127.0.0.1');
    }
    await redis.start();
    await expect.poll(async () => (await viaNginx('/gateway/session')).status, { timeout: 15_000, interval: 200 }).toBe(200);
    expect((await viaNginx(`${API_PATH}/troubleTicket?limit=5`)).status).toBe(200);

    const lines = gateways.flatMap((gateway, i) => jsonLines(gateway, from[i]));
    // Each 503 has its line at error, with the reason; Redis's loss too; nothing of it at info but its return.
    const refused = lines.filter((line) => line.kind === 'refused' && line.status === 503);
    expect(refused.length).toBeGreaterThanOrEqual(3);
    for (const line of refused) expect(line).toMatchObject({ level: 'error', reason: expect.any(String) });
    expect(lines).toContainEqual(expect.objectContaining({ level: 'error', message: expect.stringMatching(/^Redis \(commands\): .*reconnecting$/) }));
    expect(lines.filter((line) => line.level === 'info' && /error|fail/i.test(String(line.message ?? '')))).toEqual([]);
  }, 30_000);
});
