/** Shared building blocks: code-point lengths, RFC 3339 date-times, validFor periods (decisions.md). */
// @vitest-environment node -- pure schemas need no DOM, and jsdom costs about a second per file.
import { describe, expect, it } from 'vitest';
import { TimePeriod, codePointLength, dateTime, isBefore, nonEmpty, text } from './common';
import { chars } from '../testing/fixtures';

describe('codePointLength', () => {
  it.each([
    ['', 0],
    ['Müller', 6],
    ['👍', 1],
    ['👍👍👍', 3],
    ['ß€', 2],
  ])('%j has %i code points', (value, length) => {
    expect(codePointLength(value)).toBe(length);
  });
});

describe('text(min, max) counts code points, not UTF-16 units or bytes', () => {
  const fills = ['x', 'ü', '👍', '中'];
  it.each(fills)('with "%s": min-1 and max+1 refused, min and max accepted', (fill) => {
    const schema = text(2, 5);
    expect(schema.safeParse(chars(1, fill)).success).toBe(false);
    expect(schema.safeParse(chars(2, fill)).success).toBe(true);
    expect(schema.safeParse(chars(5, fill)).success).toBe(true);
    expect(schema.safeParse(chars(6, fill)).success).toBe(false);
  });

  it('a 30-emoji string (60 UTF-16 units) fits 1..30', () => {
    expect(chars(30, '👍')).toHaveLength(60);
    expect(text(1, 30).safeParse(chars(30, '👍')).success).toBe(true);
  });

  it('refuses what is not a string', () => {
    expect(text(0, 10).safeParse(12).success).toBe(false);
    expect(text(0, 10).safeParse(null).success).toBe(false);
  });

  it('nonEmpty refuses only the empty string', () => {
    expect(nonEmpty().safeParse('').success).toBe(false);
    expect(nonEmpty().safeParse('a').success).toBe(true);
    expect(nonEmpty().safeParse(chars(5000)).success).toBe(true);
  });
});

describe('dateTime: RFC 3339 with Z or an offset', () => {
  it.each([
    ['2026-12-01T10:00:00Z', true],
    ['2026-12-01T11:00:00+01:00', true],
    ['2026-12-01T05:30:00-04:30', true],
    ['2026-12-01T10:00:00.123Z', true],
    ['2028-02-29T10:00:00Z', true],
    ['2026-12-01T10:00:00', false], // no offset: the instant is unknown
    ['2026-12-01', false],
    ['2026-12-01 10:00:00Z', false],
    ['2026-12-01T11:00:00+0100', false],
    ['2026-13-01T10:00:00Z', false],
    ['2026-02-29T10:00:00Z', false],
    ['2026-12-01T25:00:00Z', false],
    ['tomorrow', false],
    ['', false],
  ])('%j -> %s', (value, valid) => {
    expect(dateTime().safeParse(value).success).toBe(valid);
  });
});

describe('TimePeriod: both ends required when present', () => {
  const period = { startDateTime: '2026-12-01T10:00:00Z', endDateTime: '2026-12-01T12:00:00Z' };
  it('accepts both ends', () => expect(TimePeriod.safeParse(period).success).toBe(true));
  it.each(['startDateTime', 'endDateTime'] as const)('refuses a period without %s', (end) => {
    const { [end]: _dropped, ...rest } = period;
    const result = TimePeriod.safeParse(rest);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([end]);
  });
  it('refuses an end that is not a date-time', () => {
    expect(TimePeriod.safeParse({ ...period, endDateTime: 'noon' }).success).toBe(false);
  });
});

describe('isBefore compares instants, not strings', () => {
  it.each([
    ['2026-12-01T10:00:00Z', '2026-12-01T10:00:01Z', true],
    ['2026-12-01T10:00:00Z', '2026-12-01T10:00:00Z', false],
    ['2026-12-01T10:00:00Z', '2026-12-01T11:00:00+01:00', false], // the same instant
    ['2026-12-01T10:30:00+01:00', '2026-12-01T10:00:00Z', true], // 09:30Z before 10:00Z
  ])('%s before %s: %s', (start, end, before) => {
    expect(isBefore(start, end)).toBe(before);
  });
});
