// @vitest-environment node
/** What the UI gets when the service says no, says nothing, or says something odd. */
import { delay, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  NetworkError,
  ResponseFormatError,
  isAbortError,
  isApiError,
  isConflict,
  isForbidden,
  isNetworkError,
  isNotFound,
  isRateLimited,
  isResponseFormatError,
  isRetryable,
  isUnauthorized,
  parseRetryAfter,
} from './errors';
import { answerAll, cancelProductOrderFvo, clientFor, faultTicket, faultTicketFvo, json, listenWithMsw } from '../testing/api-client';

listenWithMsw();

const errorBody = (code: string, reason: string, extra: Record<string, unknown> = {}) => ({
  '@type': 'Error',
  code,
  reason,
  ...extra,
});

const html = (status: number) =>
  new HttpResponse('<html><body><h1>502 Bad Gateway</h1></body></html>', {
    status,
    headers: { 'Content-Type': 'text/html' },
  });

describe('non-2xx answers become ApiError', () => {
  const invalidFields = [
    { path: 'relatedParty', message: 'validation.tooFewItems' },
    { path: 'agreement[0].name', message: 'validation.tooLong' },
  ];

  it.each([
    {
      status: 400,
      answer: () => json(errorBody('invalidBody', 'Invalid ticket', { message: '2 fields', invalidFields }), { status: 400 }),
      code: 'invalidBody',
      message: 'HTTP 400: Invalid ticket (2 fields)',
      invalidFields,
      is: [] as string[],
    },
    {
      status: 401,
      answer: () => json(errorBody('unauthorized', 'Bearer token required'), { status: 401 }),
      code: 'unauthorized',
      message: 'HTTP 401: Bearer token required',
      invalidFields: [],
      is: ['isUnauthorized'],
    },
    {
      status: 403,
      answer: () => json(errorBody('forbidden', 'Not yours'), { status: 403 }),
      code: 'forbidden',
      message: 'HTTP 403: Not yours',
      invalidFields: [],
      is: ['isForbidden'],
    },
    {
      status: 404,
      answer: () => json(errorBody('notFound', 'No such ticket', { status: '404' }), { status: 404 }),
      code: 'notFound',
      message: 'HTTP 404: No such ticket',
      invalidFields: [],
      is: ['isNotFound'],
    },
    {
      status: 409,
      answer: () => json(errorBody('conflict', 'externalIdentifier already used'), { status: 409 }),
      code: 'conflict',
      message: 'HTTP 409: externalIdentifier already used',
      invalidFields: [],
      is: ['isConflict'],
    },
    {
      status: 500,
      answer: () => html(500),
      code: undefined,
      message: 'HTTP 500',
      invalidFields: [],
      is: ['isRetryable'],
    },
    {
      status: 502,
      answer: () => html(502),
      code: undefined,
      message: 'HTTP 502',
      invalidFields: [],
      is: ['isRetryable'],
    },
    {
      status: 503,
      // JSON, but not an ErrorMessage (no code/reason): the status still speaks.
      answer: () => json({ error: 'down for maintenance' }, { status: 503 }),
      code: undefined,
      message: 'HTTP 503',
      invalidFields: [],
      is: ['isRetryable'],
    },
  ])('$status -> ApiError "$message"', async ({ status, answer, code, message, invalidFields, is }) => {
    answerAll(answer);
    const error = await clientFor().createTroubleTicket(faultTicketFvo).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(status);
    expect(apiError.message).toBe(message);
    expect(apiError.errorMessage?.code).toBe(code);
    expect(apiError.invalidFields).toEqual(invalidFields);
    const predicates = { isUnauthorized, isForbidden, isNotFound, isConflict, isRateLimited, isRetryable };
    const holding = Object.entries(predicates).filter(([, p]) => p(error)).map(([name]) => name);
    expect(holding).toEqual(is);
  });

  it('keeps fields of a newer ErrorMessage', async () => {
    answerAll(() => json(errorBody('invalidBody', 'Invalid', { traceId: 'abc' }), { status: 400 }));
    const error = (await clientFor().retrieveTroubleTicket('TT-1').catch((e: unknown) => e)) as ApiError;

    expect(error.errorMessage).toMatchObject({ code: 'invalidBody', traceId: 'abc' });
  });
});

