/**
 * The outbox runner against a fake service and IndexedDB (fake-indexeddb): each ticket is sent once, a lost answer is
 * settled by the 409 lookup without a second ticket, a 400 and a 401 stop sending, and nothing goes out offline or
 * while another agent is signed in.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepMs, listOutbox, putOutboxEntry } from '../../../lib/outbox/store';
import { pendingTicket } from '../../../testing/pending-ticket';
import type { TicketOutcome } from '../../../domain/create-outcome';
import type { PendingTicket } from '../../../lib/outbox/types';
import { startOutboxRunner, type OutboxRunner, type RunnerOptions } from './runner';
import { manualTimers } from '../../../testing/manual-timers';

let agents = 0;
/** Each test has agents of its own: the fake database lives for the whole file. */
const newAgent = () => `agent-${(agents += 1)}-${Math.random().toString(36).slice(2)}`;

const queued = (userId: string, externalId: string) => pendingTicket({ userId, externalId, queuedAt: new Date(Date.now() - 1000).toISOString() });

/**
 * The service: creates a ticket per external id (a second create is a 409, looked up as the wizard's deliver does:
 * created when the ticket may be ours). `script` answers instead, once per entry, before the service is asked.
 */
function fakeService() {
  const created = new Map<string, string>();
  const calls: { externalId: string; agent: string }[] = [];
  const script: (TicketOutcome | 'lose-answer')[] = [];
  let agent = '';
  const deliver = async (ticket: PendingTicket): Promise<TicketOutcome> => {
    await Promise.resolve();
    calls.push({ externalId: ticket.externalId, agent });
    const scripted = script.shift();
    if (scripted && scripted !== 'lose-answer') return scripted;
    const existing = created.get(ticket.externalId);
    if (existing) {
      return ticket.unconfirmed ? { kind: 'created', id: existing } : { kind: 'conflict', existing: { id: existing } };
    }
    const ticketId = `TT-${created.size + 1}`;
    created.set(ticket.externalId, ticketId);
    // The service created it, but the answer never arrived.
    if (scripted === 'lose-answer') return { kind: 'unavailable', mayExist: true };
    return { kind: 'created', id: ticketId };
  };
  return { created, calls, script, deliver, setAgent: (id: string) => (agent = id) };
}

const runners: OutboxRunner[] = [];
afterEach(() => {
  for (const runner of runners.splice(0)) runner.stop();
});

function start(options: Partial<RunnerOptions> & Pick<RunnerOptions, 'userId' | 'deliver'>) {
  const clock = manualTimers();
  const runner = startOutboxRunner({ signedInAgent: () => options.userId, online: () => true, random: () => 0, timers: clock.timers, ...options });
  runners.push(runner);
  return { runner, clock };
}

const states = async (userId: string) => (await listOutbox(userId)).map((entry) => [entry.externalId, entry.state]);

