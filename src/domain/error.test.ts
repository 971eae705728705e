/** ErrorMessage (TMF630 Error, decisions.md): code and reason required, read tolerantly. */
// @vitest-environment node -- pure schemas need no DOM, and jsdom costs about a second per file.
import { describe, expect, it } from 'vitest';
import { ErrorMessage } from './error';
import { issuePaths } from '../testing/fixtures';

const full = {
  '@type': 'Error',
  code: 'INVALID_BODY',
  reason: 'Bad Request',
  message: 'relatedParty[0].partyOrPartyRole.familyName: at most 30 characters',
  status: '400',
  referenceError: 'https://example.com/errors/invalid-body',
  invalidFields: [{ path: 'relatedParty[0].partyOrPartyRole.familyName', message: 'validation.tooLong' }],
};

describe('ErrorMessage', () => {
  it('parses every known field unchanged', () => {
    expect(ErrorMessage.parse(full)).toEqual(full);
  });

  it('parses with only code and reason', () => {
    expect(ErrorMessage.safeParse({ code: '404', reason: 'Not Found' }).success).toBe(true);
  });

  it.each(['code', 'reason'])('without %s is refused', (field) => {
    const { [field as 'code' | 'reason']: _dropped, ...rest } = full;
    expect(issuePaths(ErrorMessage.safeParse(rest))).toEqual([field]);
  });

  it.each([
    ['code', 400],
    ['reason', null],
    ['status', 400], // TMF630: the HTTP status as a string
    ['invalidFields', [{ path: 'x' }]],
  ])('%s = %j is refused', (field, value) => {
    expect(ErrorMessage.safeParse({ ...full, [field]: value }).success).toBe(false);
  });

  it('keeps fields it does not know (a newer service may add them)', () => {
    const parsed = ErrorMessage.parse({ ...full, traceId: 'abc-123', details: { retryAfter: 30 } });
    expect(parsed).toMatchObject({ traceId: 'abc-123', details: { retryAfter: 30 } });
  });

  it.each([null, 'Bad Request', []])('a body that is not an object (%j) is refused', (body) => {
    expect(ErrorMessage.safeParse(body).success).toBe(false);
  });
});
