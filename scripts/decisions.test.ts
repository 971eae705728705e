// @vitest-environment node
// The decision records stay one decision each: numbered once, changed only by later records that say so, all in the index.
import { describe, expect, it } from 'vitest';
import { crossProblems, indexProblems, indexRow, readIndex, readRecord, readRecords } from './decisions';

const record = (file: string, text: string) => readRecord(file, text);

describe('readRecord', () => {
  it.each([
    ['a plain accepted record', '0007-x.md', '# 0007 X\n\nStatus: accepted (issue 3)\n', []],
    ['a superseded one', '0007-x.md', '# 0007 X\n\nStatus: superseded by [0009](0009-y.md)\n', []],
    ['a name without four digits', '7-x.md', '# 0007 X\n\nStatus: accepted\n', ['7-x.md: name it']],
    ['a name in capitals', '0007-X.md', '# 0007 X\n\nStatus: accepted\n', ['0007-X.md: name it']],
    ['a heading with another number', '0007-x.md', '# 0008 X\n\nStatus: accepted\n', ['start it with "# 0007 Title"']],
    ['a heading without a title', '0007-x.md', '# 0007\n\nStatus: accepted\n', ['start it with "# 0007 Title"']],
    ['no status line', '0007-x.md', '# 0007 X\n\nAccepted.\n', ['give it a line "Status: accepted"']],
    ['an unknown status', '0007-x.md', '# 0007 X\n\nStatus: proposed\n', ['give it a line "Status: accepted"']],
    ['superseded by nothing', '0007-x.md', '# 0007 X\n\nStatus: superseded\n', ['"Status: superseded" names no record']],
    ['an addendum', '0007-x.md', '# 0007 X\n\nStatus: accepted\n\n## Addendum (2026-11-24): more\n', ['"## Addendum" appends a change of mind']],
    ['an update section', '0007-x.md', '# 0007 X\n\nStatus: accepted\n\n### Update: later\n', ['"### Update" appends a change of mind']],
    ['a heading that only mentions an update', '0007-x.md', '# 0007 X\n\nStatus: accepted\n\n## How updates arrive\n', []],
    ['a dated record', '2026-11-28-x-y.md', '# X and y\n\nStatus: accepted\n', []],
    ['a dated record headed with a number', '2026-11-28-x.md', '# 0077 X\n\nStatus: accepted\n', ['start it with "# Title"']],
    ['a dated record without a heading', '2026-11-28-x.md', 'X\n\nStatus: accepted\n', ['start it with "# Title"']],
    ['a date without words', '2026-11-28.md', '# X\n\nStatus: accepted\n', ['name it YYYY-MM-DD-words']],
    ['the last number', '0076-x.md', '# 0076 X\n\nStatus: accepted\n', []],
    ['a number after the last', '0077-x.md', '# 0077 X\n\nStatus: accepted\n', ['numbers end at 0076; name it YYYY-MM-DD-words']],
  ])('%s', (_case, file, text, problems) => {
    const found = record(file, text).problems;
    expect(found).toHaveLength(problems.length);
    problems.forEach((problem, index) => expect(found[index]).toContain(problem));
  });

  it('reads which records a status paragraph supersedes, is superseded by and refines', () => {
    const read = record(
      '0049-x.md',
      '# 0049 X\n\nStatus: accepted; in part superseded by [0050](0050-z.md).\nSupersedes: the "Events" paragraph of [0027](0027-a.md) and\nthe envelope of [0013](0013-b.md).\nRefines: [0026](0026-c.md). Builds on [0022](0022-d.md).\n\n## Context\nSupersedes [0001](0001-e.md) down here is not a status line.\n',
    );
    expect(read).toMatchObject({ status: 'accepted', supersededBy: ['0050'], supersedes: ['0027', '0013'], refines: ['0026'] });
    expect(read.links.map((link) => link.number)).toEqual(['0050', '0027', '0013', '0026', '0022']);
  });
});

