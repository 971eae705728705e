/**
 * The demo's message ports (issue 42, point 4): the production demo build in Chromium, N mocked requests from the
 * page, then garbage collection in the page and in the mocked service worker, and a heap snapshot of each: how many
 * `MessagePort` objects are still alive, and the worker's JS heap. msw 2's worker opened two channels per mocked
 * request and closed none (docs/mock-api.md "Message ports"); mocks/browser-ports.ts closes the page's ends.
 *
 * Usage: npx tsx scripts/bench/worker-ports.ts [--requests=400] [--root=/work/main] [--out-dir=…] [--reuse-build]
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import puppeteer, { type CDPSession } from 'puppeteer-core';
import { ensureDemoBuild, previewDemo } from './demo-build';

export type PortCount = { requests: number; pagePorts: number; workerPorts: number; workerHeapKiB: number; pageHeapKiB: number; pageErrors: string[] };

/** Objects named `name` in a heap snapshot of the target behind `session`, after a full GC. */
async function heapCount(session: CDPSession, name: string): Promise<{ count: number; usedKiB: number }> {
  await session.send('HeapProfiler.enable');
  await session.send('HeapProfiler.collectGarbage');
  await session.send('HeapProfiler.collectGarbage');
  const { usedSize } = await session.send('Runtime.getHeapUsage');
  const chunks: string[] = [];
  const collect = (event: { chunk: string }) => chunks.push(event.chunk);
  session.on('HeapProfiler.addHeapSnapshotChunk', collect);
  await session.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  session.off('HeapProfiler.addHeapSnapshotChunk', collect);
  const snapshot = JSON.parse(chunks.join('')) as { snapshot: { meta: { node_fields: string[] } }; nodes: number[]; strings: string[] };
  const fields = snapshot.snapshot.meta.node_fields;
  const nameAt = fields.indexOf('name');
  let count = 0;
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) if (snapshot.strings[snapshot.nodes[i + nameAt] ?? -1] === name) count += 1;
  return { count, usedKiB: Math.round(usedSize / 1024) };
}

export async function countWorkerPorts({ requests = 400, outDir = 'dist-worker-ports', reuseBuild = false, root, log = () => undefined }: { requests?: number; outDir?: string; reuseBuild?: boolean; root?: string; log?: (line: string) => void } = {}): Promise<PortCount> {
  await ensureDemoBuild(outDir, { reuse: reuseBuild, log, root });
  const preview = await previewDemo(outDir, undefined, root);
  const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((path) => path && existsSync(path));
  const browser = await puppeteer.launch({ executablePath, headless: true, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error instanceof Error ? error.message : String(error)));
    await page.goto(`${preview.origin}/`);
    await page.waitForFunction(() => '__demoEvents' in window && navigator.serviceWorker?.controller != null, { timeout: 60_000 });
    const worker = await browser.waitForTarget((target) => target.type() === 'service_worker');
    const workerSession = await worker.createCDPSession();
    const pageSession = await page.createCDPSession();
    await page.evaluate(async (n) => {
      for (let i = 0; i < n; i += 1) {
        const response = await fetch('/tmf-api/troubleTicket/v5/troubleTicket?limit=1&fields=status', { headers: { Authorization: 'Bearer demo' } });
        await response.text();
      }
    }, requests);
    // Let the last answers' life-cycle messages arrive.
    await new Promise((done) => setTimeout(done, 1_000));
    const inPage = await heapCount(pageSession, 'MessagePort');
    const inWorker = await heapCount(workerSession, 'MessagePort');
    return { requests, pagePorts: inPage.count, workerPorts: inWorker.count, workerHeapKiB: inWorker.usedKiB, pageHeapKiB: inPage.usedKiB, pageErrors };
  } finally {
    await browser.close();
    await preview.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name: string) => process.argv.find((value) => value.startsWith(`--${name}=`))?.slice(name.length + 3);
  const root = arg('root');
  const result = await countWorkerPorts({
    requests: arg('requests') ? Number(arg('requests')) : undefined,
    root,
    outDir: arg('out-dir') ?? (root ? 'dist-worker-ports-root' : 'dist-worker-ports'),
    reuseBuild: process.argv.includes('--reuse-build'),
    log: (line) => console.error(line),
  });
  console.log(`worker ports (${root ?? 'this checkout'}), load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  console.log(`${result.requests} mocked requests: MessagePort objects alive after GC: page ${result.pagePorts}, worker ${result.workerPorts}; JS heap: page ${result.pageHeapKiB} KiB, worker ${result.workerHeapKiB} KiB; page errors ${result.pageErrors.length}${result.pageErrors[0] ? ` (${result.pageErrors[0]})` : ''}`);
}
