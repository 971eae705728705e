// @vitest-environment node
/**
 * Every answer to a create (POST /troubleTicket, POST /cancelProductOrder) maps to one outcome of the shared kinds
 * (src/domain/create-outcome.ts; interface.md 4.1 and 4.2, docs/decisions/0008 and 0021), with its data as plain
 * values the outbox can store.
 */
import { describe, expect, it } from 'vitest';
import { mayHaveCreated, statusOf, type CreateOutcome } from '../domain/create-outcome';
import { ApiError, NetworkError, ResponseFormatError } from './errors';
import { outcomeOfError, outcomeOfResult } from './outcome';

const apiError = (status: number, extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
  new ApiError({ status, errorMessage: { code: 'x', reason: 'r' }, ...extra });

describe('outcomeOfResult', () => {
  it('201 is created with the id the service gave; 202 accepted, with no id yet', () => {
    expect(outcomeOfResult({ status: 201, resource: { id: 'TT-1' }, location: null })).toEqual({ kind: 'created', id: 'TT-1' });
    expect(outcomeOfResult({ status: 201, resource: { id: 'CPO-1' }, location: null })).toEqual({ kind: 'created', id: 'CPO-1' });
    expect(outcomeOfResult({ status: 202 })).toEqual({ kind: 'accepted' });
  });
});

describe('outcomeOfError, every status', () => {
  it.each<[number, CreateOutcome<never>, boolean]>([
    // [status, outcome (the service said "r"), may it have created it]
    [400, { kind: 'invalid', invalidFields: [], reason: 'r' }, false],
    [401, { kind: 'unauthorized' }, false],
    [403, { kind: 'forbidden' }, false],
    [404, { kind: 'unsupported', status: 404, reason: 'r' }, false],
    [405, { kind: 'unsupported', status: 405, reason: 'r' }, false],
    [406, { kind: 'unsupported', status: 406, reason: 'r' }, false],
    [408, { kind: 'unsupported', status: 408, reason: 'r' }, false],
    [409, { kind: 'conflict' }, false],
    [415, { kind: 'unsupported', status: 415, reason: 'r' }, false],
    [422, { kind: 'unsupported', status: 422, reason: 'r' }, false],
    [429, { kind: 'rateLimited', status: 429, reason: 'r' }, false],
    // 503 takes nothing; any other 5xx may have made it before failing.
    [500, { kind: 'unavailable', mayExist: true, status: 500, reason: 'r' }, true],
    [501, { kind: 'unsupported', status: 501, reason: 'r' }, false],
    [502, { kind: 'unavailable', mayExist: true, status: 502, reason: 'r' }, true],
    [503, { kind: 'unavailable', mayExist: false, status: 503, reason: 'r' }, false],
    [504, { kind: 'unavailable', mayExist: true, status: 504, reason: 'r' }, true],
  ])('%i -> %o', (status, outcome, mayExist) => {
    const read = outcomeOfError(apiError(status));
    expect(read).toEqual(outcome);
    expect(mayHaveCreated(read)).toBe(mayExist);
    // Plain data: what the outbox stores reads back the same.
    expect(JSON.parse(JSON.stringify(read))).toEqual(read);
  });

  it('400 carries the fields the service named, its message and its reason; none when it said none', () => {
    const errorMessage = { code: 'invalidBody', reason: 'Bad Request', message: 'm', invalidFields: [{ path: 'agreement[0].id', message: 'unknown' }] };
    expect(outcomeOfError(new ApiError({ status: 400, errorMessage }))).toEqual({
      kind: 'invalid',
      invalidFields: [{ path: 'agreement[0].id', message: 'unknown' }],
      message: 'm',
      reason: 'Bad Request',
    });
    expect(outcomeOfError(new ApiError({ status: 400 }))).toEqual({ kind: 'invalid', invalidFields: [] });
  });

  it('429 and 503 keep Retry-After when the service gave it', () => {
    expect(outcomeOfError(apiError(429, { retryAfterSeconds: 7 }))).toMatchObject({ kind: 'rateLimited', retryAfterSeconds: 7 });
    expect(outcomeOfError(apiError(429))).not.toHaveProperty('retryAfterSeconds');
    expect(outcomeOfError(apiError(503, { retryAfterSeconds: 3 }))).toMatchObject({ kind: 'unavailable', retryAfterSeconds: 3 });
  });

  it('no answer: unavailable with no status, and it may exist', () => {
    const outcome = outcomeOfError(new NetworkError('offline'));
    expect(outcome).toEqual({ kind: 'unavailable', mayExist: true });
    expect(mayHaveCreated(outcome)).toBe(true);
    expect(statusOf(outcome)).toBeUndefined();
  });

  it('an unreadable 2xx: it may exist, look for it', () => {
    const outcome = outcomeOfError(new ResponseFormatError('bad', 201));
    expect(outcome).toEqual({ kind: 'unreadable', status: 201 });
    expect(mayHaveCreated(outcome)).toBe(true);
    expect(statusOf(outcome)).toBe(201);
  });

  it('anything else thrown is unsupported with no status, never a silent success', () => {
    expect(outcomeOfError(new Error('boom'))).toEqual({ kind: 'unsupported' });
  });
});
