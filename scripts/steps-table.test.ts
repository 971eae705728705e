// @vitest-environment node
// The time table `npm test` prints at its end: each step with its verdict and time, the steps a failure left out.
import { describe, expect, it } from 'vitest';
import { formatDuration, parseGroups, stepTable } from './steps-table.mjs';

describe('formatDuration', () => {
  it.each([
    [0, '0.0 s'],
    [754, '0.8 s'],
    [59_949, '59.9 s'],
    [60_000, '1 min 00 s'],
    [75_400, '1 min 15 s'],
    [754_000, '12 min 34 s'],
  ])('%i ms is "%s"', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe('stepTable', () => {
  it('lists every step with its time and the total', () => {
    const table = stepTable([
      { step: 'typecheck', ms: 20_000, ok: true },
      { step: 'test:unit', ms: 270_000, ok: true },
    ]);
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^step\s+result\s+time$/);
    expect(lines[1]).toMatch(/^typecheck\s+passed\s+20\.0 s$/);
    expect(lines[2]).toMatch(/^test:unit\s+passed\s+4 min 30 s$/);
    expect(lines[3]).toMatch(/^total\s+passed\s+4 min 50 s$/);
  });

  it('marks the failed step and the steps it left out, and the total as failed', () => {
    const table = stepTable([{ step: 'lint', ms: 1_000, ok: false }], ['test:unit', 'test:e2e']);
    expect(table).toMatch(/^lint\s+FAILED\s+1\.0 s$/m);
    expect(table).toMatch(/^test:unit\s+not run\s*$/m);
    expect(table).toMatch(/^test:e2e\s+not run\s*$/m);
    expect(table).toMatch(/^total\s+FAILED\s+1\.0 s$/m);
  });
});

describe('parseGroups', () => {
  it.each([
    [['typecheck', 'lint'], [['typecheck'], ['lint']]],
    [['typecheck,lint', 'test:unit'], [['typecheck', 'lint'], ['test:unit']]],
    [['a, b,,c', '', 'd'], [['a', 'b', 'c'], ['d']]],
    [[], []],
  ])('%j is %j', (args, groups) => {
    expect(parseGroups(args)).toEqual(groups);
  });

  it('refuses a step named twice, in one group or two', () => {
    expect(() => parseGroups(['lint,lint'])).toThrow(/"lint" is named twice/);
    expect(() => parseGroups(['lint', 'typecheck,lint'])).toThrow(/"lint" is named twice/);
  });
});

describe('stepTable with steps that ran at the same time', () => {
  it('gives the whole run\'s time as the total, not the sum of the steps', () => {
    const table = stepTable(
      [
        { step: 'typecheck', ms: 70_000, ok: true },
        { step: 'lint', ms: 90_000, ok: true },
      ],
      [],
      91_000,
    );
    expect(table).toMatch(/^total\s+passed\s+1 min 31 s$/m);
  });
});
