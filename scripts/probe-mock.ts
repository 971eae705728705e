// Probes the mocked service over HTTP as a careless client would (issue 14, point 7) and prints what each bad input
// cost: the answer's status, the time to it, and the server process's resident memory (peak and now, from /proc).
//
// Usage: npm run probe:mock [-- --big-mb 300] [-- --ids 20000,40000] [-- --sorts 300] [-- --tickets 20000] [-- --json]
//
// How: the service runs as its own process (`node --import tsx mocks/server/http.ts`, port 0, TICKET_COUNT tickets, the
// test hooks on), so its memory is measured apart from this script's. Each probe runs against a fresh process.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { faultTicketBody } from '../mocks/fixtures';
import { countOption, option, progress, wantsJson } from './bench/options';

const log = progress();
const bigMb = countOption('big-mb', 300);
const idCounts = (option('ids') ?? '20000,40000').split(',').map(Number);
const sortCount = countOption('sorts', 300);
const ticketCount = countOption('tickets', 20_000);
const TOKEN = 'Bearer probe';

type Service = { origin: string; base: string; child: ChildProcess };

/** Resident memory of a process in MiB: the peak so far (VmHWM) and now (VmRSS). */
function memoryOf(pid: number): { peakMiB: number; nowMiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { peakMiB: Math.round(kib('VmHWM') / 1024), nowMiB: Math.round(kib('VmRSS') / 1024) };
}

async function startService(tickets = 240): Promise<Service> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'mocks/server/http.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', TICKET_COUNT: String(tickets), MOCK_TEST_HOOKS: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /on (http:\/\/[^\s]+)/.exec(out);
      if (match) resolve(match[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`the service stopped (${code}) before it listened: ${out}`)));
  });
  const url = new URL(line);
  return { origin: url.origin, base: `${url.origin}${url.pathname.replace(/\/+$/, '')}`, child };
}

async function stopService(service: Service): Promise<void> {
  service.child.kill('SIGTERM');
  await new Promise((resolve) => service.child.once('exit', resolve));
}

type Answer = { status: number; ms: number };

async function timed(run: () => Promise<number>): Promise<Answer> {
  const start = performance.now();
  const status = await run();
  return { status, ms: Math.round(performance.now() - start) };
}

const call = (url: string, init: RequestInit = {}) =>
  timed(async () => {
    const response = await fetch(url, { ...init, headers: { Authorization: TOKEN, ...init.headers } });
    await response.arrayBuffer();
    return response.status;
  });

