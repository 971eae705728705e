/**
 * docs/listener.md's table of event kinds, made from the event table (src/domain/event-kinds.ts#eventKinds), and the
 * check that no doc writes the number of listener paths by hand. `npx tsx scripts/event-kinds-docs.ts --write` rewrites
 * the block between the markers; scripts/event-kinds-docs.test.ts fails while it differs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eventKindList, IDENTITY_FIELDS, STATE_FIELDS, type EventKind } from '../src/domain/event-kinds';

export const START = '<!-- event-kinds: made by scripts/event-kinds-docs.ts from src/domain/event-kinds.ts -->';
export const END = '<!-- /event-kinds -->';
export const LISTENER_DOC = fileURLToPath(new URL('../docs/listener.md', import.meta.url));

const code = (words: readonly string[]) => words.map((word) => `\`${word}\``).join(', ');

function row(kind: EventKind): string {
  const body = `${kind.bodyOptional ? 'optional' : 'required'}${kind.charset ? ', charset' : ''}`;
  const opens = kind.opens ? `${kind.opens.page === 'ticket' ? 'ticket' : 'cancellation'}${kind.opens.via ? ` (its \`${kind.opens.via}\`)` : ''}` : '';
  const refresh = Object.entries(kind.refresh ?? {})
    .map(([family, rule]) => `${family}: detail ${rule.detail}, lists ${rule.lists}, counts ${rule.counts}`)
    .join('; ');
  const state = STATE_FIELDS.every((field) => kind.keep.includes(field));
  const keeps = [...(state ? ['state'] : []), ...code(kind.keep.filter((field) => !state || !(STATE_FIELDS as readonly string[]).includes(field))).split(', ').filter(Boolean)].join(', ');
  return `| \`${kind.path}\` | ${code(kind.resources)} | ${body} | ${keeps} | ${opens} | ${refresh} | ${kind.toast ? 'yes' : ''} |`;
}

/** The block, markers included. */
export function eventKindsBlock(): string {
  return [
    START,
    `Each path's resource key under \`event\`, its body, what an agent's stream keeps of the resource besides its identity (${code(IDENTITY_FIELDS)}; "state": ${code(STATE_FIELDS)}), the page the app opens for it, the queries it refreshes (its \`RefreshRule\`: the detail \`patch\`ed from the event or \`refetch\`ed, lists and counts made stale \`always\`, \`unlessShown\` or \`ifShown\` a cached list row shows the resource, or \`never\`; refetched at most once per few seconds, on screen, in a visible tab), and whether it toasts when that page is on screen:`,
    '',
    '| path | resource key | body | stream keeps | opens | refreshes | toast |',
    '|---|---|---|---|---|---|---|',
    ...eventKindList.map(row),
    END,
  ].join('\n');
}

/** The doc with its block made anew. */
export function withBlock(doc: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/listener.md lacks the markers ${START} … ${END}`);
  return doc.slice(0, start) + eventKindsBlock() + doc.slice(end + END.length);
}

if (process.argv.includes('--write')) writeFileSync(LISTENER_DOC, withBlock(readFileSync(LISTENER_DOC, 'utf8')));
