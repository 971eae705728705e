// @vitest-environment node
/** People see numbers and local times in their language, with the time zone named. */
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber } from './format';

describe('formatNumber', () => {
  it.each([
    [1234, 'en', '1,234'],
    [1234, 'de', '1.234'],
    [0, 'en', '0'],
    [1234567, 'de', '1.234.567'],
    [999, 'en', '999'],
    [1000, 'en', '1,000'],
    [-999, 'de', '-999'],
    [-1000, 'de', '-1.000'],
    [12.5, 'de', '12,5'],
  ] as const)('%d in %s is %s', (value, language, expected) => {
    expect(formatNumber(value, language)).toBe(expected);
  });

  // Whole numbers below a thousand skip Intl (the first formatter is slow to build): they must read exactly as Intl writes them.
  it.each(['en', 'de'] as const)('writes every number from -1,100 to 1,100 as Intl does in %s', (language) => {
    const intl = new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'de-DE');
    const differing = [];
    for (let value = -1100; value <= 1100; value += 0.5) {
      if (formatNumber(value, language) !== intl.format(value)) differing.push(value);
    }
    expect(differing).toEqual([]);
  });
});

describe('formatDateTime', () => {
  it.each([
    ['2026-12-01T10:00:00Z', 'en', 'Europe/Berlin', '1 Dec 2026, 11:00 CET'],
    ['2026-12-01T11:00:00+01:00', 'de', 'Europe/Berlin', '1. Dez. 2026, 11:00 MEZ'],
    ['2026-07-01T10:00:00Z', 'en', 'Europe/Berlin', '1 Jul 2026, 12:00 CEST'],
    ['2026-12-01T10:00:00Z', 'en', 'UTC', '1 Dec 2026, 10:00 UTC'],
  ] as const)('%s in %s (%s) is %s', (iso, language, zone, expected) => {
    // Intl may use a narrow no-break space or a different separator between versions; compare words, not spaces.
    expect(formatDateTime(iso, language, zone).replace(/\s+/g, ' ')).toBe(expected);
  });

  it('shows local time with its zone by default, never a bare UTC string', () => {
    expect(formatDateTime('2026-12-01T10:00:00Z', 'en')).toMatch(/\d{2}:\d{2} \S+$/);
  });

  it('shows a value that is not a date as it came', () => {
    expect(formatDateTime('next Tuesday', 'en')).toBe('next Tuesday');
  });
});

describe('formatDate', () => {
  it.each([
    ['2026-12-01T10:00:00Z', 'en', 'Europe/Berlin', '1 Dec 2026'],
    ['2026-12-31T23:30:00Z', 'de', 'Europe/Berlin', '1. Jan. 2027'],
  ] as const)('%s in %s (%s) is %s', (iso, language, zone, expected) => {
    expect(formatDate(iso, language, zone)).toBe(expected);
  });
});
