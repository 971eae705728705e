/**
 * Every failure an agent can read is said in the agent's words (issue 28): for each kind of error the API client, the
 * query library or the app's own code can throw, the error panel and the crash screen, in English and German, hold no
 * query key, no "undefined" or "null", no stack frame and no exception's own message.
 */
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, NetworkError, ResponseFormatError } from '../../api/errors';
import { ErrorScreen } from './error-screen';
import { i18n } from '../../lib/i18n';
import { ErrorPanel } from '../../components/error-panel';

/** What no agent should read: a query key, JavaScript's empty values, a stack frame. */
const internals = /\[\s*"|undefined|\bnull\b|\bat \S+ \(\S*:\d+:\d+\)|\.(?:tsx?|js):\d+/;

/** TanStack Query's own failure for a query function that resolves undefined: the words issue 28 found on screen. */
let undefinedData: unknown;
beforeAll(async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  undefinedData = await client
    .fetchQuery({ queryKey: ['tickets', 'counts', 'overdue'], queryFn: () => undefined as unknown as number })
    .catch((error: unknown) => error);
});

const withStack = (error: Error) => {
  error.stack = `${error.name}: ${error.message}\n    at fetchTicketCounts (http://localhost/src/features/tickets/api/get-ticket-counts.ts:22:5)`;
  return error;
};

/** [kind, the error, words the agent must read in English]. */
const kinds: [string, () => unknown, RegExp][] = [
  ['TanStack Query: data is undefined', () => undefinedData, /The app ran into an unexpected problem/],
  ['a slip in the app (TypeError with a stack)', () => withStack(new TypeError("Cannot read properties of null (reading 'id')")), /unexpected/],
  ['a RangeError (an id no address can hold)', () => new RangeError('Not a usable resource id: "undefined"'), /unexpected/],
  ['an Error without a message', () => new Error(''), /unexpected/],
  ['a thrown string', () => 'undefined is not a function', /unexpected/],
  ['a thrown null', () => null, /unexpected/],
  ['a thrown undefined', () => undefined, /unexpected/],
  ['a thrown object', () => ({ queryKey: ['tickets', 'counts'] }), /unexpected/],
  ['an abort', () => new DOMException('signal is aborted without reason', 'AbortError'), /unexpected/],
  ['no answer (NetworkError)', () => withStack(new NetworkError('No answer from the service: TypeError: Failed to fetch')), /could not be reached/],
  ['an answer without a body', () => new ResponseFormatError('GET /troubleTicket: the answer has no body', 200), /cannot read/],
  ['an answer of the wrong shape', () => new ResponseFormatError('GET /troubleTicket: unexpected answer at [0].id: expected string, received undefined', 200), /cannot read/],
  ['401 without a body', () => new ApiError({ status: 401 }), /not signed in/],
  ['403', () => new ApiError({ status: 403 }), /not allowed/],
  ['404 with the service reason', () => new ApiError({ status: 404, errorMessage: { code: 'E404', reason: 'Ticket unknown' } }), /Ticket unknown/],
  ['409', () => new ApiError({ status: 409, errorMessage: { code: 'E409', reason: 'Duplicate external identifier' } }), /HTTP 409/],
  ['422 with fields', () => new ApiError({ status: 422, errorMessage: { code: 'E422', reason: 'Invalid body', invalidFields: [{ path: 'severity', message: 'unknown' }] } }), /HTTP 422/],
  ['429', () => new ApiError({ status: 429, retryAfterSeconds: 30 }), /Too many requests/],
  ['500', () => new ApiError({ status: 500 }), /HTTP 500/],
  ['503 with the service reason', () => new ApiError({ status: 503, errorMessage: { code: 'E503', reason: 'Maintenance until 18:00' } }), /Maintenance until 18:00/],
];

describe.each(['en', 'de'] as const)('in %s', (language) => {
  beforeAll(async () => {
    await i18n.changeLanguage(language);
  });

  it.each(kinds)('%s: the error panel speaks words, no internals', (_kind, error, words) => {
    const { container } = render(<ErrorPanel title={i18n.tFor(language)('overview.overdueFailed')} error={error()} onRetry={() => {}} />);
    const text = container.textContent ?? '';
    expect(text).not.toMatch(internals);
    if (language === 'en') expect(text).toMatch(words);
    const thrown = error();
    // Only the service's own reason may come through, never an exception's message.
    if (thrown instanceof Error && thrown.message && !(thrown instanceof ApiError)) expect(text).not.toContain(thrown.message);
  });

  it.each(kinds)('%s: the crash screen speaks words, no internals', (_kind, error) => {
    const { container } = render(
      <MemoryRouter>
        <ErrorScreen error={error()} />
      </MemoryRouter>,
    );
    expect(container.textContent).not.toMatch(internals);
  });
});

it('the English and German words differ (the German catalogue is used)', () => {
  expect(i18n.tFor('de')('apiError.unknown')).not.toBe(i18n.tFor('en')('apiError.unknown'));
  expect(i18n.tFor('de')('apiError.unknown')).toMatch(/unerwartet/i);
});