describe('the outbox runner', () => {
  it('sends each waiting ticket once and keeps the record of what it became', async () => {
    const userId = newAgent();
    const service = fakeService();
    await putOutboxEntry(queued(userId, 'EXT-A'));
    await putOutboxEntry(queued(userId, 'EXT-B'));
    const { runner } = start({ userId, deliver: service.deliver });
    await runner.started;
    await runner.sendNow();
    expect(service.calls.map((call) => call.externalId)).toEqual(['EXT-A', 'EXT-B']);
    expect(service.created.size).toBe(2);
    expect(await listOutbox(userId)).toEqual([
      expect.objectContaining({ externalId: 'EXT-A', state: 'finished', result: { kind: 'created', id: 'TT-1' } }),
      expect.objectContaining({ externalId: 'EXT-B', state: 'finished', result: { kind: 'created', id: 'TT-2' } }),
    ]);
  });

  it('a lost answer: the retry meets a 409 and links the ticket the first try created; one ticket in all', async () => {
    const userId = newAgent();
    const service = fakeService();
    service.script.push('lose-answer');
    await putOutboxEntry(queued(userId, 'EXT-LOST'));
    const { runner, clock } = start({ userId, deliver: service.deliver });
    await runner.started;
    expect(await listOutbox(userId)).toEqual([expect.objectContaining({ state: 'waiting', unconfirmed: true, attempts: 1 })]);
    expect(runner.get().nextTryAt).not.toBeNull();

    clock.runAll();
    await runner.sendNow();
    expect(service.calls).toHaveLength(2);
    expect([...service.created.values()]).toEqual(['TT-1']);
    expect(await listOutbox(userId)).toEqual([expect.objectContaining({ state: 'finished', result: { kind: 'created', id: 'TT-1' } })]);
  });

  it('400: refused, never sent again by the runner', async () => {
    const userId = newAgent();
    const service = fakeService();
    service.script.push({ kind: 'invalid', invalidFields: [{ path: 'description', message: 'too short' }] });
    await putOutboxEntry(queued(userId, 'EXT-BAD'));
    const { runner } = start({ userId, deliver: service.deliver });
    await runner.started;
    await runner.sendNow();
    await runner.sendNow();
    expect(service.calls).toHaveLength(1);
    expect(await states(userId)).toEqual([['EXT-BAD', 'refused']]);
  });

  it('401: sending stops until the same agent has signed in again (a new runner of that agent)', async () => {
    const userId = newAgent();
    const service = fakeService();
    service.script.push({ kind: 'unauthorized' });
    await putOutboxEntry(queued(userId, 'EXT-A'));
    await putOutboxEntry(queued(userId, 'EXT-B'));
    const first = start({ userId, deliver: service.deliver });
    await first.runner.started;
    await first.runner.sendNow();
    expect(first.runner.get().signInNeeded).toBe(true);
    expect(service.calls.map((call) => call.externalId)).toEqual(['EXT-A']);
    expect(await states(userId)).toEqual([
      ['EXT-A', 'signIn'],
      ['EXT-B', 'waiting'],
    ]);
    first.runner.stop();

    const second = start({ userId, deliver: service.deliver });
    await second.runner.started;
    expect(service.calls.map((call) => call.externalId)).toEqual(['EXT-A', 'EXT-A', 'EXT-B']);
    expect(await states(userId)).toEqual([
      ['EXT-A', 'finished'],
      ['EXT-B', 'finished'],
    ]);
  });

  it('another agent signed in: nothing of this agent’s outbox is sent, and that agent lists none of it', async () => {
    const one = newAgent();
    const two = newAgent();
    const service = fakeService();
    await putOutboxEntry(queued(one, 'EXT-ONE'));
    const { runner } = start({ userId: one, deliver: service.deliver, signedInAgent: () => two });
    await runner.started;
    await runner.sendNow();
    expect(service.calls).toEqual([]);
    expect(await listOutbox(two)).toEqual([]);
    expect(await states(one)).toEqual([['EXT-ONE', 'waiting']]);
  });

  it('offline: nothing is sent; the online event sends it', async () => {
    const userId = newAgent();
    const service = fakeService();
    let online = false;
    await putOutboxEntry(queued(userId, 'EXT-OFF'));
    const { runner } = start({ userId, deliver: service.deliver, online: () => online });
    await runner.started;
    expect(service.calls).toEqual([]);
    online = true;
    window.dispatchEvent(new Event('online'));
    await runner.sendNow();
    expect(service.calls.map((call) => call.externalId)).toEqual(['EXT-OFF']);
    expect(await states(userId)).toEqual([['EXT-OFF', 'finished']]);
  });

  it('a ticket past the offline keeping time is removed at start and never sent; a younger one is sent', async () => {
    const userId = newAgent();
    const service = fakeService();
    await putOutboxEntry(pendingTicket({ userId, externalId: 'EXT-OLD', queuedAt: new Date(Date.now() - keepMs() - 60_000).toISOString() }));
    await putOutboxEntry(pendingTicket({ userId, externalId: 'EXT-YOUNG', queuedAt: new Date(Date.now() - keepMs() + 60_000).toISOString() }));
    const { runner } = start({ userId, deliver: service.deliver });
    await runner.started;
    await runner.sendNow();
    expect(service.calls.map((call) => call.externalId)).toEqual(['EXT-YOUNG']);
    expect(await states(userId)).toEqual([['EXT-YOUNG', 'finished']]);
  });

  it('a ticket that expires while the page stays open is not sent when its time comes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const userId = newAgent();
      const service = fakeService();
      await putOutboxEntry(pendingTicket({ userId, externalId: 'EXT-LATE', queuedAt: new Date().toISOString(), nextAttemptAt: Date.now() + keepMs() }));
      const { runner } = start({ userId, deliver: service.deliver });
      await runner.started;
      vi.setSystemTime(Date.now() + keepMs() + 1000);
      await runner.sendNow();
      expect(service.calls).toEqual([]);
      expect(await listOutbox(userId)).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('two tabs of one agent: each ticket is sent once', async () => {
    const userId = newAgent();
    const service = fakeService();
    for (const id of ['EXT-1', 'EXT-2', 'EXT-3']) await putOutboxEntry(queued(userId, id));
    const a = start({ userId, deliver: service.deliver });
    const b = start({ userId, deliver: service.deliver });
    await Promise.all([a.runner.started, b.runner.started]);
    await Promise.all([a.runner.sendNow(), b.runner.sendNow()]);
    await a.runner.sendNow();
    expect(service.calls.map((call) => call.externalId).sort()).toEqual(['EXT-1', 'EXT-2', 'EXT-3']);
    expect(await states(userId)).toEqual([
      ['EXT-1', 'finished'],
      ['EXT-2', 'finished'],
      ['EXT-3', 'finished'],
    ]);
  });
});
