// Many tickets at once (issue 41), measured: the time to check 1,000 bulk lines, as the bulk page does (each line
// merged with shared answers and parsed by the domain's FaultTicketFvo, in chunks that give the page back between
// them: the total and the longest chunk, what the page waits for input at most); and the send rate, rows per second
// created through the outbox (its runner, `bulkLimits.inFlight` at a time, the app's own create) against the mocked
// service (mocks/node.ts: MSW in this process, so no network time is in it), each line checked created once.
// Usage: npx tsx scripts/bulk-check-bench.ts [--lines N] [--send N] [--json]   (npm run bench:bulk; npm run bench)
import { createServer } from 'vite';
import { CHUNK, checkLine, checkLines, type SharedAnswers } from '../src/features/bulk-entry/model/check';
import type { Line } from '../src/features/bulk-entry/model/parse';
import { minimalFault } from '../src/testing/fixtures';
import type { SendFigures } from './bench/bulk-send-rate';
import { countOption, flag } from './bench/options';

const count = countOption('lines', 1000);
const sendCount = countOption('send', 100);
const json = flag('json');
const { externalIdentifier: _id, ...shared } = minimalFault() as SharedAnswers;
const run = Date.now().toString(36).toUpperCase();
const lines: Line[] = Array.from({ length: Math.max(count, sendCount) }, (_, i) => ({
  row: i + 1,
  cells: {
    accessLineId: i % 10 === 9 ? 'X' : `DEU.DTAG.ABC${String(i).padStart(7, '0')}`,
    networkTerminationLocation: 'Keller, links',
    description: 'Kein Sync seit dem Kabelschaden',
    affectedProductId: `PRD-${i}`,
    locationContactFamilyName: 'Müller',
    locationContactPhone: '0221 5550101',
  },
}));

async function checkTime() {
  const checkedLines = lines.slice(0, count);
  // Warm up the schema (its first parse compiles what zod caches).
  for (const line of checkedLines.slice(0, 50)) checkLine(shared, line, 'W-');
  let longest = 0;
  for (let start = 0; start < checkedLines.length; start += CHUNK) {
    const began = performance.now();
    for (const line of checkedLines.slice(start, start + CHUNK)) checkLine(shared, line, 'B-');
    longest = Math.max(longest, performance.now() - began);
  }
  const began = performance.now();
  const checked = await checkLines(shared, checkedLines, 'B-');
  const total = performance.now() - began;
  const ready = checked?.filter((line) => line.body).length ?? 0;
  return { lines: count, ms: Math.round(total), ready, attention: count - ready, chunk: CHUNK, longestChunkMs: Number(longest.toFixed(1)) };
}

/**
 * The send rate, through Vite's module loader: the outbox's store reads the app's config, which reads `import.meta.env`
 * as only Vite provides it (tsx does not).
 */
async function sendRate(): Promise<SendFigures> {
  const vite = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'error', mode: 'demo' });
  try {
    const { measureSendRate } = (await vite.ssrLoadModule('/scripts/bench/bulk-send-rate.ts')) as typeof import('./bench/bulk-send-rate');
    return await measureSendRate(shared, lines, sendCount, `BENCH-${run}-`);
  } finally {
    await vite.close();
  }
}

const check = await checkTime();
const send = await sendRate();
if (json) console.log(JSON.stringify({ check, send }));
else {
  console.log(
    `${check.lines} lines checked in ${check.ms} ms (${check.ready} ready, ${check.attention} need attention); longest chunk of ${check.chunk}: ${check.longestChunkMs} ms`,
  );
  console.log(`${send.rows} tickets sent through the outbox (${send.inFlight} at a time) to the mocked service in ${send.seconds} s: ${send.rowsPerSecond} rows/s`);
}
// The mocked service and the outbox leave handles open (its broadcast channel): the figures are out, so stop here.
process.exit(0);
