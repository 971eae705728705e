// @vitest-environment node
/** datetime-local <-> RFC 3339 with the local offset, in Berlin (winter, summer, the gap and the doubled hour). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoToLocal, localTimeZone, localToIso } from './local-date-time';

const original = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  process.env.TZ = original;
});

describe('localToIso', () => {
  it.each([
    ['2026-12-01T10:00', '2026-12-01T10:00:00+01:00'],
    ['2026-07-01T10:00', '2026-07-01T10:00:00+02:00'],
    ['2026-07-01T10:00:30', '2026-07-01T10:00:30+02:00'],
    // 02:30 does not exist on 29 March 2026 (clocks jump to 03:00): moved forward by the gap.
    ['2026-03-29T02:30', '2026-03-29T03:30:00+02:00'],
    // 02:30 happens twice on 25 October 2026: the first one (summer time).
    ['2026-10-25T02:30', '2026-10-25T02:30:00+02:00'],
    ['', ''],
    ['not a date', 'not a date'],
  ])('%s -> %s', (local, iso) => {
    expect(localToIso(local)).toBe(iso);
  });

  it('gives a value the domain accepts and that means the same instant', () => {
    const iso = localToIso('2026-12-01T10:00');
    expect(new Date(iso).toISOString()).toBe('2026-12-01T09:00:00.000Z');
  });
});

describe('isoToLocal', () => {
  it.each([
    ['2026-12-01T09:00:00Z', '2026-12-01T10:00'],
    ['2026-12-01T10:00:00+01:00', '2026-12-01T10:00'],
    ['2026-07-01T08:00:15Z', '2026-07-01T10:00:15'],
    ['', ''],
    ['garbage', ''],
  ])('%s -> %s', (iso, local) => {
    expect(isoToLocal(iso)).toBe(local);
  });

  it('round-trips', () => {
    expect(isoToLocal(localToIso('2026-12-24T18:45'))).toBe('2026-12-24T18:45');
  });

  it('names the zone', () => {
    expect(localTimeZone()).toBe('Europe/Berlin');
  });
});
