/** List query parameters (decisions.md "Lists"): paging defaults and limits, `fields`, `sort`. */
// @vitest-environment node -- pure schemas need no DOM, and jsdom costs about a second per file.
import { describe, expect, it } from 'vitest';
import { Paging, parseFields, parseSort } from './list';
import { issuePaths } from '../testing/fixtures';

describe('Paging', () => {
  it('defaults to offset 0 and limit 20', () => {
    expect(Paging.parse({})).toEqual({ offset: 0, limit: 20 });
    expect(Paging.parse({ offset: undefined, limit: undefined })).toEqual({ offset: 0, limit: 20 });
  });

  it.each([
    [{ offset: '0', limit: '1' }, { offset: 0, limit: 1 }],
    [{ offset: '40', limit: '20' }, { offset: 40, limit: 20 }],
    [{ limit: '99' }, { offset: 0, limit: 99 }],
    [{ limit: '100' }, { offset: 0, limit: 100 }],
    [{ limit: '101' }, { offset: 0, limit: 100 }],
    [{ limit: '100000' }, { offset: 0, limit: 100 }],
    [{ offset: '5' }, { offset: 5, limit: 20 }],
    [{ offset: '007' }, { offset: 7, limit: 20 }],
  ])('%j -> %j', (query, paging) => {
    expect(Paging.parse(query)).toEqual(paging);
  });

  const refused = ['-1', '1.5', 'abc', '', ' 5', '1e2', '0x10', '+3'];
  const rows = (['offset', 'limit'] as const).flatMap((param) => refused.map((value) => [param, value] as const));
  it.each(rows)('%s = %j is refused, naming the parameter', (param, value) => {
    const result = Paging.safeParse({ [param]: value });
    expect(issuePaths(result)).toEqual([param]);
    expect(result.error?.issues[0]?.message).toBe('rule.nonNegativeInteger');
  });
});

describe('parseFields', () => {
  it.each([
    [null, undefined],
    [undefined, undefined],
    ['', undefined],
    [',', undefined],
    ['status', ['status']],
    ['status,creationDate', ['status', 'creationDate']],
    [' status , ,creationDate ', ['status', 'creationDate']],
  ])('%j -> %j', (value, fields) => {
    expect(parseFields(value)).toEqual(fields);
  });
});

describe('parseSort', () => {
  it.each([
    [null, []],
    ['', []],
    ['creationDate', [{ field: 'creationDate', descending: false }]],
    ['-creationDate', [{ field: 'creationDate', descending: true }]],
    ['+status', [{ field: 'status', descending: false }]],
    [
      '-creationDate, status',
      [
        { field: 'creationDate', descending: true },
        { field: 'status', descending: false },
      ],
    ],
    ['status,,', [{ field: 'status', descending: false }]],
  ])('%j -> %j', (value, sort) => {
    expect(parseSort(value)).toEqual(sort);
  });
});
