// @vitest-environment node
// A store out of reach is told from a bug (issue 43): the first is 503 with Retry-After in the agent's words, the
// second 500; neither answer carries the exception (hosts stay in the log).
import { ClientClosedError, ClientOfflineError, ErrorReply, SocketClosedUnexpectedlyError } from '@redis/client';
import { describe, expect, it } from 'vitest';
import { failureOf, isStoreUnavailable, StoreUnavailable } from './failures';

const withCode = (code: string) => Object.assign(new Error(`connect ${code} 10.1.2.3:6379`), { code });

describe('isStoreUnavailable', () => {
  it.each([
    ['the client closed (a stop under way)', new ClientClosedError(), true],
    ['the client offline (Redis down, no offline queue)', new ClientOfflineError(), true],
    ['the socket closed under a command', new SocketClosedUnexpectedlyError(), true],
    ['a refused connection', withCode('ECONNREFUSED'), true],
    ['a store error of our own', new StoreUnavailable('sessions'), true],
    ['one wrapped as the cause', new Error('read failed', { cause: new ClientOfflineError() }), true],
    ['Redis loading its data', new ErrorReply('LOADING Redis is loading the dataset in memory'), true],
    ['Redis full (noeviction)', new ErrorReply("OOM command not allowed when used memory > 'maxmemory'."), true],
    // Bound on the other side: a reply that says our command is wrong, and plain bugs, are no outage.
    ['a wrong command', new ErrorReply('ERR unknown command'), false],
    ['a script error', new ErrorReply('WRONGTYPE Operation against a key holding the wrong kind of value'), false],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')"), false],
    ['another socket code', withCode('EACCES'), false],
    ['not an Error', 'The client is closed', false],
  ])('%s: %s', (_what, error, expected) => {
    expect(isStoreUnavailable(error)).toBe(expected);
  });
});

describe('failureOf', () => {
  it('answers a store out of reach 503 notReady with Retry-After, in words an agent can act on, no host', async () => {
    const failure = failureOf(withCode('ECONNREFUSED'), 'The gateway');
    expect(failure).toMatchObject({ status: 503, code: 'notReady', reason: expect.stringContaining('10.1.2.3:6379') });
    expect(failure.response.status).toBe(503);
    expect(failure.response.headers.get('Retry-After')).toBe('5');
    const text = await failure.response.text();
    expect(JSON.parse(text)).toMatchObject({ code: 'notReady', message: 'The desk is briefly unavailable: try again in a moment.' });
    expect(text).not.toContain('10.1.2.3');
  });

  it('answers anything else 500 internalError, the exception in the reason only', async () => {
    const failure = failureOf(new Error('upstream at api.internal.example broke'), 'The receiver');
    expect(failure).toMatchObject({ status: 500, code: 'internalError', reason: 'Error: upstream at api.internal.example broke' });
    expect(failure.response.headers.get('Retry-After')).toBeNull();
    expect(await failure.response.text()).not.toContain('api.internal.example');
  });
});
