// @vitest-environment node
// docs/deploy.md's nginx and Redis steps on the trial path, run as written (issue 43): every ```sh block the guide
// marks `<!-- trial-path-test -->` (steps 3, 5, 6, 7 and 8), in order, in one bash, with only what ties them to a
// real host replaced: the host's folders (/etc, /srv, /var, /run, /usr/local) live under a temporary root, the
// ports are free ones (the guide's own `https_port=…`, `http_port=…`, `redis_port=…` lines, and the gateways' 4180
// and 4181 in the installed site, here a stand-in that answers the session like a gateway), and systemd, sysctl and
// rsync are stand-ins: `systemctl restart redis-server` starts redis-server on the copied Debian redis.conf,
// `systemctl reload nginx` (re)starts nginx on the copied Debian nginx.conf. nginx -t, nginx, redis-server,
// redis-cli, openssl, curl and the backup script are the real ones.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspDirectives, headersFile, serializeCsp } from '../scripts/csp';
import { freePort } from '../server/testing/processes';

const repo = process.cwd();
const guide = readFileSync(join(repo, 'docs/deploy.md'), 'utf8');
/** The blocks the guide marks for this test, in the guide's order. */
const blocks = [...guide.matchAll(/<!-- trial-path-test -->\n```sh\n([\s\S]*?)```/g)].map((match) => match[1] as string);

/** A host folder as it is under the test's root: the same mapping for the guide's commands and the installed files. */
const HOST_FOLDERS = /(^|[^\w/.])\/(etc|srv|var|run|usr\/local)\//gm;
const underRoot = (text: string, root: string) => text.replace(HOST_FOLDERS, `$1${root}/$2/`);

let root = '';
let ports: { https: number; http: number; redis: number; gateways: [number, number] };
const gateways: Server[] = [];
let run: { code: number | null; out: string; script: string };

/**
 * The stand-ins for what a test must not touch on this machine (bash; ROOT and the gateways' ports come in the
 * environment). `install` installs, then puts the host folders of what it installed under the root.
 */
const SHIMS = [
  'set -euo pipefail',
  'host_paths() { sed -i -E -e "s#(^|[^[:alnum:]_/.])/(etc|srv|var|run|usr/local)/#\\1$ROOT/\\2/#g" -e "s/127\\.0\\.0\\.1:4180 /127.0.0.1:$GATEWAY_A /; s/127\\.0\\.0\\.1:4181 /127.0.0.1:$GATEWAY_B /" "$1"; }',
  'install() {',
  '  command install "$@"',
  '  local files=() skip=0 a dest f',
  '  for a in "$@"; do',
  '    if [ "$skip" = 1 ]; then skip=0; continue; fi',
  '    case "$a" in -d) return 0 ;; -m|-o|-g) skip=1 ;; -*) ;; *) files+=("$a") ;; esac',
  '  done',
  '  dest="${files[-1]}"; unset "files[-1]"',
  '  for f in "${files[@]}"; do if [ -d "$dest" ]; then host_paths "$dest/$(basename "$f")"; else host_paths "$dest"; fi; done',
  '}',
  'nginx() { command nginx -p "$ROOT/nginx/" -c "$ROOT/etc/nginx/nginx.conf" "$@"; }',
  'nginx_running() { [ -f "$ROOT/run/nginx.pid" ] && kill -0 "$(cat "$ROOT/run/nginx.pid")" 2>/dev/null; }',
  'sysctl() { echo "(sysctl $*: the host\'s, not changed by this test)"; }',
  'rsync() { [ "$1" = -a ] && cp -a "$2". "$3"; }',
  'systemctl() {',
  '  case "$*" in',
  '    "restart redis-server")',
  '      if [ -f "$ROOT/run/redis/redis-server.pid" ]; then kill "$(cat "$ROOT/run/redis/redis-server.pid")" || true; sleep 0.3; fi',
  '      command redis-server "$ROOT/etc/redis/redis.conf"',
  '      local port; port=$(awk \'$1 == "port" { print $2 }\' "$ROOT/etc/redis/trouble-ticket-desk.conf")',
  '      for i in $(seq 100); do redis-cli -p "$port" PING >/dev/null 2>&1 && break; sleep 0.1; done ;;',
  '    "reload nginx")',
  '      if nginx_running; then nginx -s quit; while nginx_running; do sleep 0.1; done; fi',
  '      nginx',
  '      for i in $(seq 100); do nginx_running && break; sleep 0.1; done ;;',
  '    "daemon-reload"|"enable --now trouble-ticket-desk-redis-backup.timer") echo "(systemctl $*)" ;;',
  '    "start trouble-ticket-desk-redis-backup") "$ROOT/usr/local/sbin/ttd-redis-backup" ;;',
  '    *) echo "systemctl $*: not part of this test" >&2; return 1 ;;',
  '  esac',
  '}',
].join('\n');

