/**
 * A bulk batch sent by the outbox's runner (issue 41): a few creates at a time, a 429's Retry-After quiets every send,
 * a 401 waits for the sign-in, a pause holds the batch, a reload goes on where the page stopped, and every line is
 * created exactly once: a lost answer then a 409 is the line's own ticket, the same file again is "already existed".
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchRows, countRows, holdBatch, queueBatch, type ReadyLine } from '../../features/bulk-entry/model/batch';
import { startOutboxRunner, type OutboxRunner, type RunnerOptions } from '../../features/outbox/model/runner';
import type { FaultTicketFvo } from '../../domain/ticket';
import { listOutbox, putOutboxEntry } from '../../lib/outbox/store';
import type { TicketOutcome } from '../../domain/create-outcome';
import type { PendingTicket } from '../../lib/outbox/types';
import { manualTimers } from '../../testing/manual-timers';

let agents = 0;
const newAgent = () => `bulk-agent-${(agents += 1)}-${Math.random().toString(36).slice(2)}`;
const BATCH = 'MASS-TEST-';

const lines = (count: number): ReadyLine[] =>
  Array.from({ length: count }, (_, i) => {
    const externalId = `${BATCH}${String(i + 1).padStart(3, '0')}`;
    return { row: i + 1, externalId, body: { ticketType: 'fault', externalIdentifier: [{ id: externalId }] } as unknown as FaultTicketFvo, cells: {} };
  });

/** The mocked service's rule: one ticket per external id; a second create is a 409, looked up as the outbox's deliver does. */
function fakeService() {
  const created = new Map<string, string>();
  const calls: string[] = [];
  const script: (TicketOutcome | 'lose-answer')[] = [];
  const deliver = async (ticket: PendingTicket): Promise<TicketOutcome> => {
    await Promise.resolve();
    calls.push(ticket.externalId);
    const scripted = script.shift();
    if (scripted && scripted !== 'lose-answer') return scripted;
    const existing = created.get(ticket.externalId);
    if (existing) return ticket.unconfirmed ? { kind: 'created', id: existing } : { kind: 'conflict', existing: { id: existing } };
    const ticketId = `TT-${created.size + 1}`;
    created.set(ticket.externalId, ticketId);
    if (scripted === 'lose-answer') return { kind: 'unavailable', mayExist: true };
    return { kind: 'created', id: ticketId };
  };
  return { created, calls, script, deliver };
}

const runners: OutboxRunner[] = [];
afterEach(() => {
  for (const runner of runners.splice(0)) runner.stop();
});

function start(options: Partial<RunnerOptions> & Pick<RunnerOptions, 'userId' | 'deliver'>) {
  const clock = manualTimers();
  const runner = startOutboxRunner({ signedInAgent: () => options.userId, online: () => true, random: () => 0, timers: clock.timers, inFlight: 3, ...options });
  runners.push(runner);
  return { runner, clock };
}

const results = async (userId: string) => batchRows(await listOutbox(userId), BATCH).map((row) => [row.externalId, row.result.kind]);
const counts = async (userId: string) => countRows(batchRows(await listOutbox(userId), BATCH));

