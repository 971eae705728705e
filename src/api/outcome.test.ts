/**
 * Every answer to a create (POST /troubleTicket, POST /cancelProductOrder) maps to one kind of the shared vocabulary
 * (interface.md 4.1 and 4.2, docs/decisions/0008 and 0021).
 */
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, ResponseFormatError } from './errors';
import { mayHaveCreated, outcomeOfError, outcomeOfResult, statusOf } from './outcome';

const apiError = (status: number, extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
  new ApiError({ status, errorMessage: { code: 'x', reason: 'r' }, ...extra });

describe('outcomeOfResult', () => {
  it('201 is created with the id the service gave; 202 accepted, with no id yet', () => {
    expect(outcomeOfResult({ status: 201, resource: { id: 'TT-1' }, location: null })).toEqual({ kind: 'created', id: 'TT-1' });
    expect(outcomeOfResult({ status: 201, resource: { id: 'CPO-1' }, location: null })).toEqual({ kind: 'created', id: 'CPO-1' });
    expect(outcomeOfResult({ status: 202 })).toEqual({ kind: 'accepted' });
  });
});

describe('outcomeOfError', () => {
  it('400 carries the fields the service named, its message and its reason', () => {
    const errorMessage = { code: 'invalidBody', reason: 'Bad Request', message: 'm', invalidFields: [{ path: 'agreement[0].id', message: 'unknown' }] };
    expect(outcomeOfError(new ApiError({ status: 400, errorMessage }))).toEqual({
      kind: 'invalid',
      invalidFields: [{ path: 'agreement[0].id', message: 'unknown' }],
      message: 'm',
      reason: 'Bad Request',
    });
    expect(outcomeOfError(apiError(400))).toEqual({ kind: 'invalid', invalidFields: [], reason: 'r' });
    expect(outcomeOfError(new ApiError({ status: 400 }))).toEqual({ kind: 'invalid', invalidFields: [] });
  });

  it.each([
    [401, { kind: 'unauthorized' }],
    [403, { kind: 'forbidden' }],
    [409, { kind: 'conflict' }],
  ])('%i -> %o', (status, outcome) => {
    expect(outcomeOfError(apiError(status))).toEqual(outcome);
  });

  it('429 took nothing: rateLimited with Retry-After, or undefined when the service gave none', () => {
    const limited = outcomeOfError(apiError(429, { retryAfterSeconds: 7 }));
    expect(limited).toMatchObject({ kind: 'rateLimited', retryAfterSeconds: 7 });
    expect(mayHaveCreated(limited)).toBe(false);
    expect(outcomeOfError(apiError(429))).toMatchObject({ kind: 'rateLimited', retryAfterSeconds: undefined });
  });

  it.each([
    // 503 takes nothing; any other 5xx may have made it before failing.
    [503, false],
    [500, true],
    [502, true],
    [504, true],
  ])('%i: unavailable, worth sending again; it may exist: %s', (status, mayExist) => {
    const outcome = outcomeOfError(apiError(status, { retryAfterSeconds: 3 }));
    expect(outcome).toMatchObject({ kind: 'unavailable', mayExist });
    expect(mayHaveCreated(outcome)).toBe(mayExist);
    expect(statusOf(outcome)).toBe(status);
  });

  it.each([404, 405, 406, 415, 422, 501])('%i is not an answer the interface declares: unsupported, no Send again loop', (status) => {
    const outcome = outcomeOfError(apiError(status));
    expect(outcome.kind).toBe('unsupported');
    expect(mayHaveCreated(outcome)).toBe(false);
    // The cancellation words a 406 on its own; the status says which.
    expect(statusOf(outcome)).toBe(status);
  });

  it('no answer: unavailable, and it may exist', () => {
    const outcome = outcomeOfError(new NetworkError('offline'));
    expect(outcome).toMatchObject({ kind: 'unavailable', mayExist: true });
    expect(mayHaveCreated(outcome)).toBe(true);
    expect(statusOf(outcome)).toBeUndefined();
  });

  it('an unreadable 2xx: it may exist, look for it', () => {
    const outcome = outcomeOfError(new ResponseFormatError('bad', 201));
    expect(outcome.kind).toBe('unreadable');
    expect(mayHaveCreated(outcome)).toBe(true);
    expect(statusOf(outcome)).toBe(201);
  });

  it('anything else thrown is unsupported, never a silent success', () => {
    expect(outcomeOfError(new Error('boom')).kind).toBe('unsupported');
  });
});
