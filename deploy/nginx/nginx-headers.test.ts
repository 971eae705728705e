/**
 * The repository's nginx configuration (site.conf with locations.conf, gateway-site.conf with gateway-locations.conf),
 * started as it is, with only its host-specific parts pointed at temporary ones: the certificate (self-signed, made
 * here with openssl), the app's folder, the include folder, the ports and the upstreams' addresses. Every answer
 * carries every header of decision 0055, `/_headers` is not served, the Server header names no version, and
 * /csp-report reaches the receiver.
 */
import { readFile } from 'node:fs/promises';
import { request as plainRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListenerApp } from '../../server/listener/app';
import type { LogLine } from '../../server/listener/log';
import { companionHeaders, cspDirectives, serializeCsp } from '../../scripts/csp';
import { ask, HOST, startRepositoryNginx, type Answer, type RepositoryNginx } from './repository-nginx';

const here = fileURLToPath(new URL('.', import.meta.url));

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
  let site: RepositoryNginx;
  let ports: RepositoryNginx['ports'];
  let ca: string;
  let upstream: ServerType;
  const lines: LogLine[] = [];
  const policy = serializeCsp(cspDirectives({ VITE_API_BASE_URL: '/tmf-api/troubleTicket/v5', VITE_EVENTS_URL: '/relay' }));

  beforeAll(async () => {
    // The receiver's app (the gateway serves the same route) as every upstream, for /csp-report.
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
    const upstreamPort = (upstream.address() as AddressInfo).port;
    site = await startRepositoryNginx(siteFile, locationsFile, policy, () => upstreamPort);
    ({ ports, ca } = site);
  }, 60_000);

  afterAll(async () => {
    await site?.stop();
    await new Promise((resolve) => (upstream ? upstream.close(resolve) : resolve(undefined)));
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

  it('the plain-http server only redirects, to the https port the site listens on, and names no version either', async () => {
    const answer = await askPlain(ports.http, '/tickets');
    expect(answer.status).toBe(301);
    // The site listens on a port of the test's, not 443: the redirect keeps it (issue 43).
    expect(answer.headers.location).toBe(`https://${HOST}:${ports.https}/tickets`);
    expect(answer.headers.server).toBe('nginx');
  });

  it("keeps the ACME challenge on plain http for certbot's renewals: looked up in its folder, not redirected", async () => {
    // The folder (/var/www/letsencrypt) holds no such token here: a 404 from it, where any other path is a 301.
    expect((await askPlain(ports.http, '/.well-known/acme-challenge/token-123')).status).toBe(404);
    expect((await askPlain(ports.http, '/.well-known/other')).status).toBe(301);
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