describe('429 Too Many Requests', () => {
  it('reads Retry-After in seconds', async () => {
    answerAll(() => json(errorBody('tooManyRequests', 'Slow down'), { status: 429, headers: { 'Retry-After': '30' } }));
    const error = await clientFor().createCancelProductOrder(cancelProductOrderFvo).catch((e: unknown) => e);

    expect(isRateLimited(error)).toBe(true);
    expect(isRetryable(error)).toBe(false);
    expect((error as ApiError).retryAfterSeconds).toBe(30);
  });

  it('reads Retry-After as an HTTP-date', async () => {
    const inTwoMinutes = new Date(Date.now() + 120_000).toUTCString();
    answerAll(() => json(errorBody('tooManyRequests', 'Slow down'), { status: 429, headers: { 'Retry-After': inTwoMinutes } }));
    const error = (await clientFor().listCancelProductOrders().catch((e: unknown) => e)) as ApiError;

    // HTTP-dates have whole seconds, so the wait is 119 or 120 seconds depending on when the test runs.
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(119);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(120);
  });

  it('leaves retryAfterSeconds undefined without the header', async () => {
    answerAll(() => json(errorBody('tooManyRequests', 'Slow down'), { status: 429 }));
    const error = (await clientFor().listCancelProductOrders().catch((e: unknown) => e)) as ApiError;

    expect(error.retryAfterSeconds).toBeUndefined();
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-12-01T10:00:00Z');
  it.each([
    ['120', 120],
    [' 0 ', 0],
    ['Tue, 01 Dec 2026 10:01:30 GMT', 90],
    ['Tue, 01 Dec 2026 09:00:00 GMT', 0],
    [null, undefined],
    ['', undefined],
    ['-5', undefined],
    ['1.5', undefined],
    ['soon', undefined],
  ])('%j -> %j seconds', (value, seconds) => {
    expect(parseRetryAfter(value, now)).toBe(seconds);
  });
});

describe('no answer', () => {
  it('a failed fetch becomes NetworkError and keeps its cause', async () => {
    answerAll(() => HttpResponse.error());
    const error = await clientFor().listTroubleTickets().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(NetworkError);
    expect(isNetworkError(error)).toBe(true);
    expect(isRetryable(error)).toBe(true);
    expect((error as NetworkError).cause).toBeInstanceOf(TypeError);
  });

  it('an abort passes through as it is (TanStack Query cancels this way)', async () => {
    answerAll(async () => {
      await delay('infinite');
      return json([]);
    });
    const controller = new AbortController();
    const pending = clientFor().listTroubleTickets({}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    const error = await pending.catch((e: unknown) => e);

    expect(isAbortError(error)).toBe(true);
    expect(isNetworkError(error)).toBe(false);
    expect(isApiError(error)).toBe(false);
  });

  it('an already aborted signal rejects with the abort reason', async () => {
    answerAll(() => json(faultTicket));
    const controller = new AbortController();
    controller.abort();
    const error = await clientFor().retrieveTroubleTicket('TT-1', { signal: controller.signal }).catch((e: unknown) => e);

    expect(isAbortError(error)).toBe(true);
  });
});

describe('2xx answers that are not what the interface says become ResponseFormatError', () => {
  const text = (body: string, status = 200) =>
    new HttpResponse(body, { status, headers: { 'Content-Type': 'application/json' } });

  it.each([
    { what: 'retrieve, not JSON', answer: () => text('<html>oops</html>'), call: 'retrieve', status: 200 },
    { what: 'retrieve, empty body', answer: () => text(''), call: 'retrieve', status: 200 },
    { what: 'retrieve, an array', answer: () => json([faultTicket]), call: 'retrieve', status: 200 },
    { what: 'retrieve, a string', answer: () => json('TT-1'), call: 'retrieve', status: 200 },
    { what: 'retrieve, no id', answer: () => json({ ...faultTicket, id: undefined }), call: 'retrieve', status: 200 },
    { what: 'list, an object', answer: () => json({ items: [faultTicket] }), call: 'list', status: 200 },
    { what: 'list, not JSON', answer: () => text('[{"id":'), call: 'list', status: 200 },
    { what: 'list, an item without id', answer: () => json([faultTicket, { status: 'held' }]), call: 'list', status: 200 },
    { what: 'create 201, an array', answer: () => json([faultTicket], { status: 201 }), call: 'create', status: 201 },
    { what: 'create 201, no body', answer: () => new HttpResponse(null, { status: 201 }), call: 'create', status: 201 },
  ])('$what', async ({ answer, call, status }) => {
    answerAll(answer);
    const api = clientFor();
    const promise =
      call === 'retrieve'
        ? api.retrieveTroubleTicket('TT-1')
        : call === 'list'
          ? api.listTroubleTickets()
          : api.createTroubleTicket(faultTicketFvo);
    const error = await promise.catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ResponseFormatError);
    expect(isResponseFormatError(error)).toBe(true);
    expect(isRetryable(error)).toBe(false);
    expect((error as ResponseFormatError).status).toBe(status);
  });

  it('names what was expected in its issues', async () => {
    answerAll(() => json({ items: [] }));
    const error = (await clientFor().listCancelProductOrders().catch((e: unknown) => e)) as ResponseFormatError;

    expect(error.issues[0]).toMatchObject({ code: 'invalid_type', expected: 'array' });
    expect(error.message).toMatch(/^GET \/cancelProductOrder: /);
  });
});
