// The send rate of a bulk batch (issue 41), for scripts/bulk-check-bench.ts: rows per second created through the
// outbox (its runner, `bulkLimits.inFlight` at a time, the app's own create) against the mocked service (mocks/node.ts:
// MSW in this process, so no network time is in it), each line checked created once. Loaded through Vite's module
// loader, which gives the app's config its `import.meta.env`.
import 'fake-indexeddb/auto';
import { createMockServer } from '../../mocks/node';
import { createApiClient, type ApiClient } from '../../src/api/client';
import { batchRows, countRows, queueBatch, type ReadyLine } from '../../src/features/bulk-entry/model/batch';
import { checkLines, type SharedAnswers } from '../../src/features/bulk-entry/model/check';
import type { Line } from '../../src/features/bulk-entry/model/parse';
import { startOutboxRunner } from '../../src/features/outbox/model/runner';
import { deliverQueued } from '../../src/features/ticket-entry/model/deliver';
import { bulkLimits } from '../../src/lib/bulk-limits';
import { listOutbox } from '../../src/lib/outbox/store';

/** The outbox's runner listens for the browser's `online` event; in Node a bare event target stands in for window. */
function nodeWindow(): void {
  const target = globalThis as unknown as { window?: EventTarget };
  target.window ??= new EventTarget();
}

export type SendFigures = { rows: number; inFlight: number; seconds: number; rowsPerSecond: number };

/** Sends these lines as one batch through a runner of the outbox and waits until every line is settled. */
async function sendBatch(api: ApiClient, userId: string, batch: string, ready: readonly ReadyLine[]): Promise<number> {
  await queueBatch(userId, batch, ready);
  const began = performance.now();
  const runner = startOutboxRunner({
    userId,
    deliver: (ticket) => deliverQueued(api, ticket),
    signedInAgent: () => userId,
    online: () => true,
    inFlight: bulkLimits.inFlight,
    timers: { setTimeout: (go, ms) => setTimeout(go, ms), clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) },
  });
  try {
    // Looked at every 20 ms: reading the whole outbox on each of its changes would cost more than the sends.
    for (let waited = 0; countRows(batchRows(await listOutbox(userId), batch)).settled < ready.length; waited += 20) {
      if (waited > 60_000) throw new Error('the batch did not settle within 60 s');
      await new Promise((done) => setTimeout(done, 20));
    }
    return (performance.now() - began) / 1000;
  } finally {
    runner.stop();
  }
}

const readyLines = async (shared: SharedAnswers, lines: readonly Line[], count: number, batch: string): Promise<ReadyLine[]> =>
  ((await checkLines(shared, lines, batch)) ?? [])
    .filter((line) => line.body)
    .slice(0, count)
    .map((line) => ({ row: line.row, externalId: line.externalId, body: line.body!, cells: line.cells }));

/** Sends the first `sendCount` ready lines as one batch (after a warm-up batch); each must be created once. */
export async function measureSendRate(shared: SharedAnswers, lines: readonly Line[], sendCount: number, batch: string): Promise<SendFigures> {
  nodeWindow();
  const { server, store } = createMockServer();
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const api = createApiClient({ baseUrl: 'http://localhost/tmf-api/troubleTicket/v5', tokenSource: { getAccessToken: () => Promise.resolve('bench') } });
    const userId = `bench-${batch}`;
    // The first creates load the answer readers and warm the schemas: not part of the rate.
    await sendBatch(api, userId, `${batch}W-`, await readyLines(shared, lines, bulkLimits.inFlight * 2, `${batch}W-`));
    const ready = await readyLines(shared, lines, sendCount, batch);
    const seconds = await sendBatch(api, userId, batch, ready);
    const counts = countRows(batchRows(await listOutbox(userId), batch));
    const stored = store.tickets().filter((ticket) => ticket.externalIdentifier?.some((id) => id.id.startsWith(batch) && !id.id.startsWith(`${batch}W-`)));
    if (counts.created !== ready.length || stored.length !== ready.length) {
      throw new Error(`expected ${ready.length} created once, got ${counts.created} created and ${stored.length} stored`);
    }
    return { rows: ready.length, inFlight: bulkLimits.inFlight, seconds: Number(seconds.toFixed(2)), rowsPerSecond: Math.round(ready.length / seconds) };
  } finally {
    server.close();
  }
}
