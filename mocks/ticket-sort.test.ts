// @vitest-environment node
/** The mocked service sorts tickets by every field it names, from the ticket's field table and the nested ones, both ways. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorMessage } from '../src/domain/error';
import type { FaultTicket } from '../src/domain/ticket';
import { createTestClient } from '../src/testing/service-client';
import { ticketField, ticketFieldNames } from '../src/domain/ticket-fields';
import { cancelOrderSortFields, ticketSortFields } from './handlers';
import { valuesAt } from './list';
import { createMockServer } from './node';

const BASE = 'http://localhost/tmf-api/troubleTicket/v5';
// Nothing here writes, so one seeded store serves every test.
const { server } = createMockServer({ now: () => new Date('2026-11-22T10:00:00+01:00') });
const call = createTestClient(BASE);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** Dates compare as instants, flags as 0 and 1, the rest as text, as the service compares them. */
function comparable(value: unknown): string | number | undefined {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return Date.parse(value);
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}

/** The first page of 100 sorted by `sort`, as the values of `field` in row order (rows without one are left out). */
async function sortedValues(sort: string, field: string) {
  const res = await call<FaultTicket[]>(`/troubleTicket?sort=${sort}&limit=100`);
  expect(res.status).toBe(200);
  return res.body.map((ticket) => comparable(valuesAt(ticket, field.split('.'))[0])).filter((v) => v !== undefined);
}

/** What the service sorts a ticket by besides the field table's plain fields. */
const nested = ['id', 'status', 'ticketType', 'channel.name', 'channel.id', 'externalIdentifier.id'];
/** What it sorted by before the field table (issue 31). */
const before = [
  'id', 'status', 'ticketType', 'categoryId', 'accessLineId', 'creationDate', 'lastUpdateDate', 'statusChangeDate',
  'expectedResolutionDate', 'requestedResolutionDate', 'resolutionDate', 'name', 'severity', 'priority', 'channel.name',
  'channel.id', 'externalIdentifier.id', 'description', 'statusChangeReason',
];

const ordered = (values: (string | number)[], direction: 1 | -1) =>
  [...values].sort((a, b) => (a < b ? -direction : a > b ? direction : 0));

describe('GET /troubleTicket?sort=', () => {
  it('sorts by every field the field table sorts by, and the nested ones, no others', () => {
    const fromTable = ticketFieldNames.filter((name) => ticketField(name).sort !== undefined);
    expect([...ticketSortFields.fields].sort()).toEqual([...nested, ...fromTable].sort());
    // The table's older spellings, and the external identifier's short one.
    const older = Object.fromEntries(fromTable.flatMap((name) => (ticketField(name).older ?? []).map((spelling) => [spelling, name])));
    expect(ticketSortFields.aliases).toEqual({ ...older, externalId: 'externalIdentifier.id' });
    // Nothing it sorted by before the field table is lost.
    expect(ticketSortFields.fields).toEqual(expect.arrayContaining(before));
    expect(ticketSortFields.aliases).toMatchObject({ lastUpdate: 'lastUpdateDate', externalId: 'externalIdentifier.id' });
  });

  it('is the list docs/mock-api.md gives, for tickets and for cancellations', () => {
    const docs = readFileSync(fileURLToPath(new URL('../docs/mock-api.md', import.meta.url)), 'utf8');
    /** The fields of "<what> sort by `a`, `b` (or `c`), …;" and the older spellings in brackets. */
    const documented = (what: string, end: string) => {
      const start = docs.indexOf(`${what} by `);
      expect(start, what).toBeGreaterThan(-1);
      const sentence = docs.slice(start, docs.indexOf(end, start));
      const parts = sentence.split('`');
      const spans = parts.flatMap((span, i) => (i % 2 === 1 ? [{ span, older: parts[i - 1]!.endsWith('(or ') ? parts[i - 2] : undefined }] : []));
      const fields = spans.filter((s) => s.older === undefined).map((s) => s.span);
      const aliases = Object.fromEntries(spans.flatMap((s) => (s.older === undefined ? [] : [[s.span, s.older]])));
      return { fields: fields.sort(), aliases };
    };
    expect(documented('Tickets sort', ';')).toEqual({ fields: [...ticketSortFields.fields].sort(), aliases: ticketSortFields.aliases });
    expect(documented('cancellations', '. ').fields).toEqual([...cancelOrderSortFields.fields].sort());
  });

  it.each(ticketSortFields.fields)('sort=%s and sort=-%s order the list, each its way', async (field) => {
    const ascending = await sortedValues(field, field);
    const descending = await sortedValues(`-${field}`, field);
    for (const [values, direction] of [
      [ascending, 1],
      [descending, -1],
    ] as const) {
      expect(values.length).toBeGreaterThan(1);
      expect(values).toEqual(ordered(values, direction));
    }
    // The two ways start at opposite ends: the sort is by this field, not an order that happens to hold.
    expect(ascending[0]).not.toEqual(descending[0]);
  });

  it.each(Object.entries(ticketSortFields.aliases ?? {}))('sort=%s is the older spelling of sort=%s', async (alias, field) => {
    const ids = async (sort: string) => (await call<FaultTicket[]>(`/troubleTicket?sort=${sort}&limit=100`)).body.map((ticket) => ticket.id);
    expect(await ids(`-${alias}`)).toEqual(await ids(`-${field}`));
  });

  it.each(['href', '@type', 'channel', 'externalIdentifier', 'relatedParty', 'endUserContactAllowed'])('sort=%s is a 400 naming sort', async (sort) => {
    const res = await call<ErrorMessage>(`/troubleTicket?sort=${sort}`);
    expect(res.status).toBe(400);
    expect(res.body.invalidFields?.map((field) => field.path)).toEqual(['sort']);
  });
});
