// The decision records (docs/decisions/): what each says of itself and of the others, and the index they must agree with.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const decisionsFolder = 'docs/decisions';
const indexFile = 'README.md';
/** The records up to 0076 are numbered; later ones are named by date and words, so parallel branches never collide. */
const numberedName = /^(\d{4})-(?!\d{2}-\d{2}(?:-|\.md$))[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const datedName = /^(\d{4}-\d{2}-\d{2}-[a-z0-9]+(?:-[a-z0-9]+)*)\.md$/;
/** The last number handed out: a numbered record after it is refused, with the dated name to use instead. */
export const LAST_NUMBER = '0076';
/** A record's id: its number (numbered records) or its file name without `.md` (dated ones); links show it. */
export const recordId = (file: string): string => numberedName.exec(file)?.[1] ?? datedName.exec(file)?.[1] ?? '';
/** The id a row or a link shows: a number or a dated name. */
const idPattern = '\\d{4}(?:-\\d{2}-\\d{2}-[a-z0-9]+(?:-[a-z0-9]+)*)?';
const statuses = ['accepted', 'superseded'] as const;
/** A later change of mind is a record of its own (0001), so the headings that append one are refused. */
const appendedHeading = /^#{2,} *(addendum|update|later|amendment)\b/im;

export interface DecisionRecord {
  readonly file: string;
  /** Its id: the number of a numbered record, the file name without `.md` of a dated one. */
  readonly number: string;
  readonly title: string;
  readonly status: string;
  readonly supersededBy: readonly string[];
  readonly supersedes: readonly string[];
  readonly refines: readonly string[];
  /** Every link of the status lines, by the file it names. */
  readonly links: readonly { readonly number: string; readonly file: string }[];
  readonly problems: readonly string[];
}

type Relation = 'supersededBy' | 'supersedes' | 'refines';
const relationWords: readonly [RegExp, Relation][] = [
  [/^superseded\s+(?:in\s+part\s+)?by\b/i, 'supersededBy'],
  [/^supersedes\b/i, 'supersedes'],
  [/^refines\b/i, 'refines'],
];

/**
 * The status lines are the paragraph that starts with `Status:` (with its `Supersedes:` and `Refines:` lines). A
 * link belongs to the last of "superseded by", "supersedes" or "refines" before it in the same sentence, so both
 * `Supersedes: [0016](…)` and "refines [0026](…) and [0052](…)" are read.
 */
function statusParagraph(lines: readonly string[]): string | undefined {
  const start = lines.findIndex((line) => line.startsWith('Status:'));
  if (start < 0) return undefined;
  const end = lines.findIndex((line, index) => index > start && line.trim() === '');
  return lines.slice(start, end < 0 ? undefined : end).join(' ');
}

function relations(paragraph: string) {
  const found = { supersededBy: [] as string[], supersedes: [] as string[], refines: [] as string[] };
  const links: { number: string; file: string }[] = [];
  let current: Relation | undefined;
  const tokens = new RegExp(`\\[(${idPattern})\\]\\(([^)\\s]+)\\)|[A-Za-z]+(?:\\s+in\\s+part)?(?:\\s+by)?|[;.](?=\\s|$)`, 'g');
  for (const match of paragraph.matchAll(tokens)) {
    const [token, number, file] = match;
    if (number !== undefined && file !== undefined) {
      links.push({ number, file });
      if (current) found[current].push(number);
      continue;
    }
    if (token === ';' || token === '.') current = undefined;
    else current = relationWords.find(([word]) => word.test(token))?.[1] ?? current;
  }
  return { ...found, links };
}

export function readRecord(file: string, text: string): DecisionRecord {
  const problems: string[] = [];
  const number = recordId(file);
  const dated = datedName.test(file);
  if (!number) problems.push(`${file}: name it YYYY-MM-DD-words-in-lower-case.md (the day it is written)`);
  else if (!dated && number > LAST_NUMBER) problems.push(`${file}: numbers end at ${LAST_NUMBER}; name it YYYY-MM-DD-words-in-lower-case.md (the day it is written)`);
  const lines = text.split('\n');
  const heading = dated ? /^# ()(\S.*)$/.exec(lines[0] ?? '') : /^# (\d{4}) (\S.*)$/.exec(lines[0] ?? '');
  if (number && dated && (!heading || /^\d{4}\b/.test(heading[2] ?? ''))) problems.push(`${file}: start it with "# Title" (no number: its name is its id)`);
  if (number && !dated && (!heading || heading[1] !== number)) problems.push(`${file}: start it with "# ${number} Title", the number of its file name`);
  const appended = appendedHeading.exec(text);
  if (appended) problems.push(`${file}: "${appended[0].trim()}" appends a change of mind; make it a record of its own that says "Supersedes:" or "Refines:" this one (0001)`);
  const paragraph = statusParagraph(lines);
  const status = /^Status:\s*([a-z]+)/i.exec(paragraph ?? '')?.[1]?.toLowerCase() ?? '';
  if (!(statuses as readonly string[]).includes(status)) problems.push(`${file}: give it a line "Status: accepted" or "Status: superseded by [NNNN](NNNN-….md)"`);
  const found = relations(paragraph ?? '');
  if (status === 'superseded' && found.supersededBy.length === 0) problems.push(`${file}: "Status: superseded" names no record: "superseded by [NNNN](NNNN-….md)"`);
  return { file, number, title: heading?.[2]?.trim() ?? '', status, ...found, problems };
}

/** Problems between records: numbers used twice, links to no record, and supersession said on one side only. */
export function crossProblems(records: readonly DecisionRecord[]): string[] {
  const problems: string[] = [];
  const byNumber = new Map<string, DecisionRecord>();
  for (const record of records) {
    const first = byNumber.get(record.number);
    if (first) problems.push(`${record.file}: number ${record.number} is already ${first.file}; name it YYYY-MM-DD-words-in-lower-case.md instead`);
    else byNumber.set(record.number, record);
  }
  for (const record of records) {
    for (const link of record.links) {
      const target = byNumber.get(link.number);
      if (!target || target.file !== link.file) problems.push(`${record.file}: the link [${link.number}](${link.file}) names no record${target ? `; it is ${target.file}` : ''}`);
    }
    for (const later of record.supersededBy) {
      const target = byNumber.get(later);
      if (target && !target.supersedes.includes(record.number)) problems.push(`${target.file} must say "Supersedes: [${record.number}](${record.file})", since ${record.file} says it is superseded by ${later}`);
    }
    for (const earlier of record.supersedes) {
      const target = byNumber.get(earlier);
      if (target && !target.supersededBy.includes(record.number)) problems.push(`${target.file} must say "superseded by [${record.number}](${record.file})" in its status lines, since ${record.file} supersedes it`);
    }
  }
  return problems;
}

/** The index row a record must have, word for word. */
export function indexRow(record: DecisionRecord, records: readonly DecisionRecord[]): string {
  const fileOf = (number: string) => records.find((other) => other.number === number)?.file ?? '';
  const later = record.supersededBy.map((number) => `[${number}](${fileOf(number)})`).join(', ');
  return `| [${record.number}](${record.file}) | ${record.title.replaceAll('|', '\\|')} | ${record.status} | ${later} |`.replace(/ +\|$/, ' |');
}

/** What the index (README.md) lacks or has wrong, each said as the line to add, replace or remove. */
export function indexProblems(index: string, records: readonly DecisionRecord[]): string[] {
  const rowStart = new RegExp(`^\\| \\[(${idPattern})\\]`);
  const rows = index.split('\n').filter((line) => rowStart.test(line));
  const numberOf = (row: string) => rowStart.exec(row)?.[1] ?? '';
  const problems: string[] = [];
  const sorted = [...records].sort((a, b) => a.number.localeCompare(b.number));
  sorted.forEach((record, position) => {
    const expected = indexRow(record, records);
    const listed = rows.filter((row) => numberOf(row) === record.number);
    const before = position > 0 ? `after the row for ${sorted[position - 1]?.number}` : 'as the first row';
    if (listed.length === 0) problems.push(`${indexFile}: add ${before}: ${expected}`);
    else if (listed.length > 1) problems.push(`${indexFile}: ${record.number} is listed ${listed.length} times; keep one: ${expected}`);
    else if (listed[0] !== expected) problems.push(`${indexFile}: replace the row for ${record.number} with: ${expected}`);
  });
  for (const row of rows) {
    if (!records.some((record) => record.number === numberOf(row))) problems.push(`${indexFile}: remove the row for ${numberOf(row)}; no record has that number: ${row}`);
  }
  const listedOrder = rows.map(numberOf);
  if (problems.length === 0 && listedOrder.join() !== [...listedOrder].sort().join()) problems.push(`${indexFile}: keep the rows in the order of their numbers, then their dated names`);
  return problems;
}

export function readRecords(folder = decisionsFolder): DecisionRecord[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.md') && file !== indexFile)
    .sort()
    .map((file) => readRecord(file, readFileSync(join(folder, file), 'utf8')));
}

export function readIndex(folder = decisionsFolder): string {
  return readFileSync(join(folder, indexFile), 'utf8');
}
