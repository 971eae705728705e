/**
 * A line merged with the shared answers into a fault's create body, checked by the domain's FaultTicketFvo (the
 * wizard's schema and words, with interface.md 2.3's conditional rules), and each issue placed on the line's cell it
 * belongs to. Shared answers are a body as the wizard makes it (toBody of a copy or a draft); a line's own values
 * replace theirs. Many lines are checked in chunks, giving the page back between them, so 1,000 lines never freeze it.
 */
import { describeIssue, type IssueMessage } from '../../../domain/messages';
import { ticketField } from '../../../domain/ticket-fields';
import { FaultTicketFvo } from '../../../domain/ticket';
import { isPlainColumn, plainColumns, type BulkColumn } from './columns';
import type { Line, LineCells } from './parse';

type Json = Record<string, unknown>;
/** The shared answers: a create body without its external identifier (anything of a dispute is dropped). */
export type SharedAnswers = Json;

/** An issue on a cell, or on the line as a whole (`column` undefined: a shared answer, fixed above the grid). */
export type CellIssue = { column: BulkColumn | undefined; issue: IssueMessage };

export type CheckedLine = Line & { externalId: string; body: FaultTicketFvo | undefined; issues: CellIssue[] };

/** The generated identifier of a line without its own: the prefix the agent sees, then the row number. */
export const externalIdOf = (line: Line, prefix: string): string => line.cells.externalIdentifier ?? `${prefix}${String(line.row).padStart(3, '0')}`;

const yes = ['true', 'yes', 'ja', 'y', 'j', '1', 'x', 'wahr'];
const no = ['false', 'no', 'nein', 'n', '0', 'falsch'];

/** A yes/no cell as the schema wants it; a word it does not know is sent as it is, and the schema says what is wrong. */
function plainValue(column: BulkColumn, value: string): unknown {
  if (ticketField(column as never).show !== 'yesNo') return value;
  const word = value.toLowerCase();
  if (yes.includes(word)) return true;
  if (no.includes(word)) return false;
  return value;
}

/** German and international mobile numbers (015x, 016x, 017x) are mobile; any other a fixed line. */
const phoneType = (phone: string) => (/^(\+49|0049|0)\s*1[5-7]/.test(phone) ? 'mobile' : 'fixed');

function locationContact(cells: LineCells): Json | undefined {
  const { locationContactFamilyName: familyName, locationContactGivenName: givenName, locationContactPhone: phone } = cells;
  if (familyName === undefined && givenName === undefined && phone === undefined) return undefined;
  return {
    role: 'locationAContact',
    partyOrPartyRole: {
      '@type': 'Individual',
      familyName: familyName ?? '',
      ...(givenName ? { givenName } : {}),
      ...(phone ? { contactMedium: [{ '@type': 'PhoneContactMedium', contactType: phoneType(phone), phoneNumber: phone }] } : {}),
    },
  };
}

const listOf = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

/** The line's body and where its own nested parts sit in it (to place their issues on its cells). */
export function lineBody(shared: SharedAnswers, line: Line, prefix: string): { body: Json; partyAt: number; entityAt: number } {
  const { externalIdentifier: _ignored, troubleTicketRelationship: _dispute, resolutionDisputeReason: _reason, ...kept } = shared;
  const body: Json = { ...kept, '@type': 'FaultTicket', ticketType: 'fault', externalIdentifier: [{ id: externalIdOf(line, prefix) }] };
  for (const column of plainColumns) {
    const value = line.cells[column];
    if (value !== undefined) body[column] = plainValue(column, value);
  }
  const contact = locationContact(line.cells);
  const parties = listOf(shared.relatedParty);
  const otherParties = contact ? parties.filter((party) => party.role !== 'locationAContact') : parties;
  body.relatedParty = contact ? [...otherParties, contact] : otherParties;
  const product = line.cells.affectedProductId;
  const entities = listOf(shared.relatedEntity);
  const otherEntities = product === undefined ? entities : entities.filter((entity) => entity.role !== 'affectedProduct');
  const productEntity = product === undefined ? [] : [{ role: 'affectedProduct', entity: { '@type': 'EntityRef', id: product, '@referredType': 'Product' } }];
  body.relatedEntity = [...otherEntities, ...productEntity];
  return { body, partyAt: contact ? otherParties.length : -1, entityAt: product === undefined ? -1 : otherEntities.length };
}

const partyColumns: Record<string, BulkColumn> = {
  familyName: 'locationContactFamilyName',
  givenName: 'locationContactGivenName',
  contactMedium: 'locationContactPhone',
};

/** The cell an issue at `path` belongs to, or undefined for the shared answers. */
function columnAt(path: readonly PropertyKey[], partyAt: number, entityAt: number): BulkColumn | undefined {
  const [top, index, ...rest] = path;
  if (typeof top !== 'string') return undefined;
  if (top === 'externalIdentifier') return 'externalIdentifier';
  if (isPlainColumn(top as BulkColumn)) return top as BulkColumn;
  // No affected product at all: the line is where one is missing (a fault needs one, interface.md 2.3 rule 5).
  if (top === 'relatedEntity') return index === entityAt || (index === undefined && entityAt === -1) ? 'affectedProductId' : undefined;
  if (top === 'relatedParty' && index === partyAt) {
    const field = rest.find((segment): segment is string => typeof segment === 'string' && segment in partyColumns);
    return field ? partyColumns[field] : 'locationContactFamilyName';
  }
  return undefined;
}

export function checkLine(shared: SharedAnswers, line: Line, prefix: string): CheckedLine {
  const { body, partyAt, entityAt } = lineBody(shared, line, prefix);
  const externalId = externalIdOf(line, prefix);
  const result = FaultTicketFvo.safeParse(body);
  if (result.success) return { ...line, externalId, body: result.data, issues: [] };
  const issues = result.error.issues.map((issue) => ({ column: columnAt(issue.path, partyAt, entityAt), issue: describeIssue(issue) }));
  return { ...line, externalId, body: undefined, issues };
}

/** Two lines with one external identifier would be one ticket: the later ones are marked. */
function markRepeated(lines: CheckedLine[]): CheckedLine[] {
  const seen = new Set<string>();
  return lines.map((line) => {
    if (!seen.has(line.externalId)) {
      seen.add(line.externalId);
      return line;
    }
    const issue: IssueMessage = { path: 'externalIdentifier', key: 'bulk.check.repeatedId', fieldKeys: ['bulk.columns.externalIdentifier'], values: {} };
    return { ...line, body: undefined, issues: [...line.issues, { column: 'externalIdentifier', issue }] };
  });
}

/** Gives the browser its turn (input, paint) between chunks: `scheduler.yield` where there is one, else a task. */
function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return typeof scheduler?.yield === 'function' ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/** Lines checked per turn: at most about 10–30 ms of work on a busy two-core machine, under a long task's 50 (scripts/bulk-check-bench.ts). */
export const CHUNK = 20;

/** Every line checked, in chunks; `signal` stops a check the agent replaced by a new file or a new prefix. */
export async function checkLines(shared: SharedAnswers, lines: readonly Line[], prefix: string, signal?: AbortSignal): Promise<CheckedLine[] | undefined> {
  const checked: CheckedLine[] = [];
  for (let start = 0; start < lines.length; start += CHUNK) {
    if (start > 0) await yieldToPage();
    if (signal?.aborted) return undefined;
    for (const line of lines.slice(start, start + CHUNK)) checked.push(checkLine(shared, line, prefix));
  }
  return markRepeated(checked);
}