/** The guide's blocks with the host's folders under the root and the ports of the test. */
function guideScript(root: string): string {
  const ported = blocks
    .join('\n')
    .replace(/^https_port=443 http_port=80\b/m, `https_port=${ports.https} http_port=${ports.http}`)
    .replace(/^redis_port=6379\b/m, `redis_port=${ports.redis}`);
  return underRoot(ported, root);
}

/** The host as Debian's packages and step 1 leave it, under the root: nginx's and Redis's own files, the folders. */
async function debianHost(root: string) {
  for (const dir of ['etc/nginx/sites-available', 'etc/nginx/sites-enabled', 'etc/nginx/conf.d', 'etc/nginx/modules-enabled', 'etc/nginx/trouble-ticket-desk', 'etc/redis',
    'etc/sysctl.d', 'etc/systemd/system', 'var/www/letsencrypt', 'var/log/nginx', 'var/log/redis', 'var/lib/redis', 'var/lib/nginx', 'run/redis', 'usr/local/sbin', 'nginx',
    'srv/trouble-ticket-desk/app', 'srv/trouble-ticket-desk/server/app/assets']) {
    await mkdir(join(root, dir), { recursive: true, mode: 0o755 });
  }
  await mkdir(join(root, 'var/backups/trouble-ticket-desk'), { recursive: true, mode: 0o700 });
  // Debian's nginx.conf as installed (its includes, pid and logs under the root), the temp folders beside it.
  const nginxConf = existsSync('/etc/nginx/nginx.conf')
    ? await readFile('/etc/nginx/nginx.conf', 'utf8')
    : 'user www-data;\npid /run/nginx.pid;\nerror_log /var/log/nginx/error.log;\nevents { worker_connections 768; }\nhttp {\n\tinclude /etc/nginx/mime.types;\n\tinclude /etc/nginx/sites-enabled/*;\n}\n';
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `\t${name}_temp_path /var/lib/nginx/${name};`).join('\n');
  await writeFile(join(root, 'etc/nginx/nginx.conf'), underRoot(nginxConf.replace(/^http \{$/m, `http {\n${temp}`), root));
  await writeFile(join(root, 'etc/nginx/mime.types'), await readFile('/etc/nginx/mime.types', 'utf8'));
  // Debian's welcome site, which step 6 removes: on the http port the site will take, so it must be gone.
  await writeFile(join(root, 'etc/nginx/sites-available/default'), `server { listen ${ports.http} default_server; root /var/www/html; }\n`);
  await symlink(join(root, 'etc/nginx/sites-available/default'), join(root, 'etc/nginx/sites-enabled/default'));
  // Debian's redis.conf, its own `port 6379` included: the desk's file, included last, must win.
  const redisConf = existsSync('/etc/redis/redis.conf')
    ? await readFile('/etc/redis/redis.conf', 'utf8')
    : 'bind 127.0.0.1 -::1\nport 6379\ndaemonize yes\npidfile /run/redis/redis-server.pid\nlogfile /var/log/redis/redis-server.log\ndir /var/lib/redis\n';
  await writeFile(join(root, 'etc/redis/redis.conf'), underRoot(redisConf, root));
  // The release of step 2: the repository's deploy/ and an app build with its _headers.
  await symlink(join(repo, 'deploy'), join(root, 'srv/trouble-ticket-desk/server/deploy'));
  const app = join(root, 'srv/trouble-ticket-desk/server/app');
  await writeFile(join(app, 'index.html'), '<!doctype html><html lang="en"><title>Trouble Ticket Desk</title><div id="root"></div></html>');
  await writeFile(join(app, 'assets/index-abc123.js'), 'export {};');
  await writeFile(join(app, '_headers'), headersFile(serializeCsp(cspDirectives({ VITE_API_BASE_URL: '/tmf-api/troubleTicket/v5', VITE_EVENTS_URL: '/relay' }))));
}

