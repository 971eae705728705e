// @vitest-environment node
/** Paging arithmetic: first, middle, last and only page, an empty result, and a service that sends no total. */
import { describe, expect, it } from 'vitest';
import { pageInfo } from './paging';

describe('pageInfo', () => {
  it.each([
    // [case, input, expected]
    [
      'first page of many',
      { offset: 0, pageSize: 20, total: 1234, rowCount: 20 },
      { from: 1, to: 20, page: 1, pageCount: 62, previousOffset: undefined, nextOffset: 20, lastOffset: 1220 },
    ],
    [
      'a middle page',
      { offset: 40, pageSize: 20, total: 1234, rowCount: 20 },
      { from: 41, to: 60, page: 3, pageCount: 62, previousOffset: 20, nextOffset: 60, lastOffset: 1220 },
    ],
    [
      'the last, short page',
      { offset: 1220, pageSize: 20, total: 1234, rowCount: 14 },
      { from: 1221, to: 1234, page: 62, pageCount: 62, previousOffset: 1200, nextOffset: undefined, lastOffset: 1220 },
    ],
    [
      'a last page that is exactly full',
      { offset: 80, pageSize: 20, total: 100, rowCount: 20 },
      { from: 81, to: 100, page: 5, pageCount: 5, previousOffset: 60, nextOffset: undefined, lastOffset: 80 },
    ],
    [
      'the only page',
      { offset: 0, pageSize: 20, total: 7, rowCount: 7 },
      { from: 1, to: 7, page: 1, pageCount: 1, previousOffset: undefined, nextOffset: undefined, lastOffset: 0 },
    ],
    [
      'an empty result',
      { offset: 0, pageSize: 20, total: 0, rowCount: 0 },
      { from: 0, to: 0, page: 1, pageCount: 1, previousOffset: undefined, nextOffset: undefined, lastOffset: 0 },
    ],
    [
      'a page past the end',
      { offset: 60, pageSize: 20, total: 41, rowCount: 0 },
      { from: 0, to: 0, page: 4, pageCount: 3, previousOffset: 40, nextOffset: undefined, lastOffset: 40 },
    ],
    [
      'no total, a full page: there may be more',
      { offset: 20, pageSize: 20, total: undefined, rowCount: 20 },
      { from: 21, to: 40, page: 2, pageCount: undefined, previousOffset: 0, nextOffset: 40, lastOffset: undefined },
    ],
    [
      'no total, a short page: the end',
      { offset: 20, pageSize: 20, total: undefined, rowCount: 3 },
      { from: 21, to: 23, page: 2, pageCount: undefined, previousOffset: 0, nextOffset: undefined, lastOffset: undefined },
    ],
    [
      'page size 100, second page',
      { offset: 100, pageSize: 100, total: 100000, rowCount: 100 },
      { from: 101, to: 200, page: 2, pageCount: 1000, previousOffset: 0, nextOffset: 200, lastOffset: 99900 },
    ],
  ])('%s', (_, input, expected) => {
    expect(pageInfo(input)).toEqual(expected);
  });
});
