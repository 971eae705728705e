// @vitest-environment node
/**
 * The API over TLS behind the repository's nginx (direct mode: site.conf's ttd_api, locations.conf's /tmf-api/), as
 * docs/deploy.md ships it: the provider's API is a local https server with a certificate made at run time for
 * api.provider.example, a name that is not the upstream block's (ttd_api). It answers only a request whose SNI and
 * Host name it, as a name-based server does. As shipped the request goes through; without any one line of the recipe
 * (proxy_ssl_name, the Host header, proxy_ssl_server_name), or trusting another certificate, it does not (issue 30).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspDirectives, serializeCsp } from '../../scripts/csp';
import { ask, startRepositoryNginx } from './repository-nginx';

/** site.conf's $ttd_api_name: what the provider's certificate is for. */
const API_NAME = 'api.provider.example';
const PATH = '/tmf-api/troubleTicket/v5/troubleTicket?limit=1';

let folder: string;
let api: Server;
let apiPort: number;
/** What the API saw of each request: the name in SNI, the Host header, the path. */
const seen: { sni: string | false; host: string | undefined; path: string | undefined }[] = [];

function certificate(name: string, file: string): void {
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${name}`,
    '-addext', `subjectAltName=DNS:${name}`, '-keyout', join(folder, `${file}-key.pem`), '-out', join(folder, `${file}.pem`),
  ], { stdio: 'ignore' });
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'ttd-upstream-tls-'));
  certificate(API_NAME, 'api');
  // Another certificate for the same name, which nginx must not take for the API's.
  certificate(API_NAME, 'other');
  api = createServer({ key: await readFile(join(folder, 'api-key.pem')), cert: await readFile(join(folder, 'api.pem')) }, (req, res) => {
    // Node sets it on the server's socket (the name the client asked for), but its types leave it out.
    const sni = (req.socket as TLSSocket & { servername?: string | false }).servername ?? false;
    seen.push({ sni, host: req.headers.host, path: req.url });
    const ours = sni === API_NAME && req.headers.host === API_NAME;
    res.writeHead(ours ? 200 : 421, { 'Content-Type': 'application/json' });
    res.end(ours ? '[]' : '{"code":"misdirected"}');
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiPort = (api.address() as AddressInfo).port;
}, 30_000);

afterAll(async () => {
  await new Promise((resolve) => (api ? api.close(resolve) : resolve(undefined)));
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** The locations file without one directive of the /tmf-api/ location (the other locations keep theirs). */
const without = (directive: string) => (text: string) => {
  const start = text.indexOf('location /tmf-api/ {');
  const end = text.indexOf('\n}', start);
  const block = text.slice(start, end);
  const edited = block.replace(new RegExp(`\\n\\s*${directive}\\b[^;]*;`), '');
  if (start < 0 || edited === block) throw new Error(`The /tmf-api/ location has no ${directive}: this test no longer proves it is needed.`);
  return text.slice(0, start) + edited + text.slice(end);
};

describe("the provider's API over TLS through the repository's nginx (direct mode)", () => {
  const policy = serializeCsp(cspDirectives({ VITE_API_BASE_URL: '/tmf-api/troubleTicket/v5', VITE_EVENTS_URL: '/relay' }));

  it.each([
    { what: 'as shipped', edit: undefined, trusted: 'api', status: 200 },
    { what: 'without proxy_ssl_name (nginx checks the certificate against ttd_api)', edit: without('proxy_ssl_name'), trusted: 'api', status: 502 },
    { what: 'without the Host header (the API is asked for ttd_api)', edit: without('proxy_set_header Host'), trusted: 'api', status: 421 },
    { what: 'without proxy_ssl_server_name (no SNI)', edit: without('proxy_ssl_server_name'), trusted: 'api', status: 421 },
    { what: 'trusting another certificate for the same name', edit: undefined, trusted: 'other', status: 502 },
  ])('$what: $status', async ({ edit, trusted, status }) => {
    const site = await startRepositoryNginx('site.conf', 'locations.conf', policy, (port) => port, {
      api: { port: apiPort, trustedCertificate: join(folder, `${trusted}.pem`) },
      ...(edit ? { editLocations: edit } : {}),
    });
    try {
      const before = seen.length;
      const answer = await ask(site.ports.https, site.ca, PATH);
      expect(answer.status).toBe(status);
      if (status === 200) {
        expect(answer.body).toBe('[]');
        expect(seen.slice(before)).toEqual([{ sni: API_NAME, host: API_NAME, path: PATH }]);
      }
      // A refused certificate never reaches the API at all.
      if (status === 502) expect(seen.slice(before)).toEqual([]);
    } finally {
      await site.stop();
    }
  }, 30_000);
});
