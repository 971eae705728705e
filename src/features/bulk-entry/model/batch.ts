/**
 * A batch of lines sent through the outbox (src/lib/outbox): each ready line becomes one outbox ticket whose external
 * identifier is its idempotency key, so the runner's rules make it exactly once (a lost answer marks it "may exist",
 * and a later 409 is then the ticket made, never a second one). The batch is the outbox entries of its origin; its
 * rows, progress and results are read back from them, so a reload or another tab sees the same batch.
 */
import { withOutboxLock } from '../../../lib/outbox/lock';
import { listOutbox, putOutboxEntry } from '../../../lib/outbox/store';
import { outboxVersion, type OutboxEntry, type PendingTicket } from '../../../lib/outbox/types';
import { statusOf, type TicketOutcome } from '../../../domain/create-outcome';
import type { FaultTicketFvo } from '../../../domain/ticket';
import type { LineCells } from './parse';

export const BULK_ORIGIN = 'bulk';

export type ReadyLine = { row: number; externalId: string; body: FaultTicketFvo; cells: LineCells };

/** What the bulk page keeps of a line in its outbox ticket (for its row number and its result). */
type BulkValues = { bulkRow: number };

const entryId = (batch: string, externalId: string) => `bulk:${batch}:${externalId}`;

export const inBatch = (entry: OutboxEntry, batch: string): boolean => entry.origin?.kind === BULK_ORIGIN && entry.origin.ticketId === batch;

/**
 * Queues the ready lines, except those of this batch still on their way (a second "Send" queues nothing twice; the
 * same file sent again after it went through is sent again, and the service's 409 says "already existed"). Returns
 * how many were queued.
 */
export function queueBatch(userId: string, batch: string, lines: readonly ReadyLine[], now = new Date()): Promise<number> {
  return withOutboxLock(userId, async () => {
    const onTheirWay = (await listOutbox(userId)).filter((entry) => inBatch(entry, batch) && (entry.state === 'waiting' || entry.state === 'signIn'));
    const known = new Set(onTheirWay.map((entry) => entry.externalId));
    let queued = 0;
    for (const line of lines) {
      if (known.has(line.externalId)) continue;
      const values: BulkValues = { bulkRow: line.row };
      const ticket: PendingTicket = {
        version: outboxVersion,
        userId,
        id: entryId(batch, line.externalId),
        externalId: line.externalId,
        ticketType: 'fault',
        origin: { kind: BULK_ORIGIN, ticketId: batch },
        // Queued in row order: the runner sends the oldest first.
        queuedAt: new Date(now.getTime() + line.row).toISOString(),
        state: 'waiting',
        body: line.body,
        values,
        attempts: 0,
        nextAttemptAt: 0,
        unconfirmed: false,
        inFlight: false,
      };
      await putOutboxEntry(ticket);
      queued += 1;
    }
    return queued;
  });
}

/** Pause (held) or go on: the batch's tickets still waiting are kept from the runner, or given back to it. */
export function holdBatch(userId: string, batch: string, held: boolean): Promise<void> {
  return withOutboxLock(userId, async () => {
    for (const entry of await listOutbox(userId)) {
      if (!inBatch(entry, batch) || entry.state !== 'waiting' || Boolean(entry.held) === held) continue;
      await putOutboxEntry({ ...entry, held, ...(held ? {} : { nextAttemptAt: 0 }) });
    }
  });
}

/** What became of one line; `outcome` the last send's, as the create told it (shown by its component). */
export type RowResult =
  | { kind: 'created'; ticketId: string }
  | { kind: 'accepted' }
  | { kind: 'existed'; ticketId?: string }
  | { kind: 'refused'; reason: string; outcome?: TicketOutcome }
  | { kind: 'attention'; outcome?: TicketOutcome }
  | { kind: 'signIn' }
  | { kind: 'paused' }
  | { kind: 'waiting'; status?: number; outcome?: TicketOutcome };

export type BatchRow = { externalId: string; row: number | undefined; result: RowResult };

const withOutcome = (outcome: TicketOutcome | undefined) => (outcome ? { outcome } : {});

/** The service's words of a refusal: its message, then each field it named. */
function reasonOf(outcome: TicketOutcome | undefined): string {
  if (outcome?.kind !== 'invalid') return '';
  const fields = outcome.invalidFields.map((field) => [field.path, field.message].filter(Boolean).join(': '));
  return [outcome.message ?? outcome.reason, ...fields].filter(Boolean).join('; ');
}

function resultOf(entry: OutboxEntry): RowResult {
  switch (entry.state) {
    case 'finished': {
      const { result } = entry;
      if (result.kind === 'created') return { kind: 'created', ticketId: result.id };
      // A 409 for a first attempt: a ticket with this identifier was made before (an earlier upload of the file).
      if (result.kind === 'conflict') return { kind: 'existed', ...(result.existing ? { ticketId: result.existing.id } : {}) };
      return { kind: 'accepted' };
    }
    case 'refused':
      return { kind: 'refused', reason: reasonOf(entry.outcome), ...withOutcome(entry.outcome) };
    case 'attention':
      return { kind: 'attention', ...withOutcome(entry.outcome) };
    case 'signIn':
      return { kind: 'signIn' };
    case 'waiting': {
      if (entry.held) return { kind: 'paused' };
      const status = entry.outcome ? statusOf(entry.outcome) : undefined;
      return { kind: 'waiting', ...(status === undefined ? {} : { status }), ...withOutcome(entry.outcome) };
    }
  }
}

const rowOf = (entry: OutboxEntry): number | undefined =>
  entry.state !== 'finished' && typeof entry.values === 'object' && entry.values !== null ? (entry.values as Partial<BulkValues>).bulkRow : undefined;

/** The batch's rows in the order queued, each with its result. */
export function batchRows(entries: readonly OutboxEntry[], batch: string): BatchRow[] {
  return entries
    .filter((entry) => inBatch(entry, batch))
    .sort((a, b) => a.queuedAt.localeCompare(b.queuedAt))
    .map((entry) => ({ externalId: entry.externalId, row: rowOf(entry), result: resultOf(entry) }));
}

/** Rows whose fate is settled: made, already there, refused or waiting for the agent. */
export const isSettled = (result: RowResult): boolean => ['created', 'accepted', 'existed', 'refused', 'attention'].includes(result.kind);

export type BatchCounts = Record<RowResult['kind'], number> & { total: number; settled: number };

export function countRows(rows: readonly BatchRow[]): BatchCounts {
  const counts: BatchCounts = { created: 0, accepted: 0, existed: 0, refused: 0, attention: 0, signIn: 0, paused: 0, waiting: 0, total: rows.length, settled: 0 };
  for (const { result } of rows) {
    counts[result.kind] += 1;
    if (isSettled(result)) counts.settled += 1;
  }
  return counts;
}
