/**
 * The fan-out bench's stream readers (fan-out.ts), in a worker thread of their own (plain JavaScript: a worker does not
 * load TypeScript through tsx on Node 20; its messages are typed in fan-out.ts): reading thousands of streams must
 * not delay the thread that POSTs the events and times their answers. Each event is noted by its number and when it
 * arrived (ms since the epoch, performance.timeOrigin-based, as the posting thread notes when it sent it).
 */
import { request as httpRequest } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const MARK = Buffer.from('"eventId":"fan-');
const now = () => performance.timeOrigin + performance.now();

const { base, streams, offset } = workerData;
const seen = [];
const arrivals = [];
const requests = [];
let delivered = 0;
let duplicates = 0;

/** One stream read by a plain HTTP client; resolves once its hello has come. */
async function open(index) {
  const bought = await fetch(`${base}/relay/stream-tickets`, { method: 'POST', headers: { Authorization: `Bearer bench-agent-${index}` } });
  if (bought.status !== 201) throw new Error(`A stream ticket was refused: ${bought.status}`);
  const { ticket } = await bought.json();
  const counts = new Map();
  seen[index] = counts;
  await new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/relay/events?ticket=${ticket}`, { agent: false }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`The stream answered ${res.statusCode}`));
      let opened = false;
      let tail = Buffer.alloc(0);
      res.on('data', (chunk) => {
        const at0 = now();
        const buffer = tail.length ? Buffer.concat([tail, chunk]) : chunk;
        let at = buffer.indexOf(MARK);
        let consumed = 0;
        while (at >= 0) {
          const from = at + MARK.length;
          const end = buffer.indexOf(34, from);
          if (end < 0) break;
          const n = Number(buffer.toString('latin1', from, end));
          const times = (counts.get(n) ?? 0) + 1;
          counts.set(n, times);
          if (n >= offset) {
            if (times === 1) {
              delivered += 1;
              arrivals.push(n, at0);
            } else duplicates += 1;
          }
          consumed = end;
          at = buffer.indexOf(MARK, end);
        }
        // A frame cut between two chunks: keep what may hold the start of its mark.
        tail = buffer.subarray(Math.max(consumed, buffer.length - 256));
        if (!opened && buffer.includes('event: hello')) {
          opened = true;
          resolve();
        }
      });
      res.on('error', () => {});
    });
    requests.push(req);
    req.on('error', reject);
    req.end();
  });
}

const port = parentPort;
if (!port) throw new Error('fan-out-readers.ts runs as a worker thread');
port.on('message', (command) => {
  if (command.type === 'count') port.postMessage({ type: 'count', delivered });
  else {
    for (const req of requests) req.destroy();
    port.postMessage({ type: 'done', delivered, duplicates, arrivals: Float64Array.from(arrivals) });
  }
});
(async () => {
  for (let i = 0; i < streams; i += 25) await Promise.all(Array.from({ length: Math.min(25, streams - i) }, (_, k) => open(i + k)));
  port.postMessage({ type: 'open' });
})().catch((error) => port.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) }));
