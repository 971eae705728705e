/** Recent tickets: newest first, at most 10, once each, per agent, and tolerant of whatever storage holds. */
import { beforeEach, describe, expect, it } from 'vitest';
import { RECENT_MAX, readRecentTickets, recordRecentTicket } from './recent-tickets';
import { userKey, writeJson } from './storage';

beforeEach(() => window.localStorage.clear());

describe('recent tickets', () => {
  it('keeps the newest first with the external id and when it was opened', () => {
    recordRecentTicket('a', { id: 'TT-1', externalId: 'EXT-1' }, Date.parse('2026-11-23T10:00:00Z'));
    recordRecentTicket('a', { id: 'TT-2' }, Date.parse('2026-11-23T11:00:00Z'));
    expect(readRecentTickets('a')).toEqual([
      { id: 'TT-2', openedAt: '2026-11-23T11:00:00.000Z' },
      { id: 'TT-1', externalId: 'EXT-1', openedAt: '2026-11-23T10:00:00.000Z' },
    ]);
  });

  it('opening a ticket again moves it to the top instead of listing it twice', () => {
    ['TT-1', 'TT-2', 'TT-3', 'TT-1'].forEach((id) => recordRecentTicket('a', { id }));
    expect(readRecentTickets('a').map((ticket) => ticket.id)).toEqual(['TT-1', 'TT-3', 'TT-2']);
  });

  it(`keeps ${RECENT_MAX} and drops the oldest: ${RECENT_MAX} and ${RECENT_MAX + 1} opened`, () => {
    for (let i = 1; i <= RECENT_MAX; i += 1) recordRecentTicket('a', { id: `TT-${i}` });
    expect(readRecentTickets('a')).toHaveLength(RECENT_MAX);
    expect(readRecentTickets('a').at(-1)?.id).toBe('TT-1');
    recordRecentTicket('a', { id: `TT-${RECENT_MAX + 1}` });
    expect(readRecentTickets('a')).toHaveLength(RECENT_MAX);
    expect(readRecentTickets('a').map((ticket) => ticket.id)).not.toContain('TT-1');
  });

  it('is kept per agent', () => {
    recordRecentTicket('a', { id: 'TT-1' });
    expect(readRecentTickets('b')).toEqual([]);
  });

  it('reads what is not a list as none, and leaves out entries of another shape', () => {
    writeJson(userKey('a', 'recent-tickets'), { id: 'TT-1' });
    expect(readRecentTickets('a')).toEqual([]);
    writeJson(userKey('a', 'recent-tickets'), [{ id: 'TT-1', openedAt: 'x' }, { id: 7 }, null, { id: '', openedAt: 'x' }, { id: 'TT-2' }]);
    expect(readRecentTickets('a')).toEqual([{ id: 'TT-1', openedAt: 'x' }]);
  });
});
