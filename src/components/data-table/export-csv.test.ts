// @vitest-environment node
/** The export: every page of the view, stopping when told; CSV as spreadsheets read it, with the formula guard. */
import Papa from 'papaparse';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient, ListQuery, Page } from '../../api/client';
import { ApiError } from '../../api/errors';
import type { TroubleTicketRead } from '../../api/read-models';
import { EXPORT_PAGE_SIZE, exportFileName, fetchAllRows, toCsv, type PageFetcher } from './export-csv';

const ticket = (n: number): TroubleTicketRead => ({ id: `TT-${String(n).padStart(6, '0')}`, status: 'inProgress' });

/** A service of `count` tickets; `shift` inserts that many new tickets at the top after the first page. */
function fakeApi(count: number, options: { total?: boolean; shift?: number; failWith?: (call: number) => unknown } = {}) {
  const calls: ListQuery[] = [];
  const listTroubleTickets = vi.fn(async (query: ListQuery): Promise<Page<TroubleTicketRead>> => {
    calls.push(query);
    const failure = options.failWith?.(calls.length);
    if (failure) throw failure;
    const inserted = calls.length > 1 ? (options.shift ?? 0) : 0;
    const all = [...Array.from({ length: inserted }, (_, i) => ticket(count + 1 + i)), ...Array.from({ length: count }, (_, i) => ticket(count - i))];
    const offset = query.offset ?? 0;
    const items = all.slice(offset, offset + (query.limit ?? 20));
    return { items, totalCount: options.total === false ? undefined : all.length, resultCount: items.length, offset, limit: query.limit ?? 20 };
  });
  return { api: { listTroubleTickets } as unknown as ApiClient, calls, listTroubleTickets };
}

/** The ticket list's page fetcher. */
const listTickets: PageFetcher<TroubleTicketRead> = (api, query, options) => api.listTroubleTickets(query, options);

const view = { fields: ['id', 'status'], sort: '-creationDate', filters: { status: ['inProgress'] } };

afterEach(() => {
  vi.useRealTimers();
});

describe('fetchAllRows', () => {
  it('asks for every page of the same view, 100 at a time, and reports progress', async () => {
    const { api, calls } = fakeApi(250);
    const progress: unknown[] = [];
    const rows = await fetchAllRows(listTickets, api, view, { signal: new AbortController().signal, onProgress: (p) => progress.push(p) });
    expect(rows).toHaveLength(250);
    expect(rows[0].id).toBe('TT-000250');
    expect(calls).toEqual([0, 100, 200].map((offset) => ({ ...view, offset, limit: EXPORT_PAGE_SIZE })));
    expect(progress).toEqual([
      { done: 100, total: 250 },
      { done: 200, total: 250 },
      { done: 250, total: 250 },
    ]);
  });

  it.each([
    [0, 1],
    [100, 1],
    [101, 2],
  ])('with %i tickets sends %i request(s)', async (count, requests) => {
    const { api, calls } = fakeApi(count);
    expect(await fetchAllRows(listTickets, api, view, { signal: new AbortController().signal })).toHaveLength(count);
    expect(calls).toHaveLength(requests);
  });

  it('without X-Total-Count stops at the first short page', async () => {
    const { api, calls } = fakeApi(230, { total: false });
    expect(await fetchAllRows(listTickets, api, view, { signal: new AbortController().signal })).toHaveLength(230);
    expect(calls.map((c) => c.offset)).toEqual([0, 100, 200]);
  });

  it('keeps a ticket once when new tickets push it onto the next page meanwhile', async () => {
    const { api } = fakeApi(150, { shift: 2 });
    const rows = await fetchAllRows(listTickets, api, view, { signal: new AbortController().signal });
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
  });

  it('stops when a page comes back empty although the total promised more', async () => {
    const { api, listTroubleTickets } = fakeApi(50);
    listTroubleTickets.mockImplementation(async (query: ListQuery) => ({ items: [], totalCount: 500, resultCount: 0, offset: query.offset ?? 0, limit: 100 }));
    expect(await fetchAllRows(listTickets, api, view, { signal: new AbortController().signal })).toEqual([]);
    expect(listTroubleTickets).toHaveBeenCalledTimes(1);
  });

  it('sends no further request once cancelled, and rejects with the abort', async () => {
    const { api, calls } = fakeApi(1000);
    const abort = new AbortController();
    const running = fetchAllRows(listTickets, api, view, {
      signal: abort.signal,
      onProgress: ({ done }) => {
        if (done === 200) abort.abort();
      },
    });
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toHaveLength(2);
  });

  it('does not retry a refusal (4xx)', async () => {
    const { api, calls } = fakeApi(300, { failWith: (call) => (call === 2 ? new ApiError({ status: 403 }) : undefined) });
    await expect(fetchAllRows(listTickets, api, view, { signal: new AbortController().signal })).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(2);
  });

  it('retries an outage (5xx) with backoff, then goes on', async () => {
    vi.useFakeTimers();
    const { api, calls } = fakeApi(300, { failWith: (call) => (call === 2 || call === 3 ? new ApiError({ status: 503 }) : undefined) });
    const running = fetchAllRows(listTickets, api, view, { signal: new AbortController().signal });
    await vi.advanceTimersByTimeAsync(1000 + 2000);
    expect(await running).toHaveLength(300);
    expect(calls.map((c) => c.offset)).toEqual([0, 100, 100, 100, 200]);
  });
});

