/** The docs follow the event table: docs/listener.md's table is made from it, and no doc counts the listener paths by hand. */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { eventKindList } from '../src/domain/event-kinds';
import { eventKindsBlock, LISTENER_DOC, withBlock } from './event-kinds-docs';

const root = fileURLToPath(new URL('..', import.meta.url));
const docs = ['README.md', 'ARCHITECTURE.md', ...readdirSync(`${root}docs`).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** A number of paths, listeners or event kinds written in words a reader counts by, e.g. "the 31 listener paths", "all 31". */
const counted = /\b(\d+)\s+(?:fixed\s+)?(?:listener\s+)?(?:paths|listeners|event kinds|of them)\b|\ball\s+(\d+)\b/gi;

describe('docs and the event table', () => {
  it('docs/listener.md has the table made from src/domain/event-kinds.ts (npx tsx scripts/event-kinds-docs.ts --write)', () => {
    const doc = readFileSync(LISTENER_DOC, 'utf8');
    expect(doc).toContain(eventKindsBlock());
    expect(withBlock(doc)).toBe(doc);
    for (const kind of eventKindList) expect(doc).toContain(`\`${kind.path}\``);
  });

  it.each(docs)('%s writes no count of the listener paths by hand', (name) => {
    const text = readFileSync(`${root}${name}`, 'utf8');
    const counts = [...text.matchAll(counted)].filter((match) => Number(match[1] ?? match[2]) === eventKindList.length);
    expect(counts.map((match) => match[0])).toEqual([]);
  });
});
