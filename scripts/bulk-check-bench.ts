// The time to check 1,000 bulk lines (issue 41), as the bulk page does: each line merged with shared answers and
// parsed by the domain's FaultTicketFvo, in chunks that give the page back between them. Prints the total and the
// longest chunk (what the page waits for input at most). Usage: npx tsx scripts/bulk-check-bench.ts [lines]
import { CHUNK, checkLine, checkLines, type SharedAnswers } from '../src/features/bulk-entry/model/check';
import type { Line } from '../src/features/bulk-entry/model/parse';
import { minimalFault } from '../src/testing/fixtures';

const count = Number(process.argv[2] ?? 1000);
const { externalIdentifier: _id, ...shared } = minimalFault() as SharedAnswers;
const lines: Line[] = Array.from({ length: count }, (_, i) => ({
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

// Warm up the schema (its first parse compiles what zod caches).
for (const line of lines.slice(0, 50)) checkLine(shared, line, 'W-');

let longest = 0;
for (let start = 0; start < lines.length; start += CHUNK) {
  const began = performance.now();
  for (const line of lines.slice(start, start + CHUNK)) checkLine(shared, line, 'B-');
  longest = Math.max(longest, performance.now() - began);
}
const began = performance.now();
const checked = await checkLines(shared, lines, 'B-');
const total = performance.now() - began;
const ready = checked?.filter((line) => line.body).length ?? 0;
console.log(`${count} lines checked in ${total.toFixed(0)} ms (${ready} ready, ${count - ready} need attention); longest chunk of ${CHUNK}: ${longest.toFixed(1)} ms`);
