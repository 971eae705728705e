// @vitest-environment node
/** What is due, against a fixed clock: each boundary from both sides (overdue, soon, minute/hour/day, settled). */
import { describe, expect, it } from 'vitest';
import { SOON_MS, dueOf } from './due';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const MIN = 60_000;
const H = 60 * MIN;
const D = 24 * H;
const at = (offset: number) => new Date(NOW + offset).toISOString();

describe('dueOf', () => {
  it.each([
    // [expected resolution relative to now, overdue, soon, count, unit]
    ['exactly now: not yet overdue', 0, false, true, 1, 'minute'],
    ['1 ms past: overdue', -1, true, false, 1, 'minute'],
    ['59 min 59 s ahead: minutes', H - 1000, false, true, 59, 'minute'],
    ['60 min ahead: hours', H, false, true, 1, 'hour'],
    ['59 min 59 s late: minutes', -(H - 1000), true, false, 59, 'minute'],
    ['60 min late: hours', -H, true, false, 1, 'hour'],
    ['4 h ahead: still soon', SOON_MS, false, true, 4, 'hour'],
    ['4 h and 1 ms ahead: not soon', SOON_MS + 1, false, false, 4, 'hour'],
    ['23 h 59 min ahead: hours', D - MIN, false, false, 23, 'hour'],
    ['24 h ahead: days', D, false, false, 1, 'day'],
    ['23 h 59 min late: hours', -(D - MIN), true, false, 23, 'hour'],
    ['24 h late: days', -D, true, false, 1, 'day'],
    ['2 d 23 h late: whole days, rounded down', -(3 * D - H), true, false, 2, 'day'],
    ['30 s ahead: at least 1 min', 30_000, false, true, 1, 'minute'],
  ] as const)('%s', (_, offset, overdue, soon, count, unit) => {
    expect(dueOf(at(offset), 'inProgress', NOW)).toEqual({ overdue, soon, count, unit });
  });

  it.each(['acknowledged', 'inProgress', 'pending', 'held', 'accepted', 'initialized', 'confirmed', 'assessingCancellation'])(
    '%s: awaiting resolution, so due',
    (status) => {
      expect(dueOf(at(-D), status, NOW)?.overdue).toBe(true);
      expect(dueOf(at(H), status, NOW)?.soon).toBe(true);
    },
  );

  it.each(['resolved', 'closed', 'cancelled', 'rejected', 'failed', 'completed', 'done'])('%s: resolved or final, never due', (status) => {
    expect(dueOf(at(-D), status, NOW)).toBeUndefined();
    expect(dueOf(at(H), status, NOW)).toBeUndefined();
  });

  it('a status this app does not know is taken as open; no status at all too', () => {
    expect(dueOf(at(-D), 'someNewStatus', NOW)?.overdue).toBe(true);
    expect(dueOf(at(H), undefined, NOW)?.overdue).toBe(false);
  });

  it('no date, or one that is not a date: nothing due', () => {
    expect(dueOf(undefined, 'inProgress', NOW)).toBeUndefined();
    expect(dueOf('', 'inProgress', NOW)).toBeUndefined();
    expect(dueOf('next Tuesday', 'inProgress', NOW)).toBeUndefined();
  });

  it('reads offsets as instants: 13:00+01:00 is 12:00Z', () => {
    expect(dueOf('2026-11-23T13:00:00+01:00', 'held', NOW)).toEqual({ overdue: false, soon: true, count: 1, unit: 'minute' });
    expect(dueOf('2026-11-23T12:59:59+01:00', 'held', NOW)?.overdue).toBe(true);
  });
});
