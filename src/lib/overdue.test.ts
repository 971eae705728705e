// @vitest-environment node
/** "Overdue" as the service is asked for it: the statuses awaiting resolution and the expected resolution before now. */
import { describe, expect, it } from 'vitest';
import { minuteOf, overdueFilters } from './overdue';

const NOW = Date.parse('2026-11-23T12:34:56.789Z');

describe('overdueFilters', () => {
  it('asks for the four statuses awaiting resolution, expected before now', () => {
    expect(overdueFilters(NOW)).toEqual({
      status: ['acknowledged', 'inProgress', 'pending', 'held'],
      'expectedResolutionDate.lt': '2026-11-23T12:34:56.789Z',
    });
  });

  it('keeps of the chosen statuses those awaiting resolution', () => {
    expect(overdueFilters(NOW, ['held', 'closed', 'acknowledged']).status).toEqual(['acknowledged', 'held']);
  });

  it('chosen statuses that are all settled: an empty range, so the service finds nothing', () => {
    expect(overdueFilters(NOW, ['closed', 'resolved'])).toEqual({
      status: ['closed', 'resolved'],
      'expectedResolutionDate.lt': '2026-11-23T12:34:56.789Z',
      'expectedResolutionDate.gte': '2026-11-23T12:34:56.789Z',
    });
  });

  it('an empty choice is no choice', () => {
    expect(overdueFilters(NOW, []).status).toEqual(['acknowledged', 'inProgress', 'pending', 'held']);
  });
});

describe('minuteOf', () => {
  it('rounds down to the minute, so a query holding it changes once a minute', () => {
    expect(new Date(minuteOf(NOW)).toISOString()).toBe('2026-11-23T12:34:00.000Z');
    expect(minuteOf(Date.parse('2026-11-23T12:35:00.000Z'))).toBe(Date.parse('2026-11-23T12:35:00.000Z'));
    expect(minuteOf(Date.parse('2026-11-23T12:34:59.999Z'))).toBe(Date.parse('2026-11-23T12:34:00.000Z'));
  });
});
