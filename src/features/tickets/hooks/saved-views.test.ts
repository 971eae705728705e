/** Saved views read back from storage: per agent, and whatever is old, tampered or broken is left out, not trusted. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userKey, writeJson, writePreference } from '../../../lib/storage';
import { canonicalViewQuery, readSavedViews, writeSavedViews } from './saved-views';

const key = (userId: string) => userKey(userId, 'ticket-views');

beforeEach(() => window.localStorage.clear());
afterEach(() => window.localStorage.clear());

describe('readSavedViews', () => {
  it('reads back what was written, for that agent only', () => {
    writeSavedViews('ana', [{ name: 'Open disputes', query: 'status=acknowledged&ticketType=dispute' }]);
    expect(readSavedViews('ana')).toEqual([{ name: 'Open disputes', query: 'status=acknowledged&ticketType=dispute' }]);
    expect(readSavedViews('ben')).toEqual([]);
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', 'raw:{oops'],
    ['an object, not a list', { name: 'x', query: '' }],
    ['a string', 'views'],
    ['a number', 42],
  ])('reads %s as no views', (_, stored) => {
    if (typeof stored === 'string' && stored.startsWith('raw:')) writePreference(key('ana'), stored.slice(4));
    else if (stored !== null) writeJson(key('ana'), stored);
    expect(readSavedViews('ana')).toEqual([]);
  });

  it('drops each entry that does not parse and keeps the rest', () => {
    writeJson(key('ana'), [
      { name: 'Good', query: 'status=held' },
      { name: '', query: 'status=held' },
      { name: '   ', query: '' },
      { name: 'x'.repeat(61), query: '' },
      { name: 'No query' },
      { name: 'Wrong type', query: 7 },
      null,
      'Just a name',
      { name: 'Huge', query: 'a'.repeat(5000) },
      { name: 'Also good', query: '' },
    ]);
    expect(readSavedViews('ana').map((view) => view.name)).toEqual(['Good', 'Also good']);
  });

  it('keeps the first of two views with the same name (any case)', () => {
    writeJson(key('ana'), [
      { name: 'Held', query: 'status=held' },
      { name: 'HELD ', query: 'status=pending' },
    ]);
    expect(readSavedViews('ana')).toEqual([{ name: 'Held', query: 'status=held' }]);
  });

  it('cleans a tampered query: unknown values and parameters drop out, the page too', () => {
    writeJson(key('ana'), [{ name: 'Tampered', query: 'status=held,<script>&sort=-nope&columns=id,secret&page=4&evil=1' }]);
    expect(readSavedViews('ana')).toEqual([{ name: 'Tampered', query: 'status=held&columns=id' }]);
  });

  it('names its storage per agent, so that two agents sharing a browser never see each other’s views', () => {
    writeSavedViews('ana', [{ name: 'Mine', query: '' }]);
    writeSavedViews('ben', [{ name: 'His', query: 'status=closed' }]);
    expect(readSavedViews('ana').map((v) => v.name)).toEqual(['Mine']);
    expect(readSavedViews('ben').map((v) => v.name)).toEqual(['His']);
  });
});

describe('canonicalViewQuery', () => {
  it.each([
    ['', ''],
    ['status=held,pending', 'status=pending,held'],
    ['pageSize=50&page=3', 'pageSize=50'],
    ['sort=-creationDate', ''],
  ])('%j -> %j', (query, canonical) => {
    expect(canonicalViewQuery(query)).toBe(canonical);
  });
});
