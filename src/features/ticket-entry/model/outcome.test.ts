/** Every answer of POST /troubleTicket maps to what the agent sees next (interface.md 4.1, docs/decisions/0008). */
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, ResponseFormatError } from '../../../api/errors';
import { mayHaveCreated, outcomeOfConflict, outcomeOfError, outcomeOfResult } from './outcome';

const apiError = (status: number, extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
  new ApiError({ status, errorMessage: { code: 'x', reason: 'r' }, ...extra });

describe('outcomeOfResult', () => {
  it('201 opens the created ticket; 202 says it was accepted under its external id', () => {
    expect(outcomeOfResult({ status: 201, resource: { id: 'TT-1' }, location: null }, 'EXT-1')).toEqual({ kind: 'created', ticketId: 'TT-1' });
    expect(outcomeOfResult({ status: 202 }, 'EXT-1')).toEqual({ kind: 'accepted', externalId: 'EXT-1' });
  });
});

describe('outcomeOfError', () => {
  it('400 carries the fields the service named and its message', () => {
    const errorMessage = { code: 'invalidBody', reason: 'Bad Request', message: 'm', invalidFields: [{ path: 'agreement[0].id', message: 'unknown' }] };
    expect(outcomeOfError(new ApiError({ status: 400, errorMessage }), 'EXT-1')).toEqual({
      kind: 'invalid',
      invalidFields: [{ path: 'agreement[0].id', message: 'unknown' }],
      errorMessage,
    });
    expect(outcomeOfError(apiError(400), 'EXT-1')).toMatchObject({ kind: 'invalid', invalidFields: [] });
  });

  it.each([
    [401, { kind: 'unauthorized' }],
    [403, { kind: 'forbidden' }],
    [409, { kind: 'duplicate', externalId: 'EXT-1' }],
  ])('%i -> %o', (status, outcome) => {
    expect(outcomeOfError(apiError(status), 'EXT-1')).toEqual(outcome);
  });

  it.each([
    // 429 and 503 take nothing; any other 5xx may have created the ticket before failing.
    [429, false],
    [503, false],
    [500, true],
    [502, true],
    [504, true],
  ])('%i: Retry; the ticket may exist: %s', (status, mayExist) => {
    const outcome = outcomeOfError(apiError(status, { retryAfterSeconds: 3 }), 'EXT-1');
    expect(outcome).toMatchObject({ kind: 'retry', mayExist });
    expect(mayHaveCreated(outcome)).toBe(mayExist);
  });

  it.each([404, 405, 406, 415, 422, 501])('%i is not an answer the interface declares: unsupported, no Retry loop', (status) => {
    const outcome = outcomeOfError(apiError(status), 'EXT-1');
    expect(outcome.kind).toBe('unsupported');
    expect(mayHaveCreated(outcome)).toBe(false);
  });

  it('no answer: Retry, and the ticket may exist', () => {
    const outcome = outcomeOfError(new NetworkError('offline'), 'EXT-1');
    expect(outcome).toMatchObject({ kind: 'retry', mayExist: true });
    expect(mayHaveCreated(outcome)).toBe(true);
  });

  it('an unreadable 2xx: the ticket may exist, look for it by its external id', () => {
    const outcome = outcomeOfError(new ResponseFormatError('bad', 201), 'EXT-1');
    expect(outcome).toMatchObject({ kind: 'unreadable', externalId: 'EXT-1' });
    expect(mayHaveCreated(outcome)).toBe(true);
  });

  it('anything else thrown is unsupported, never a silent success', () => {
    expect(outcomeOfError(new Error('boom'), 'EXT-1').kind).toBe('unsupported');
  });
});

describe('outcomeOfConflict', () => {
  it('a 409 for another external id than the unanswered one: a duplicate, with the ticket when it was found', () => {
    expect(outcomeOfConflict('EXT-1', 'TT-9', undefined)).toEqual({ kind: 'conflict', externalId: 'EXT-1', ticketId: 'TT-9' });
    expect(outcomeOfConflict('EXT-1', undefined, 'EXT-0')).toEqual({ kind: 'conflict', externalId: 'EXT-1', ticketId: undefined });
  });

  it('a 409 for the id whose earlier create got no answer: the earlier attempt created it', () => {
    expect(outcomeOfConflict('EXT-1', 'TT-9', 'EXT-1')).toEqual({ kind: 'created', ticketId: 'TT-9' });
    expect(outcomeOfConflict('EXT-1', undefined, 'EXT-1')).toEqual({ kind: 'unconfirmed', externalId: 'EXT-1' });
  });
});
