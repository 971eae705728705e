/**
 * For tests: the repository's nginx files (a site file and its locations file) under real nginx, as docs/deploy.md
 * installs them, with only the host's parts replaced: a self-signed certificate made here with openssl, the app's
 * folder, the include folder, the ports and the upstreams' addresses. Used by nginx-headers.test.ts and the smoke test.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { binary, freePort } from '../../server/testing/processes';
import { headersFile } from '../../scripts/csp';
import { nginxHeaders } from './headers-conf.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
/** The name the certificate is made for; requests send it as Host and SNI. 127.0.0.1 is in it too. */
export const HOST = 'desk.example.com';

export type Answer = { status: number; headers: IncomingHttpHeaders; body: string };
/** Where the site's upstreams (127.0.0.1:4177, 4178 receivers; 4180, 4181 gateways) point in this test. */
export type Upstreams = (repositoryPort: number) => number;
type Ports = { http: number; https: number; closed: number };
/** Direct mode's API (site.conf's ttd_api): where it listens, and the certificate file nginx trusts for it. */
export type ApiUpstream = { port: number; trustedCertificate: string };

/**
 * The site file with its host-specific parts replaced; each must be found, so a change of the file's shape fails here
 * rather than testing something else. IPv6 listens are dropped (the test listens on 127.0.0.1 only).
 */
export function siteForTest(site: string, { folder, ports, upstreams, api }: { folder: string; ports: Ports; upstreams: Upstreams; api?: ApiUpstream }): string {
  const replacements: [RegExp, string | ((match: string, port: string) => string)][] = [
    [/^\s*listen \[::\]:\d+[^;]*;\n/gm, ''],
    [/listen 80;/g, `listen 127.0.0.1:${ports.http};`],
    [/listen 443 ssl/g, `listen 127.0.0.1:${ports.https} ssl`],
    [/ssl_certificate \/etc\/letsencrypt\/live\/desk\.example\.com\/fullchain\.pem;/g, `ssl_certificate ${folder}/cert.pem;`],
    [/ssl_certificate_key \/etc\/letsencrypt\/live\/desk\.example\.com\/privkey\.pem;/g, `ssl_certificate_key ${folder}/key.pem;`],
    [/root \/srv\/trouble-ticket-desk\/app;/g, `root ${folder}/app;`],
    [/include \/etc\/nginx\/trouble-ticket-desk\//g, `include ${folder}/conf/`],
    [/server 127\.0\.0\.1:(41(?:77|78|80|81)) /g, (_match, port) => `server 127.0.0.1:${upstreams(Number(port))} `],
  ];
  // Direct mode's API upstream: the test's, or a closed port.
  const optional: [RegExp, string][] = [
    [/server 203\.0\.113\.20:443;/g, `server 127.0.0.1:${api?.port ?? ports.closed};`],
    // The plain-http server's redirect names the https port (the bootstrap site has none).
    [/return 301 https:\/\/\$host:443\$request_uri;/g, `return 301 https://$host:${ports.https}$request_uri;`],
  ];
  let text = site;
  for (const [pattern, replacement] of replacements) {
    if (!text.match(pattern)) throw new Error(`The site file no longer has ${pattern}: update deploy/nginx/repository-nginx.ts.`);
    text = typeof replacement === 'string' ? text.replace(pattern, replacement) : text.replace(pattern, replacement);
  }
  for (const [pattern, replacement] of optional) text = text.replace(pattern, replacement);
  const directives = text.split('\n').filter((line) => !line.trim().startsWith('#'));
  if (directives.some((line) => /\/etc\/|\/srv\//.test(line))) throw new Error(`A host path is left in the site file:\n${text}`);
  return text;
}

/** One request to nginx over TLS, trusting only the certificate made for this run. */
export function ask(port: number, ca: string, path: string, init: { method?: string; type?: string; body?: string } = {}): Promise<Answer> {
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

export type RepositoryNginx = { folder: string; ca: string; caFile: string; ports: Ports; stop(): Promise<void> };

/**
 * nginx with `siteFile` and `locationsFile` of deploy/nginx, serving an app folder with index.html, one hashed asset
 * and the build's _headers for `policy` (headers.conf made from it as docs/deploy.md says); ready once TLS answers.
 * With `api`, direct mode's API upstream is that port, trusted through that certificate; `editLocations` changes the
 * locations file (a test that proves a line is needed takes it out).
 */
export async function startRepositoryNginx(
  siteFile: string,
  locationsFile: string,
  policy: string,
  upstreams: Upstreams,
  { api, editLocations = (text) => text }: { api?: ApiUpstream; editLocations?: (text: string) => string } = {},
): Promise<RepositoryNginx> {
  const folder = await mkdtemp(join(tmpdir(), 'ttd-nginx-repo-'));
  // nginx's workers (nobody, when run as root) read the app's files and the configuration.
  await chmod(folder, 0o755);
  for (const sub of ['app', 'app/assets', 'conf', 'logs', 'temp']) await mkdir(join(folder, sub), { mode: 0o755 });
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${HOST}`,
    '-addext', `subjectAltName=DNS:${HOST},IP:127.0.0.1`, '-keyout', join(folder, 'key.pem'), '-out', join(folder, 'cert.pem'),
  ], { stdio: 'ignore' });
  const caFile = join(folder, 'cert.pem');
  const ca = await readFile(caFile, 'utf8');

  // The app's files as the build leaves them, _headers among them; headers.conf as docs/deploy.md makes it.
  const built = headersFile(policy);
  await writeFile(join(folder, 'app', 'index.html'), '<!doctype html><html lang="en"><title>Trouble Ticket Desk</title><div id="root"></div></html>');
  await writeFile(join(folder, 'app', 'assets', 'index-abc123.js'), 'export {};');
  await writeFile(join(folder, 'app', '_headers'), built);
  await writeFile(join(folder, 'conf', 'headers.conf'), nginxHeaders(built));
  // The locations as shipped; only the API's trust store is the test's when it brings an API (and a test may edit them).
  const locations = await readFile(join(here, locationsFile), 'utf8');
  const trusted = api ? locations.replace('proxy_ssl_trusted_certificate /etc/ssl/certs/ca-certificates.crt;', `proxy_ssl_trusted_certificate ${api.trustedCertificate};`) : locations;
  if (api && trusted === locations) throw new Error(`${locationsFile} no longer trusts the system's store for the API: update deploy/nginx/repository-nginx.ts.`);
  await writeFile(join(folder, 'conf', locationsFile), editLocations(trusted));

  const ports = { http: await freePort(), https: await freePort(), closed: await freePort() };
  const site = siteForTest(await readFile(join(here, siteFile), 'utf8'), { folder, ports, upstreams, api });
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
  const nginx: ChildProcess = spawn(binary('nginx'), ['-p', folder, '-c', join(folder, 'nginx.conf'), '-e', join(folder, 'logs', 'error.log'), '-g', 'daemon off; master_process on;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr: string[] = [];
  nginx.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const stop = async () => {
    if (nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await exited;
    }
    await rm(folder, { recursive: true, force: true });
  };
  // Ready when the TLS port answers (nginx prints nothing when it starts).
  for (let attempt = 0; ; attempt += 1) {
    if (nginx.exitCode !== null) {
      await stop();
      throw new Error(`nginx exited (${nginx.exitCode}): ${stderr.join('')}\n${main}`);
    }
    try {
      await ask(ports.https, ca, '/');
      break;
    } catch (error) {
      if (attempt > 100) {
        await stop();
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { folder, ca, caFile, ports, stop };
}