/** A stand-in gateway on each upstream port: the session as a gateway answers it without a cookie. */
async function standInGateway(port: number): Promise<Server> {
  const server = createServer((req, res) => {
    res.writeHead(req.url === '/gateway/session' ? 401 : 404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ code: req.url === '/gateway/session' ? 'sessionEnded' : 'notFound' }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'ttd-guide-'));
  // nginx's workers (www-data) read the site's files under it.
  await chmod(root, 0o755);
  ports = { https: await freePort(), http: await freePort(), redis: await freePort(), gateways: [await freePort(), await freePort()] };
  await debianHost(root);
  gateways.push(...(await Promise.all(ports.gateways.map(standInGateway))));
  const script = `${SHIMS}\n${guideScript(root)}\n`;
  await writeFile(join(root, 'guide.sh'), script);
  run = await new Promise((resolve) => {
    const env = { ...process.env, ROOT: root, GATEWAY_A: String(ports.gateways[0]), GATEWAY_B: String(ports.gateways[1]) };
    const child = spawn('bash', [join(root, 'guide.sh')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => out.push(chunk.toString()));
    child.once('exit', (code) => resolve({ code, out: out.join(''), script }));
  });
}, 60_000);

afterAll(async () => {
  for (const pidFile of ['run/nginx.pid', 'run/redis/redis-server.pid']) {
    try {
      process.kill(Number(readFileSync(join(root, pidFile), 'utf8').trim()), 'SIGTERM');
    } catch {
      // Not running.
    }
  }
  await Promise.all(gateways.map((server) => new Promise((resolve) => server.close(resolve))));
  // nginx and Redis take a moment to go; their folders with them.
  await new Promise((resolve) => setTimeout(resolve, 300));
  await rm(root, { recursive: true, force: true });
});

describe('docs/deploy.md on the trial path, as written', () => {
  it('has its nginx and Redis steps marked for this test', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(7);
    expect(blocks.join('\n')).toMatch(/nginx -t && systemctl reload nginx/);
  });

  it('runs through: every command succeeds', () => {
    expect({ code: run.code, out: run.out }).toMatchObject({ code: 0 });
  });

  it('Redis answers on the port of the desk\'s file (not Debian\'s 6379), with the password only', () => {
    expect(run.out).toMatch(/^PONG$/m);
    expect(execFileSync('redis-cli', ['-p', String(ports.redis), 'PING'], { encoding: 'utf8' })).toMatch(/NOAUTH/);
  });

  it('the backup of step 3 wrote a checked snapshot', () => {
    expect(run.out).toMatch(/^redis-\d{8}T\d{6}Z\.rdb$/m);
  });

  it('headers.conf has the 8 headers, and nginx -t passes with the self-signed certificate', () => {
    expect(run.out).toMatch(/^8$/m);
    expect(run.out).toMatch(/configuration file .* test is successful/);
    expect(run.out).not.toMatch(/\[emerg\]/);
  });

  it('the checks of step 8 print the policy, the redirect with the port, and the session answer', () => {
    expect(run.out).toMatch(/^content-security-policy: default-src 'self'/im);
    expect(run.out).toContain(`301 https://desk.example.com:${ports.https}/tickets`);
    expect(run.out).toContain('{"code":"sessionEnded"}');
  });
});