describe('crossProblems', () => {
  const a = '# 0010 A\n\nStatus: superseded by [0020](0020-b.md)\n';
  const b = '# 0020 B\n\nStatus: accepted\nSupersedes: [0010](0010-a.md)\n';
  const plainA = '# 0010 A\n\nStatus: accepted\n';
  const plainB = '# 0020 B\n\nStatus: accepted\n';
  it.each([
    ['supersession said on both sides', [['0010-a.md', a], ['0020-b.md', b]], []],
    ['only the old record says it', [['0010-a.md', a], ['0020-b.md', plainB]], ['0020-b.md must say "Supersedes: [0010](0010-a.md)"']],
    ['only the new record says it', [['0010-a.md', plainA], ['0020-b.md', b]], ['0010-a.md must say "superseded by [0020](0020-b.md)"']],
    ['a link to a missing record', [['0010-a.md', '# 0010 A\n\nStatus: accepted\nRefines: [0030](0030-c.md)\n']], ['the link [0030](0030-c.md) names no record']],
    ['a link to a renamed record', [['0010-a.md', plainA], ['0020-b.md', '# 0020 B\n\nStatus: accepted\nRefines: [0010](0010-old.md)\n']], ['names no record; it is 0010-a.md']],
    ['a number used twice', [['0010-a.md', plainA], ['0010-c.md', '# 0010 C\n\nStatus: accepted\n']], ['0010-c.md: number 0010 is already 0010-a.md']],
    [
      'a dated record superseding a numbered one, said on both sides',
      [['0010-a.md', '# 0010 A\n\nStatus: superseded by [2026-11-28-b](2026-11-28-b.md)\n'], ['2026-11-28-b.md', '# B\n\nStatus: accepted\nSupersedes: [0010](0010-a.md)\n']],
      [],
    ],
    [
      'a dated record superseding one that does not say so',
      [['0010-a.md', plainA], ['2026-11-28-b.md', '# B\n\nStatus: accepted\nSupersedes: [0010](0010-a.md)\n']],
      ['0010-a.md must say "superseded by [2026-11-28-b](2026-11-28-b.md)"'],
    ],
    ['a link to a missing dated record', [['0010-a.md', '# 0010 A\n\nStatus: accepted\nRefines: [2026-11-28-c](2026-11-28-c.md)\n']], ['the link [2026-11-28-c](2026-11-28-c.md) names no record']],
  ] as const)('%s', (_case, files, problems) => {
    const found = crossProblems(files.map(([file, text]) => record(file, text)));
    expect(found).toHaveLength(problems.length);
    problems.forEach((problem, index) => expect(found[index]).toContain(problem));
  });
});

describe('indexProblems', () => {
  const records = [
    record('0010-a.md', '# 0010 A title\n\nStatus: superseded by [0020](0020-b.md)\n'),
    record('0020-b.md', '# 0020 B title\n\nStatus: accepted\nSupersedes: [0010](0010-a.md)\n'),
  ];
  const row10 = '| [0010](0010-a.md) | A title | superseded | [0020](0020-b.md) |';
  const row20 = '| [0020](0020-b.md) | B title | accepted | |';
  it('writes one row per record: number, title, status, superseded by', () => {
    expect(records.map((each) => indexRow(each, records))).toEqual([row10, row20]);
  });
  it.each([
    ['every record once, in order', [row10, row20], []],
    ['a record missing', [row10], [`README.md: add after the row for 0010: ${row20}`]],
    ['the first record missing', [row20], [`README.md: add as the first row: ${row10}`]],
    ['a row for a record not there', [row10, row20, '| [0030](0030-c.md) | C | accepted | |'], ['README.md: remove the row for 0030']],
    ['a wrong status', [row10, row20.replace('accepted', 'superseded')], [`README.md: replace the row for 0020 with: ${row20}`]],
    ['a record listed twice', [row10, row20, row20], ['README.md: 0020 is listed 2 times']],
    ['rows out of order', [row20, row10], ['README.md: keep the rows in the order of their numbers']],
  ])('%s', (_case, rows, problems) => {
    const found = indexProblems(['# Decisions', '', '| № | Title | Status | Superseded by |', '|---|---|---|---|', ...rows].join('\n'), records);
    expect(found).toHaveLength(problems.length);
    problems.forEach((problem, index) => expect(found[index]).toContain(problem));
  });
});

describe('indexProblems with dated records', () => {
  const records = [
    record('0010-a.md', '# 0010 A\n\nStatus: accepted\n'),
    record('2026-11-28-b.md', '# B\n\nStatus: accepted\n'),
  ];
  const row10 = '| [0010](0010-a.md) | A | accepted | |';
  const rowB = '| [2026-11-28-b](2026-11-28-b.md) | B | accepted | |';
  it.each([
    ['numbered rows, then dated ones', [row10, rowB], []],
    ['a dated row missing', [row10], [`README.md: add after the row for 0010: ${rowB}`]],
    ['a dated row before a numbered one', [rowB, row10], ['README.md: keep the rows in the order of their numbers, then their dated names']],
  ])('%s', (_case, rows, problems) => {
    const found = indexProblems(['| № | Title | Status | Superseded by |', '|---|---|---|---|', ...rows].join('\n'), records);
    expect(found).toHaveLength(problems.length);
    problems.forEach((problem, index) => expect(found[index]).toContain(problem));
  });
});

describe('docs/decisions', () => {
  const records = readRecords();
  it('holds numbered records with a heading and a status, none with an addendum', () => {
    expect(records.length).toBeGreaterThan(50);
    expect(records.flatMap((each) => each.problems)).toEqual([]);
  });
  it('links only to records that exist, and says every supersession on both sides', () => {
    expect(crossProblems(records)).toEqual([]);
  });
  it('lists every record once in README.md, with its status (the message says which line to add)', () => {
    expect(indexProblems(readIndex(), records)).toEqual([]);
  });
});
