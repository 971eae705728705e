// @vitest-environment node
/** List state <-> URL: every kind of filter, sort, columns, page and page size; defaults left out; bad values ignored. */
import { describe, expect, it } from 'vitest';
import {
  isCalendarDay,
  parseListState,
  serialiseListState,
  toggledSort,
  withColumns,
  withFilters,
  withOffset,
  withPageSize,
  withSort,
  type ListDefinition,
} from './list-state';

/** A list of its own (not the tickets'): the helpers must work for any list's definitions. */
const definition: ListDefinition<{
  state: { kind: 'multi'; options: readonly ['open', 'done', 'failed'] };
  owner: { kind: 'text'; maxLength: 5 };
  since: { kind: 'date' };
}> = {
  filters: {
    state: { kind: 'multi', options: ['open', 'done', 'failed'] },
    owner: { kind: 'text', maxLength: 5 },
    since: { kind: 'date' },
  },
  columns: ['id', 'state', 'owner', 'created'],
  requiredColumns: ['id'],
  defaultColumns: ['id', 'state', 'created'],
  sortable: ['id', 'state', 'created'],
  defaultSort: { field: 'created', descending: true },
  pageSizes: [10, 20, 50],
  defaultPageSize: 20,
};

const parse = (query: string) => parseListState(definition, new URLSearchParams(query));
const defaults = parse('');

describe('parseListState', () => {
  it('reads an empty query as the defaults', () => {
    expect(defaults).toEqual({
      filters: {},
      columns: ['id', 'state', 'created'],
      sort: { field: 'created', descending: true },
      pageSize: 20,
      offset: 0,
    });
  });

  it.each([
    // [query, what is read]
    ['state=open', { filters: { state: ['open'] } }],
    ['state=done,open', { filters: { state: ['open', 'done'] } }],
    ['state=done&state=open', { filters: { state: ['open', 'done'] } }],
    ['state=open,,%20done%20', { filters: { state: ['open', 'done'] } }],
    ['state=open,someNewState', { filters: { state: ['open'] } }],
    ['state=someNewState', { filters: {} }],
    ['owner=%20anna%20', { filters: { owner: 'anna' } }],
    ['owner=abcde', { filters: { owner: 'abcde' } }],
    ['owner=abcdef', { filters: {} }],
    ['owner=M%C3%BCllr', { filters: { owner: 'Müllr' } }],
    ['since=2026-02-28', { filters: { since: '2026-02-28' } }],
    ['since=2026-02-30', { filters: {} }],
    ['since=2026-2-3', { filters: {} }],
    ['since=yesterday', { filters: {} }],
    ['sort=state', { sort: { field: 'state', descending: false } }],
    ['sort=-id', { sort: { field: 'id', descending: true } }],
    ['sort=%2Bid', { sort: { field: 'id', descending: false } }],
    ['sort=owner', { sort: { field: 'created', descending: true } }],
    ['sort=-__proto__', { sort: { field: 'created', descending: true } }],
    ['columns=owner,id', { columns: ['id', 'owner'] }],
    ['columns=created,state,owner', { columns: ['id', 'state', 'owner', 'created'] }],
    ['columns=id', { columns: ['id'] }],
    ['columns=nonsense', { columns: ['id', 'state', 'created'] }],
    ['columns=', { columns: ['id', 'state', 'created'] }],
    ['pageSize=50', { pageSize: 50 }],
    ['pageSize=49', { pageSize: 20 }],
    ['pageSize=abc', { pageSize: 20 }],
    ['page=3', { offset: 40 }],
    ['page=3&pageSize=10', { pageSize: 10, offset: 20 }],
    ['page=1', { offset: 0 }],
    ['page=0', { offset: 0 }],
    ['page=-2', { offset: 0 }],
    ['page=2.5', { offset: 0 }],
    ['page=9999999999999', { offset: 0 }],
  ])('%s', (query, expected) => {
    expect(parse(query)).toEqual({ ...defaults, ...expected });
  });
});

describe('serialiseListState', () => {
  it('leaves every default out: the plain address is the default view', () => {
    expect(serialiseListState(definition, defaults)).toBe('');
  });

  it.each([
    ['state=open,done'],
    ['state=failed'],
    ['owner=anna'],
    ['owner=a%26b'],
    ['since=2026-10-05'],
    ['sort=state'],
    ['sort=-id'],
    ['columns=id,owner'],
    ['columns=id'],
    ['pageSize=50'],
    ['page=2'],
    ['state=open,failed&owner=x%2Cy&since=2026-01-31&sort=id&columns=id,state,owner,created&pageSize=10&page=7'],
  ])('%s survives URL -> state -> URL unchanged', (query) => {
    expect(serialiseListState(definition, parse(query))).toBe(query);
  });

  it.each([
    ['state=done,open', 'state=open,done'],
    ['state=bogus&sort=-created&columns=created,id,state&pageSize=20&page=1', ''],
    ['owner=%20anna%20&page=0', 'owner=anna'],
  ])('writes %s the one canonical way: %s', (query, canonical) => {
    expect(serialiseListState(definition, parse(query))).toBe(canonical);
  });

  it('leaves the page out on request (a saved view has none)', () => {
    expect(serialiseListState(definition, parse('state=open&page=4'), { withPage: false })).toBe('state=open');
  });

  it('drops emptied filters', () => {
    const state = withFilters(defaults, { state: [], owner: '  ', since: '' });
    expect(serialiseListState(definition, state)).toBe('');
  });
});

describe('changes', () => {
  const onPage3 = parse('state=open&page=3&columns=id,owner');

  it.each([
    ['new filters', withFilters(onPage3, { state: ['done'] })],
    ['a new sort', withSort(onPage3, { field: 'id', descending: false })],
    ['a new page size', withPageSize(onPage3, 50)],
  ])('%s start again at the first page', (_, changed) => {
    expect(changed.offset).toBe(0);
  });

  it('new columns keep the page', () => {
    expect(withColumns(onPage3, ['id', 'state']).offset).toBe(40);
  });

  it.each([
    [0, 0],
    [40, 40],
    [45, 40],
    [-20, 0],
  ])('an offset of %i lands on the page starting at %i', (offset, expected) => {
    expect(withOffset(onPage3, offset).offset).toBe(expected);
  });

  it.each([
    [{ field: 'created', descending: true }, 'created', { field: 'created', descending: false }],
    [{ field: 'created', descending: false }, 'created', { field: 'created', descending: true }],
    [{ field: 'created', descending: true }, 'id', { field: 'id', descending: false }],
  ])('clicking a header: %j then %s gives %j', (current, field, expected) => {
    expect(toggledSort(current, field)).toEqual(expected);
  });
});

describe('isCalendarDay', () => {
  it.each([
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2026-12-31', true],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-04-31', false],
    ['20261231', false],
    ['', false],
  ])('%s: %s', (value, expected) => {
    expect(isCalendarDay(value)).toBe(expected);
  });
});