describe('a bulk batch through the outbox', () => {
  it('sends every line once, at most the in-flight limit at a time, and reads back each result', async () => {
    const userId = newAgent();
    const service = fakeService();
    expect(await queueBatch(userId, BATCH, lines(7))).toBe(7);
    // The service answers only when the test lets it: what is under way at once is then plain to see.
    let release = () => {};
    let held = 0;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const deliver = async (ticket: PendingTicket) => {
      held += 1;
      await gate;
      return service.deliver(ticket);
    };
    start({ userId, deliver });
    await vi.waitFor(() => expect(held).toBe(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(held).toBe(3);
    release();
    await vi.waitFor(async () => expect((await counts(userId)).created).toBe(7));
    expect(service.calls).toHaveLength(7);
    expect(batchRows(await listOutbox(userId), BATCH)[0]).toEqual({ externalId: `${BATCH}001`, row: undefined, result: { kind: 'created', ticketId: 'TT-1' } });
  });

  it('a second Send of lines still on their way queues nothing twice', async () => {
    const userId = newAgent();
    expect(await queueBatch(userId, BATCH, lines(3))).toBe(3);
    expect(await queueBatch(userId, BATCH, lines(3))).toBe(0);
    expect(await results(userId)).toHaveLength(3);
  });

  it('429 with Retry-After: no line is sent before the time the service named', async () => {
    const userId = newAgent();
    const service = fakeService();
    service.script.push({ kind: 'rateLimited', status: 429, retryAfterSeconds: 30 });
    await queueBatch(userId, BATCH, lines(4));
    let now = Date.now();
    const { runner, clock } = start({ userId, deliver: service.deliver, inFlight: 1, now: () => now });
    await runner.started;
    expect(service.calls).toHaveLength(1);
    expect(runner.get().nextTryAt).toBeGreaterThanOrEqual(now + 30_000);
    expect((await counts(userId)).waiting).toBe(4);

    now += 30_000;
    // The runner's timer is set once its last read of the outbox is done: fired as soon as it is.
    await vi.waitFor(async () => {
      clock.runAll();
      expect((await counts(userId)).created).toBe(4);
    });
    expect(service.created.size).toBe(4);
  });

  it('401: the batch waits for the sign-in, and goes on from where it stopped after it (a new page)', async () => {
    const userId = newAgent();
    const service = fakeService();
    service.script.push({ kind: 'unauthorized' });
    await queueBatch(userId, BATCH, lines(3));
    const first = start({ userId, deliver: service.deliver, inFlight: 1 });
    await first.runner.started;
    expect(first.runner.get().signInNeeded).toBe(true);
    expect(await results(userId)).toEqual([
      [`${BATCH}001`, 'signIn'],
      [`${BATCH}002`, 'waiting'],
      [`${BATCH}003`, 'waiting'],
    ]);
    first.runner.stop();

    const again = start({ userId, deliver: service.deliver });
    await again.runner.started;
    await vi.waitFor(async () => expect((await counts(userId)).created).toBe(3));
    expect(service.created.size).toBe(3);
  });

  it('pause holds the lines not yet sent; go on sends them', async () => {
    const userId = newAgent();
    const service = fakeService();
    await queueBatch(userId, BATCH, lines(3));
    await holdBatch(userId, BATCH, true);
    const { runner } = start({ userId, deliver: service.deliver });
    await runner.started;
    await runner.sendNow();
    expect(service.calls).toEqual([]);
    expect((await counts(userId)).paused).toBe(3);

    await holdBatch(userId, BATCH, false);
    await vi.waitFor(async () => expect((await counts(userId)).created).toBe(3));
  });

  it('a reload mid-send: the line in flight may exist, and its 409 is its own ticket, never a second one', async () => {
    const userId = newAgent();
    const service = fakeService();
    await queueBatch(userId, BATCH, lines(1));
    // The page sent it (the service made it) and went away before the answer: found in flight on the next load.
    const [entry] = await listOutbox(userId);
    await service.deliver(entry as PendingTicket);
    await putOutboxEntry({ ...(entry as PendingTicket), inFlight: true });

    const { runner } = start({ userId, deliver: service.deliver });
    await runner.started;
    await vi.waitFor(async () => expect(await results(userId)).toEqual([[`${BATCH}001`, 'created']]));
    expect(service.created.size).toBe(1);
  });

  it('exactly once: a first POST without an answer, then a 409, counts as created', async () => {
    const userId = newAgent();
    const service = fakeService();
    service.script.push('lose-answer');
    await queueBatch(userId, BATCH, lines(2));
    const { runner, clock } = start({ userId, deliver: service.deliver, inFlight: 1 });
    await runner.started;
    clock.runAll();
    await runner.sendNow();
    await vi.waitFor(async () => expect((await counts(userId)).created).toBe(2));
    expect(service.calls).toHaveLength(3);
    expect(service.created.size).toBe(2);
  });

  it('the same file again: every line "already existed", linked, and nothing new is made', async () => {
    const userId = newAgent();
    const service = fakeService();
    await queueBatch(userId, BATCH, lines(3));
    const { runner } = start({ userId, deliver: service.deliver });
    await runner.started;
    await vi.waitFor(async () => expect((await counts(userId)).created).toBe(3));

    expect(await queueBatch(userId, BATCH, lines(3))).toBe(3);
    await vi.waitFor(async () => expect((await counts(userId)).existed).toBe(3));
    expect(batchRows(await listOutbox(userId), BATCH)[2]!.result).toEqual({ kind: 'existed', ticketId: 'TT-3' });
    expect(service.created.size).toBe(3);
  });
  // The outcome of each row for each answer a create may get (issue 41's "Done when"): one line per status.
  it.each<[string, string, TicketOutcome, Record<string, unknown>]>([
    ['201', 'created', { kind: 'created', id: 'TT-77' }, { ticketId: 'TT-77' }],
    ['202', 'accepted', { kind: 'accepted' }, {}],
    ['400', 'refused', { kind: 'invalid', invalidFields: [{ path: 'accessLineId', message: 'unknown line' }], message: 'Invalid body' }, { reason: 'Invalid body; accessLineId: unknown line' }],
    ['409', 'existed', { kind: 'conflict', existing: { id: 'TT-9', status: 'inProgress' } }, { ticketId: 'TT-9' }],
    ['429', 'waiting', { kind: 'rateLimited', retryAfterSeconds: 30, status: 429 } as unknown as TicketOutcome, { status: 429 }],
    ['network loss', 'waiting', { kind: 'unavailable', mayExist: true }, { outcome: { kind: 'unavailable' } }],
  ])('after a %s the row is "%s"', async (_status, kind, outcome, more) => {
    const userId = newAgent();
    const service = fakeService();
    service.script.push(outcome);
    expect(await queueBatch(userId, BATCH, lines(1))).toBe(1);
    start({ userId, deliver: service.deliver });
    // Sent once (a line waits before it is sent, too), then the row says what the answer meant.
    await vi.waitFor(() => expect(service.calls).toHaveLength(1));
    await vi.waitFor(async () => expect(batchRows(await listOutbox(userId), BATCH)[0]?.result).toMatchObject({ kind, ...more }));
    expect(service.calls).toHaveLength(1);
  });
});