describe('toCsv', () => {
  const columns = [
    { header: 'Ticket', text: (row: string[]) => row[0] },
    { header: 'Description', text: (row: string[]) => row[1] },
  ];

  it('writes a byte order mark, the header row and CRLF lines that a CSV reader reads back unchanged', async () => {
    const rows = [
      ['TT-1', 'Müller, "Sync" lost'],
      ['TT-2', 'two\nlines'],
    ];
    const csv = await toCsv(columns, rows);
    expect(csv.startsWith('\uFEFFTicket,Description\r\n')).toBe(true);
    expect(Papa.parse<string[]>(csv.slice(1), { newline: '\r\n' }).data).toEqual([['Ticket', 'Description'], ...rows]);
  });

  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+49 30 1234', `"'+49 30 1234"`],
    ['-1+1', `"'-1+1"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    // The tab or line break is a separator to some reader, so what follows it is guarded too.
    ['\t=1', `"'\t'=1"`],
    ['\r=1', `"'\r'=1"`],
    ['=1+1\nsecond line', `"'=1+1\nsecond line"`],
    ['a=b', 'a=b'],
    ['TT-000042', 'TT-000042'],
    ['1 Nov 2026, 08:00 CET', '"1 Nov 2026, 08:00 CET"'],
  ])('guards against formulas: %j is written as %s', async (cell, written) => {
    expect((await toCsv(columns, [['TT-1', cell]])).split('\r\n')[1]).toBe(`TT-1,${written}`);
  });
});

describe('toCsv read with another separator (German Excel splits at ";")', () => {
  const columns = [
    { header: 'Ticket', text: (row: string[]) => row[0] },
    { header: 'Description', text: (row: string[]) => row[1] },
  ];
  /** Every field a reader splitting at `delimiter` sees in the file. */
  const fieldsAt = (csv: string, delimiter: string) => Papa.parse<string[]>(csv.slice(1), { delimiter, newline: '\r\n' }).data.flat();
  /** What a spreadsheet would run: a field starting, after spaces and quotes, with = + - or @. */
  const formulae = (fields: string[]) => fields.filter((field) => /^[\s"]*[=+\-@]/.test(field));

  it.each([
    // Hostile: a formula after a separator, or at the start, is text for every reader.
    ['x;=1+1', "x;'=1+1"],
    ['a,@SUM(1)', "a,'@SUM(1)"],
    ['\t+1', "'\t'+1"],
    ['-1', "'-1"],
    ['x; -1', "x; '-1"],
    ['x;"=HYPERLINK(""http://evil"")"', 'x;"\'=HYPERLINK(""http://evil"")"'],
    ['line one\r\n=cmd|calc', "line one\r\n'=cmd|calc"],
    ['a\t@b', "a\t'@b"],
    // Harmless: read back unchanged.
    ['a=b', 'a=b'],
    ['TT-000042', 'TT-000042'],
    ['1 Nov 2026, 08:00 CET', '1 Nov 2026, 08:00 CET'],
    ['Müller; Schmidt', 'Müller; Schmidt'],
    ['3 - 1 = 2', '3 - 1 = 2'],
    ['x;y\tz', 'x;y\tz'],
  ])('%j is read back as %j, and no reader finds a formula in it', async (cell, readBack) => {
    const csv = await toCsv(columns, [['TT-1', cell]]);
    expect(Papa.parse<string[]>(csv.slice(1), { newline: '\r\n' }).data[1]).toEqual(['TT-1', readBack]);
    for (const delimiter of [',', ';', '\t']) expect(formulae(fieldsAt(csv, delimiter)), `split at ${JSON.stringify(delimiter)}`).toEqual([]);
  });
});

describe('exportFileName', () => {
  it('names the file after the local day and minute', () => {
    expect(exportFileName('tickets', new Date(2026, 10, 2, 9, 5))).toBe('tickets-2026-11-02-0905.csv');
  });
});
