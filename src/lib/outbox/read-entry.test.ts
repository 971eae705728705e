// @vitest-environment node
/**
 * Stored outbox entries still read after the outbox began to keep the create's outcome (version 2): what version 1
 * kept (`problem`, `attention`, `refusal`, a result with `ticketId`) becomes the same outcome a send now stores, in
 * IndexedDB sealed or not; what is neither is left alone.
 */
import 'fake-indexeddb/auto';
import { createStore, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import type { TicketOutcome } from '../../domain/create-outcome';
import { seal } from '../crypto-store';
import { readEntry } from './read-entry';
import { listOutbox } from './store';
import { outboxVersion } from './types';

const common = { userId: 'agent-1', id: 'run-1', externalId: 'EXT-1', ticketType: 'fault', queuedAt: '2026-03-02T10:40:00.000Z' };
const pending = { body: {}, values: {}, attempts: 2, nextAttemptAt: 0, unconfirmed: false, inFlight: false };
const v1 = (changes: object) => ({ version: 1, ...common, ...pending, ...changes });

describe('readEntry: version 1', () => {
  it.each<[string, object, TicketOutcome | undefined]>([
    ['no answer', { state: 'waiting', problem: { kind: 'network' } }, { kind: 'unavailable', mayExist: true }],
    ['a 503', { state: 'waiting', problem: { kind: 'status', status: 503 } }, { kind: 'unavailable', mayExist: false, status: 503 }],
    ['a 500', { state: 'waiting', problem: { kind: 'status', status: 500 } }, { kind: 'unavailable', mayExist: true, status: 500 }],
    ['a 429', { state: 'waiting', problem: { kind: 'status', status: 429 } }, { kind: 'rateLimited', status: 429 }],
    ['a 409 that may be ours', { state: 'waiting', problem: { kind: 'status', status: 409 } }, { kind: 'unconfirmed' }],
    ['a 401', { state: 'signIn', problem: { kind: 'status', status: 401 } }, { kind: 'unauthorized' }],
    ['a conflict, its ticket found', { state: 'attention', attention: { reason: 'conflict', ticketId: 'TT-3' } }, { kind: 'conflict', existing: { id: 'TT-3' } }],
    ['a conflict, nothing found', { state: 'attention', attention: { reason: 'conflict' } }, { kind: 'conflict' }],
    ['a 403', { state: 'attention', attention: { reason: 'forbidden', status: 403 } }, { kind: 'forbidden' }],
    ['a 404', { state: 'attention', attention: { reason: 'unsupported', status: 404 } }, { kind: 'unsupported', status: 404 }],
    [
      'a refusal',
      { state: 'refused', refusal: { invalidFields: [{ path: 'description', message: 'short' }], message: 'Bad' } },
      { kind: 'invalid', invalidFields: [{ path: 'description', message: 'short' }], message: 'Bad' },
    ],
    ['never tried', { state: 'waiting' }, undefined],
  ])('%s: the outcome a send now stores', (_name, changes, outcome) => {
    const read = readEntry(v1(changes), 'agent-1');
    expect(read).toMatchObject({ version: outboxVersion, ...common, ...pending, state: (changes as { state: string }).state });
    expect(read && 'outcome' in read ? read.outcome : undefined).toEqual(outcome);
    expect(read).not.toHaveProperty('problem');
    expect(read).not.toHaveProperty('attention');
    expect(read).not.toHaveProperty('refusal');
  });

  it('a finished record: created keeps its ticket, accepted stays accepted; one without a result is none', () => {
    const finished = { version: 1, ...common, state: 'finished', finishedAt: '2026-03-02T10:41:00.000Z' };
    expect(readEntry({ ...finished, result: { kind: 'created', ticketId: 'TT-9' } }, 'agent-1')).toMatchObject({ result: { kind: 'created', id: 'TT-9' } });
    expect(readEntry({ ...finished, result: { kind: 'accepted' } }, 'agent-1')).toMatchObject({ result: { kind: 'accepted' } });
    expect(readEntry({ ...finished, result: { kind: 'created' } }, 'agent-1')).toBeUndefined();
  });
});

describe('readEntry: what it leaves alone', () => {
  it.each([
    ['another agent’s', { ...v1({ state: 'waiting' }), userId: 'agent-2' }],
    ['an unknown version', { ...v1({ state: 'waiting' }), version: 3 }],
    ['no version', { ...v1({ state: 'waiting' }), version: undefined }],
    ['no id', { ...v1({ state: 'waiting' }), id: 7 }],
    ['not an object', 'run-1'],
  ])('%s entry', (_name, value) => {
    expect(readEntry(value, 'agent-1')).toBeUndefined();
  });

  it('this version as it is; an outcome of a kind it does not know is left out, not guessed', () => {
    const outcome = { kind: 'conflict', existing: { id: 'TT-3' } };
    const current = { version: outboxVersion, ...common, ...pending, state: 'attention', outcome };
    expect(readEntry(current, 'agent-1')).toEqual(current);
    expect(readEntry({ ...current, outcome: { kind: 'later' } }, 'agent-1')).not.toHaveProperty('outcome');
  });
});

describe('the store reads version 1 entries', () => {
  it('sealed and unsealed ones, as this version', async () => {
    const items = createStore('trouble-ticket-desk-outbox', 'items');
    const userId = 'agent-old-entries';
    // Queued now, so the keeping time has not expired them.
    const queuedAt = new Date().toISOString();
    const sealedOld = { ...v1({ state: 'attention', attention: { reason: 'conflict', ticketId: 'TT-3' } }), userId, id: 'run-a', queuedAt };
    const plainOld = { ...v1({ state: 'waiting', problem: { kind: 'network' } }), userId, id: 'run-b', queuedAt };
    const data = await seal(userId, JSON.stringify(sealedOld));
    await set([userId, 'run-a'], { sealed: 1, userId, id: 'run-a', queuedAt, data }, items);
    await set([userId, 'run-b'], plainOld, items);
    const listed = await listOutbox(userId);
    expect(listed.map((entry) => [entry.id, entry.version, 'outcome' in entry ? entry.outcome : undefined])).toEqual([
      ['run-a', outboxVersion, { kind: 'conflict', existing: { id: 'TT-3' } }],
      ['run-b', outboxVersion, { kind: 'unavailable', mayExist: true }],
    ]);
  });
});
