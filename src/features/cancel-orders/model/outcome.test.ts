/** Every answer of POST /cancelProductOrder maps to the outcome the page shows (interface.md 4.2, decision 0021). */
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, ResponseFormatError } from '../../../api/errors';
import { outcomeOfError, outcomeOfResult } from './outcome';

const apiError = (status: number, extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
  new ApiError({ status, errorMessage: { code: 'x', reason: 'r' }, ...extra });

describe('outcomeOfError', () => {
  it.each([
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [406, 'notAcceptable'],
    [409, 'conflict'],
  ])('%i -> %s', (status, kind) => {
    expect(outcomeOfError(apiError(status)).kind).toBe(kind);
  });

  it('400 carries the named fields and the message', () => {
    const error = new ApiError({
      status: 400,
      errorMessage: { code: 'invalidBody', reason: 'Bad Request', message: 'm', invalidFields: [{ path: 'productOrder.id', message: 'x' }] },
    });
    expect(outcomeOfError(error)).toEqual({ kind: 'invalid', invalidFields: [{ path: 'productOrder.id', message: 'x' }], message: 'm' });
  });

  it('429 carries Retry-After, or undefined when the service gave none', () => {
    expect(outcomeOfError(apiError(429, { retryAfterSeconds: 7 }))).toEqual({ kind: 'rateLimited', retryAfterSeconds: 7 });
    expect(outcomeOfError(apiError(429))).toEqual({ kind: 'rateLimited', retryAfterSeconds: undefined });
  });

  it.each([
    [500, true],
    [503, true],
    [501, false],
    [404, false],
    [405, false],
  ])('%i is a failure; Send again offered: %s', (status, retryable) => {
    expect(outcomeOfError(apiError(status))).toMatchObject({ kind: 'failed', retryable });
  });

  it('no answer is a failure worth sending again; an unreadable 2xx may have created it', () => {
    expect(outcomeOfError(new NetworkError('offline'))).toMatchObject({ kind: 'failed', retryable: true });
    expect(outcomeOfError(new ResponseFormatError('bad', 201)).kind).toBe('unreadable');
  });
});

describe('outcomeOfResult', () => {
  it('201 is created with the order, 202 accepted', () => {
    expect(outcomeOfResult({ status: 201, resource: { id: 'CPO-1' }, location: null })).toEqual({ kind: 'created', order: { id: 'CPO-1' } });
    expect(outcomeOfResult({ status: 202 })).toEqual({ kind: 'accepted' });
  });
});