/** POSTs `megabytes` of JSON-looking bytes in 1 MiB chunks (chunked, no Content-Length); stops writing once answered. */
function postHuge(url: string, megabytes: number): Promise<Answer> {
  return timed(
    () =>
      new Promise<number>((resolve, reject) => {
        const req = request(url, { method: 'POST', headers: { Authorization: TOKEN, 'Content-Type': 'application/json' } });
        const chunk = Buffer.alloc(1024 * 1024, 'a');
        let sent = 0;
        let answered = false;
        req.on('response', (res) => {
          answered = true;
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        // A server that answers early and closes may reset the socket while we still write: the answer counts.
        req.on('error', (error) => (answered ? undefined : reject(error)));
        const write = () => {
          while (!answered && sent < megabytes) {
            sent += 1;
            const first = sent === 1 ? Buffer.from('{"description":"') : Buffer.alloc(0);
            if (!req.write(Buffer.concat([first, chunk]))) {
              req.once('drain', write);
              return;
            }
          }
          if (!answered) req.end('"}');
        };
        write();
      }),
  );
}

function ticketWithIds(count: number, prefix: string) {
  return { ...faultTicketBody(), externalIdentifier: Array.from({ length: count }, (_, i) => ({ id: `${prefix}${i}` })) };
}

const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

type Row = { probe: string; status: string; ms: string; memory: string; note: string };
const rows: Row[] = [];
const add = (row: Row) => {
  rows.push(row);
  log(`${row.probe}: ${row.status}, ${row.ms} ms, ${row.memory} ${row.note}`);
};

async function probeBigBody() {
  const service = await startService();
  const before = memoryOf(service.child.pid as number);
  const answer = await postHuge(`${service.base}/troubleTicket`, bigMb);
  const after = memoryOf(service.child.pid as number);
  add({ probe: `POST ${bigMb} MB body`, status: String(answer.status), ms: String(answer.ms), memory: `peak ${after.peakMiB} MiB (idle ${before.nowMiB})`, note: '' });
  await stopService(service);
}

/** A ticket with n ids, then a second with n other ids (each checked against the first's), and a GET meanwhile. */
async function probeDuplicateCheck(n: number) {
  const service = await startService();
  const first = await call(`${service.base}/troubleTicket?fields=id`, json(ticketWithIds(n, 'A-')));
  let pending = true;
  const second = call(`${service.base}/troubleTicket?fields=id`, json(ticketWithIds(n, 'B-'))).finally(() => {
    pending = false;
  });
  // Small GETs one after the other while the second create runs: the slowest shows how long others were blocked.
  let other: Answer = { status: 0, ms: 0 };
  while (pending) {
    const answer = await call(`${service.base}/troubleTicket?limit=1&fields=status`);
    if (answer.ms > other.ms) other = answer;
  }
  const secondAnswer = await second;
  const memory = memoryOf(service.child.pid as number);
  add({
    probe: `${n} external ids, twice`,
    status: `${first.status}, ${secondAnswer.status}`,
    ms: `${first.ms}, ${secondAnswer.ms}`,
    memory: `peak ${memory.peakMiB} MiB`,
    note: `slowest GET meanwhile: ${other.ms} ms (${other.status})`,
  });
  await stopService(service);
}

async function probeSorts() {
  const service = await startService(ticketCount);
  await call(`${service.base}/troubleTicket?limit=1`);
  const before = memoryOf(service.child.pid as number);
  const statuses = new Map<number, number>();
  const start = performance.now();
  for (let i = 0; i < sortCount; i += 1) {
    const answer = await call(`${service.base}/troubleTicket?limit=1&fields=status&sort=noSuchField${i}`);
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  }
  const ms = Math.round(performance.now() - start);
  const after = memoryOf(service.child.pid as number);
  add({
    probe: `${sortCount} unknown sort fields (${ticketCount} tickets)`,
    status: [...statuses].map(([status, count]) => `${count}× ${status}`).join(', '),
    ms: String(ms),
    memory: `RSS ${before.nowMiB} -> ${after.nowMiB} MiB`,
    note: '',
  });
  await stopService(service);
}

async function probeSmallCases() {
  const service = await startService();
  const base = service.base;
  const cases: [string, () => Promise<Answer>][] = [
    ['GET /troubleTicket/%ZZ', () => call(`${base}/troubleTicket/%ZZ`)],
    ['POST /__mock/advance, no token', () => timed(async () => (await fetch(`${service.origin}/__mock/advance`, { method: 'POST' })).status)],
    ['GET creationDate.gte=2026-02-30T00:00:00Z', () => call(`${base}/troubleTicket?creationDate.gte=2026-02-30T00:00:00Z`)],
    ['POST the same external id twice', () => call(`${base}/troubleTicket`, json({ ...faultTicketBody(), externalIdentifier: [{ id: 'DUP-1' }, { id: 'DUP-1' }] }))],
    [
      'POST invalid UTF-8',
      () => {
        const text = Buffer.from(JSON.stringify(faultTicketBody('UTF-1')));
        const at = text.indexOf('Totalausfall');
        text[at] = 0xff;
        return call(`${base}/troubleTicket`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: text });
      },
    ],
  ];
  for (const [probe, run] of cases) {
    const answer = await run();
    add({ probe, status: String(answer.status), ms: String(answer.ms), memory: '', note: '' });
  }
  await stopService(service);
}

await probeBigBody();
for (const n of idCounts) await probeDuplicateCheck(n);
await probeSorts();
await probeSmallCases();

if (wantsJson()) {
  console.log(JSON.stringify(rows));
} else {
  const widths = (['probe', 'status', 'ms', 'memory', 'note'] as const).map((key) => Math.max(key.length, ...rows.map((row) => row[key].length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] as number)).join(' | ');
  console.log(line(['probe', 'status', 'ms', 'memory', 'note']));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const row of rows) console.log(line([row.probe, row.status, row.ms, row.memory, row.note]));
}
