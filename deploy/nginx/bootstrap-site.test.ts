// @vitest-environment node
/**
 * The first nginx configuration of a fresh host (docs/deploy.md, step 6): bootstrap-site.conf passes `nginx -t` with no
 * certificate on the machine, where the real sites do not, and it serves the ACME challenge from the folder certbot
 * writes to, and nothing else.
 */
import { spawnSync } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binary, startNginx, type Nginx } from '../../server/testing/processes';

const here = fileURLToPath(new URL('.', import.meta.url));
const HOST = 'desk.example.com';

/** A site file with this machine's parts replaced: listens on `port` (IPv4 only), includes and webroot in `folder`. */
function siteText(text: string, folder: string, port: number): string {
  return text
    .replace(/^\s*listen \[::\]:\d+[^;]*;\n/gm, '')
    .replace(/listen 80;/g, `listen 127.0.0.1:${port};`)
    .replace(/listen 443 ssl/g, `listen 127.0.0.1:${port + 1} ssl`)
    .replace(/\/etc\/letsencrypt\/live\/desk\.example\.com\//g, `${folder}/no-certificate-yet/`)
    .replace(/\/etc\/nginx\/trouble-ticket-desk\//g, `${folder}/conf/`)
    .replace(/\/var\/www\/letsencrypt/g, `${folder}/acme`);
}

const siteFile = (file: string) => readFile(join(here, file), 'utf8');

describe('nginx -t on a host without certificates', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'ttd-nginx-bootstrap-'));
    await mkdir(join(folder, 'conf'));
    await writeFile(join(folder, 'conf', 'headers.conf'), '');
    for (const file of ['locations.conf', 'gateway-locations.conf']) await copyFile(join(here, file), join(folder, 'conf', file));
  });
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it.each([
    ['bootstrap-site.conf', 0],
    ['site.conf', 1],
    ['gateway-site.conf', 1],
  ])('%s: exit status %i', async (file, status) => {
    const main = join(folder, `${file}.nginx.conf`);
    const site = siteText(await siteFile(file), folder, 8080);
    await writeFile(main, [`error_log ${folder}/error.log;`, `pid ${folder}/nginx.pid;`, 'events {}', 'http {', site, '}'].join('\n'));
    const test = spawnSync(binary('nginx'), ['-t', '-p', folder, '-c', main, '-e', join(folder, 'error.log')], { encoding: 'utf8' });
    expect(test.status).toBe(status);
    if (status) expect(test.stderr).toMatch(/cannot load certificate ".*no-certificate-yet\/fullchain\.pem"/);
  });
});

describe('bootstrap-site.conf under nginx', () => {
  let nginx: Nginx;
  beforeAll(async () => {
    const text = await siteFile('bootstrap-site.conf');
    nginx = await startNginx((port, prefix) => siteText(text, prefix, port));
    // What certbot --webroot writes while nginx runs; nginx's workers (nobody) read it.
    const challenges = join(nginx.prefix, 'acme', '.well-known', 'acme-challenge');
    await mkdir(challenges, { recursive: true, mode: 0o755 });
    await writeFile(join(challenges, 'token-123'), 'token-123.thumbprint');
    await chmod(join(challenges, 'token-123'), 0o644);
  }, 30_000);
  afterAll(async () => {
    await nginx?.stop();
  });

  it.each([
    ['the challenge certbot wrote', '/.well-known/acme-challenge/token-123', 200, 'token-123.thumbprint'],
    ['a challenge nobody wrote', '/.well-known/acme-challenge/other', 404, undefined],
    ['the app', '/', 404, undefined],
    ['an API path', '/tmf-api/troubleTicket/v5/troubleTicket', 404, undefined],
    ['a listener path', '/listener/troubleTicketCreateEvent', 404, undefined],
  ])('%s (%s): %i', async (_what, path, status, body) => {
    const answer = await get(nginx.port, path);
    expect(answer.status).toBe(status);
    if (body) expect(answer.body).toBe(body);
  });
});

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return fetch(`http://127.0.0.1:${port}${path}`, { headers: { Host: HOST }, redirect: 'manual' }).then(async (answer) => ({ status: answer.status, body: await answer.text() }));
}
