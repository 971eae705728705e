// @vitest-environment node
/** Where sign-in returns to: paths of this origin only, never another site (no open redirect). */
import { describe, expect, it } from 'vitest';
import { returnPathOf, safeReturnPath } from './return-to';

const origin = 'https://desk.example.com';

describe('safeReturnPath', () => {
  it.each([
    ['/', '/'],
    ['/tickets/new?step=check', '/tickets/new?step=check'],
    ['/tickets?status=pending,held&sort=-lastUpdate', '/tickets?status=pending,held&sort=-lastUpdate'],
    ['/cancel-orders/CPO-1#history', '/cancel-orders/CPO-1#history'],
    // Normalised, and still a path of this site: kept in its normal form.
    ['/tickets/../cancel-orders', '/cancel-orders'],
    ['/../tickets', '/tickets'],
    ['/tickets/./TT-1', '/tickets/TT-1'],
    ['/tickets?next=//evil.example', '/tickets?next=//evil.example'],
  ])('keeps the same-origin path %j', (path, expected) => {
    expect(safeReturnPath(path, origin)).toBe(expected);
  });

  it.each([
    ['https://evil.example/phish', 'an absolute URL elsewhere'],
    ['https://desk.example.com/tickets', 'an absolute URL, even of this origin'],
    ['//evil.example/phish', 'a protocol-relative URL'],
    ['/\\evil.example/phish', 'a backslash that browsers read as a slash'],
    ['/\t/evil.example/phish', 'a tab the URL parser drops'],
    ['/..//evil.example', 'a path that normalises to a protocol-relative URL'],
    ['/../\\evil.example', 'a path that normalises to a backslash one'],
    ['/%2e%2e//evil.example/phish', 'an encoded dot-dot that normalises to a protocol-relative URL'],
    ['/./..//evil.example', 'dot segments before the double slash'],
    ['javascript:alert(1)', 'a script URL'],
    ['tickets', 'a relative path'],
    ['', 'nothing'],
    ['/auth/callback?code=x&state=y', 'the callback itself (a loop)'],
    [undefined, 'no value'],
    [42, 'not a string'],
  ])('refuses %j (%s) and returns to the overview', (path, _why) => {
    expect(safeReturnPath(path, origin)).toBe('/');
  });
});

describe('returnPathOf', () => {
  it('reads returnTo from the sign-in state', () => {
    expect(returnPathOf({ returnTo: '/tickets/TT-000042' }, origin)).toBe('/tickets/TT-000042');
  });

  it.each([null, undefined, 'x', { returnTo: 'https://evil.example/' }, { other: '/tickets' }])('falls back to / for %j', (state) => {
    expect(returnPathOf(state, origin)).toBe('/');
  });
});
