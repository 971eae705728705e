/**
 * The repository's nginx configuration (site.conf with locations.conf, gateway-site.conf with gateway-locations.conf),
 * started as it is, with only its host-specific parts pointed at temporary ones: the certificate (self-signed, made
 * here with openssl), the app's folder, the include folder, the ports and the upstreams' addresses. Every answer
 * carries every header of decision 0055, `/_headers` is not served, the Server header names no version, and
 * /csp-report reaches the receiver.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { request as plainRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListenerApp } from '../../listener/app';
import type { LogLine } from '../../listener/log';
import { binary, freePort } from '../../listener/test-processes';
import { companionHeaders, cspDirectives, headersFile, serializeCsp } from '../../scripts/csp';
import { nginxHeaders } from './headers-conf.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const HOST = 'desk.example.com';

type Answer = { status: number; headers: IncomingHttpHeaders; body: string };
type Ports = { http: number; https: number; upstream: number; closed: number };

/**
 * The site file with its host-specific parts replaced; each must be found, so a change of the file's shape fails here
 * rather than testing something else. IPv6 listens are dropped (the test listens on 127.0.0.1 only).
 */
function forTest(site: string, { folder, ports }: { folder: string; ports: Ports }): string {
  const replacements: [RegExp, string][] = [
    [/^\s*listen \[::\]:\d+[^;]*;\n/gm, ''],
    [/listen 80;/g, `listen 127.0.0.1:${ports.http};`],
    [/listen 443 ssl/g, `listen 127.0.0.1:${ports.https} ssl`],
    [/ssl_certificate \/etc\/letsencrypt\/live\/desk\.example\.com\/fullchain\.pem;/g, `ssl_certificate ${folder}/cert.pem;`],
    [/ssl_certificate_key \/etc\/letsencrypt\/live\/desk\.example\.com\/privkey\.pem;/g, `ssl_certificate_key ${folder}/key.pem;`],
    [/root \/srv\/trouble-ticket-desk\/app;/g, `root ${folder}/app;`],
    [/include \/etc\/nginx\/trouble-ticket-desk\//g, `include ${folder}/conf/`],
    // The receivers (4177, 4178) or the gateways (4180, 4181): all of them the receiver's app of this test.
    [/server 127\.0\.0\.1:41(77|78|80|81) /g, `server 127.0.0.1:${ports.upstream} `],
  ];
  // Direct mode's API upstream (never asked here): a closed port.
  const optional: [RegExp, string][] = [[/server 10\.0\.0\.20:8080;/g, `server 127.0.0.1:${ports.closed};`]];
  let text = site;
  for (const [pattern, replacement] of replacements) {
    if (!text.match(pattern)) throw new Error(`The site file no longer has ${pattern}: update this test.`);
    text = text.replace(pattern, replacement);
  }
  for (const [pattern, replacement] of optional) text = text.replace(pattern, replacement);
  const directives = text.split('\n').filter((line) => !line.trim().startsWith('#'));
  if (directives.some((line) => /\/etc\/|\/srv\//.test(line))) throw new Error(`A host path is left in the site file:\n${text}`);
  return text;
}

/** One request to nginx over TLS, trusting only the certificate made for this run. */
function ask(port: number, ca: string, path: string, init: { method?: string; type?: string; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: init.method ?? 'GET', servername: HOST, ca, headers: { Host: HOST, ...(init.type ? { 'Content-Type': init.type } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

function askPlain(port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    plainRequest({ host: '127.0.0.1', port, path, headers: { Host: HOST } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: '' }));
    })
      .on('error', reject)
      .end();
  });
}

/** The headers every answer of the app's origin must carry, from the same source as the build's (scripts/csp.ts). */
const expectedHeaders = (policy: string): Record<string, string> => ({
  'content-security-policy': policy,
  ...Object.fromEntries(Object.entries(companionHeaders).map(([name, value]) => [name.toLowerCase(), value])),
  'strict-transport-security': 'max-age=63072000',
});

describe.each([
  ['direct mode', 'site.conf', 'locations.conf'],
  ['gateway mode', 'gateway-site.conf', 'gateway-locations.conf'],
])("the repository's nginx configuration, %s (%s)", (_mode, siteFile, locationsFile) => {
  let folder: string;
  let ports: Ports;
  let ca: string;
  let nginx: ChildProcess;
  let upstream: ServerType;
  const lines: LogLine[] = [];
  const policy = serializeCsp(cspDirectives({ VITE_API_BASE_URL: '/tmf-api/troubleTicket/v5', VITE_EVENTS_URL: '/relay' }));

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'ttd-nginx-repo-'));
    // nginx's workers (nobody, when run as root) read the app's files and the configuration.
    await chmod(folder, 0o755);
    for (const sub of ['app', 'app/assets', 'conf', 'logs', 'temp']) await mkdir(join(folder, sub), { mode: 0o755 });
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${HOST}`,
      '-addext', `subjectAltName=DNS:${HOST}`, '-keyout', join(folder, 'key.pem'), '-out', join(folder, 'cert.pem'),
    ], { stdio: 'ignore' });
    ca = await readFile(join(folder, 'cert.pem'), 'utf8');

    // The app's files as the build leaves them, _headers among them; headers.conf as docs/deploy.md makes it.
    const built = headersFile(policy);
    await writeFile(join(folder, 'app', 'index.html'), '<!doctype html><html lang="en"><title>Trouble Ticket Desk</title><div id="root"></div></html>');
    await writeFile(join(folder, 'app', 'assets', 'index-abc123.js'), 'export {};');
    await writeFile(join(folder, 'app', '_headers'), built);
    await writeFile(join(folder, 'conf', 'headers.conf'), nginxHeaders(built));
    await copyFile(join(here, locationsFile), join(folder, 'conf', locationsFile));

    // The receiver's app (the gateway serves the same route) as the upstream of /csp-report.
    // It answers with two of the headers nginx sets, as the gateway's secure headers do: nginx must send each once.
    const { app: receiverApp } = createListenerApp({ log: (line) => lines.push(line) });
    const app = new Hono();
    app.use('*', async (c, next) => {
      await next();
      c.res.headers.set('Cross-Origin-Opener-Policy', 'same-origin');
      c.res.headers.set('Referrer-Policy', 'no-referrer');
    });
    app.all('*', (c) => receiverApp.fetch(c.req.raw, c.env));
    upstream = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((resolve) => upstream.once('listening', resolve));
    ports = { http: await freePort(), https: await freePort(), upstream: (upstream.address() as AddressInfo).port, closed: await freePort() };

    const site = forTest(await readFile(join(here, siteFile), 'utf8'), { folder, ports });
    const temp = (name: string) => join(folder, 'temp', name);
    const main = [
      `error_log ${folder}/logs/error.log warn;`,
      `pid ${folder}/logs/nginx.pid;`,
      'worker_processes 1;',
      'events { worker_connections 64; }',
      'http {',
      `  access_log ${folder}/logs/access.log;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${name}_temp_path ${temp(name)};`),
      '  include /etc/nginx/mime.types;',
      site,
      '}',
    ].join('\n');
    await writeFile(join(folder, 'nginx.conf'), main);
    nginx = spawn(binary('nginx'), ['-p', folder, '-c', join(folder, 'nginx.conf'), '-e', join(folder, 'logs', 'error.log'), '-g', 'daemon off; master_process on;'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const stderr: string[] = [];
    nginx.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
    // Ready when the TLS port answers (nginx prints nothing when it starts).
    for (let attempt = 0; ; attempt += 1) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited (${nginx.exitCode}): ${stderr.join('')}\n${main}`);
      try {
        await ask(ports.https, ca, '/');
        break;
      } catch (error) {
        if (attempt > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }, 60_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await exited;
    }
    await new Promise((resolve) => (upstream ? upstream.close(resolve) : resolve(undefined)));
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it.each([
    ['the app', '/', 200],
    ['a deep link (the single-page fallback)', '/tickets/TT-000001', 200],
    ['a hashed asset', '/assets/index-abc123.js', 200],
    ['a missing asset', '/assets/missing.js', 404],
    ['the build\'s _headers, which is not served', '/_headers', 404],
    ['the servers\' metrics, which are not served', '/metrics', 404],
  ])('%s (%s) answers %i with every header, and a Server header without a version', async (_what, path, status) => {
    const answer = await ask(ports.https, ca, path);
    expect(answer.status).toBe(status);
    expect(answer.headers).toMatchObject(expectedHeaders(policy));
    expect(answer.headers.server).toBe('nginx');
    if (path === '/_headers') expect(answer.body).not.toContain('Content-Security-Policy');
  });

  it('the policy requires Trusted Types and names the report endpoint', async () => {
    const csp = (await ask(ports.https, ca, '/')).headers['content-security-policy'];
    expect(csp).toContain("require-trusted-types-for 'script'; trusted-types ttd-script-url; report-uri /csp-report; report-to csp");
  });

  it('the plain-http server only redirects, and names no version either', async () => {
    const answer = await askPlain(ports.http, '/tickets');
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`https://${HOST}/tickets`);
    expect(answer.headers.server).toBe('nginx');
  });

  it("routes a browser's violation report to the receiver: 204 and one log line; another content type 415", async () => {
    const before = lines.length;
    const report = JSON.stringify({ 'csp-report': { 'effective-directive': 'script-src-elem', 'blocked-uri': 'https://evil.example/x.js?t=1' } });
    const answer = await ask(ports.https, ca, '/csp-report', { method: 'POST', type: 'application/csp-report', body: report });
    // The upstream sent these two as well: once each, as nginx sets them.
    expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    expect(answer.status).toBe(204);
    expect(answer.headers).toMatchObject(expectedHeaders(policy));
    expect(lines.slice(before)).toEqual([{ kind: 'cspViolation', directive: 'script-src-elem', blocked: 'https://evil.example/x.js' }]);
    expect((await ask(ports.https, ca, '/csp-report', { method: 'POST', type: 'text/html', body: '<p>' })).status).toBe(415);
    expect((await ask(ports.https, ca, '/csp-report')).status).toBe(403);
  });
});

describe('the add_header trap', () => {
  it.each(['site.conf', 'locations.conf', 'gateway-site.conf', 'gateway-locations.conf'])(
    'in %s, a location that adds a header of its own includes headers.conf again (nginx drops the inherited ones)',
    async (file) => {
      const text = (await readFile(join(here, file), 'utf8')).replace(/#.*$/gm, '');
      const [outside = '', ...locations] = text.split(/^\s*location\s/m);
      for (const location of locations) {
        if (/\badd_header\b/.test(location)) expect(location).toMatch(/include\s+\S*headers\.conf;/);
      }
      // The headers themselves live in headers.conf only: no server block sets one beside it.
      expect(outside).not.toMatch(/\badd_header\b/);
    },
  );
});
