// @vitest-environment node
/** The outbox's state machine as pure functions: what each send result does to a ticket, and the backoff's bounds. */
import { describe, expect, it } from 'vitest';
import { pendingTicket } from '../../../testing/pending-ticket';
import { outboxVersion, type PendingTicket } from '../../../lib/outbox/types';
import { afterDelivery, backoffMs, beforeSend, FIRST_RETRY_MS, LONGEST_RETRY_MS, recovered } from './next-state';

const now = new Date('2026-03-02T10:42:00Z');

const ticket = (changes: Partial<PendingTicket> = {}) => pendingTicket({ values: { description: 'kept' }, inFlight: true, ...changes });

describe('backoffMs', () => {
  it.each([
    // attempt, random, wait: half the base with random 0, the whole base with random 1.
    [1, 0, FIRST_RETRY_MS / 2],
    [1, 1, FIRST_RETRY_MS],
    [2, 1, FIRST_RETRY_MS * 2],
    [7, 1, LONGEST_RETRY_MS],
    // Past the longest wait the base stays at its bound, on both ends of the jitter.
    [8, 1, LONGEST_RETRY_MS],
    [30, 0, LONGEST_RETRY_MS / 2],
  ])('after attempt %i with random %f: %i ms', (attempt, random, wait) => {
    expect(backoffMs(attempt, random)).toBe(wait);
  });
});

describe('afterDelivery', () => {
  it('created: the ticket leaves the outbox as a record with its ticket id, without its answers', () => {
    const next = afterDelivery(ticket(), { kind: 'created', id: 'TT-9' }, now, 0.5);
    expect(next).toEqual({
      version: outboxVersion,
      userId: 'agent-1',
      id: 'run-EXT-1',
      externalId: 'EXT-1',
      ticketType: 'fault',
      queuedAt: '2026-03-02T10:40:00.000Z',
      state: 'finished',
      finishedAt: now.toISOString(),
      result: { kind: 'created', id: 'TT-9' },
    });
    expect(next).not.toHaveProperty('body');
    expect(next).not.toHaveProperty('values');
  });

  it('accepted (202): finished too, the service creates it later', () => {
    expect(afterDelivery(ticket(), { kind: 'accepted' }, now, 0.5)).toMatchObject({ state: 'finished', result: { kind: 'accepted' } });
  });

  it('400: refused with the service’s words, never due again (nextAttemptAt untouched, not waiting)', () => {
    const invalidFields = [{ path: 'relatedParty[0].contactMedium', message: 'missing' }];
    const next = afterDelivery(ticket({ nextAttemptAt: 0 }), { kind: 'invalid', invalidFields, message: 'Bad' }, now, 0.5);
    expect(next).toMatchObject({ state: 'refused', outcome: { kind: 'invalid', invalidFields, message: 'Bad' }, attempts: 1, inFlight: false });
  });

  it('401: waits for a sign-in', () => {
    expect(afterDelivery(ticket(), { kind: 'unauthorized' }, now, 0.5)).toMatchObject({ state: 'signIn', attempts: 1, inFlight: false });
  });

  it('a conflict with another ticket waits for the agent’s decision, and keeps the ticket found', () => {
    const next = afterDelivery(ticket(), { kind: 'conflict', existing: { id: 'TT-3' } }, now, 0.5);
    expect(next).toMatchObject({ state: 'attention', outcome: { kind: 'conflict', existing: { id: 'TT-3' } } });
  });

  it.each([
    [{ kind: 'forbidden' } as const, 'attention'],
    [{ kind: 'unsupported', status: 404 } as const, 'attention'],
    [{ kind: 'conflict' } as const, 'attention'],
  ])('%o waits for the agent (%s), never due again by itself', (outcome, state) => {
    expect(afterDelivery(ticket({ nextAttemptAt: 7 }), outcome, now, 0.5)).toMatchObject({ state, nextAttemptAt: 7, outcome });
  });

  it.each([
    // outcome, "may exist" after it
    [{ kind: 'unconfirmed' } as const, true],
    [{ kind: 'unreadable', status: 201 } as const, true],
    [{ kind: 'unavailable', mayExist: true, status: 500 } as const, true],
    [{ kind: 'rateLimited', status: 429 } as const, false],
  ])('%o: waiting again after the backoff; "may exist": %s', (outcome, mayExist) => {
    expect(afterDelivery(ticket({ attempts: 0 }), outcome, now, 1)).toMatchObject({
      state: 'waiting',
      unconfirmed: mayExist,
      outcome,
      nextAttemptAt: now.getTime() + FIRST_RETRY_MS,
    });
  });

  it('no answer: waiting again after the backoff, and marked "may exist" (a later 409 means already created)', () => {
    const next = afterDelivery(ticket({ attempts: 1 }), { kind: 'unavailable', mayExist: true }, now, 1);
    expect(next).toMatchObject({ state: 'waiting', attempts: 2, unconfirmed: true, inFlight: false, nextAttemptAt: now.getTime() + FIRST_RETRY_MS * 2 });
  });

  it('a 503 that took nothing keeps an earlier "may exist", and Retry-After lengthens the wait', () => {
    const delivery = { kind: 'unavailable', mayExist: false, status: 503, retryAfterSeconds: 60 } as const;
    expect(afterDelivery(ticket({ unconfirmed: true }), delivery, now, 0)).toMatchObject({ unconfirmed: true, nextAttemptAt: now.getTime() + 60_000 });
    expect(afterDelivery(ticket({ unconfirmed: false }), delivery, now, 0)).toMatchObject({ unconfirmed: false });
  });
});

describe('beforeSend and recovered', () => {
  it('a ticket found in flight on load may exist: due at once, marked unconfirmed', () => {
    const left = beforeSend(ticket({ inFlight: false, nextAttemptAt: 99 }));
    expect(left.inFlight).toBe(true);
    expect(recovered(left)).toMatchObject({ state: 'waiting', inFlight: false, unconfirmed: true, nextAttemptAt: 0 });
  });

  it('a ticket that waited for a sign-in is due again on the next load (every sign-in is a page load)', () => {
    expect(recovered(ticket({ state: 'signIn', inFlight: false, nextAttemptAt: 99 }))).toMatchObject({ state: 'waiting', unconfirmed: false, nextAttemptAt: 0 });
  });

  it('a refused ticket stays refused; a quiet waiting ticket is returned as it is', () => {
    expect(recovered(ticket({ state: 'refused', inFlight: false }))).toMatchObject({ state: 'refused' });
    const quiet = ticket({ inFlight: false });
    expect(recovered(quiet)).toBe(quiet);
  });
});
