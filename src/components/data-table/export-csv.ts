/** The CSV export of a list view (tickets, cancellations): every page fetched in turn (cancellable), then encoded by papaparse. */
import type { ApiClient, ListQuery, Page } from '../../api/client';
import { MAX_LIMIT } from '../../domain/list';
import { retryDelay, shouldRetry } from '../../api/query-client';

/** The largest page the service serves (docs/decisions/0010): the fewest requests. */
export const EXPORT_PAGE_SIZE = MAX_LIMIT;

export type ExportProgress = { done: number; total: number | undefined };

export type ExportColumn<Row> = { header: string; text: (row: Row) => string };

/** One page of a list from the service: `api.listTroubleTickets`, `api.listCancelProductOrders`. */
export type PageFetcher<Row> = (api: ApiClient, query: ListQuery, options: { signal: AbortSignal }) => Promise<Page<Row>>;

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** One page, retried like every query (an outage twice, with backoff; a refusal never). */
async function fetchPage<Row>(fetcher: PageFetcher<Row>, api: ApiClient, query: ListQuery, signal: AbortSignal) {
  for (let failures = 0; ; failures += 1) {
    try {
      return await fetcher(api, query, { signal });
    } catch (error) {
      if (signal.aborted || !shouldRetry(failures, error)) throw error;
      await wait(retryDelay(failures), signal);
    }
  }
}

/**
 * Every row of the view, page by page (limit 100) until X-Total-Count is reached or a page comes back short.
 * Rows that arrive while the export runs shift later pages by a row or two: a row seen twice (by id) is kept once.
 * Aborting the signal stops at once, with the abort as the rejection; no further request is sent.
 */
export async function fetchAllRows<Row extends { id: string }>(
  fetcher: PageFetcher<Row>,
  api: ApiClient,
  view: Omit<ListQuery, 'offset' | 'limit'>,
  { signal, onProgress }: { signal: AbortSignal; onProgress?: (progress: ExportProgress) => void },
): Promise<Row[]> {
  const rows: Row[] = [];
  const seen = new Set<string>();
  let offset = 0;
  let total: number | undefined;
  for (;;) {
    signal.throwIfAborted();
    const page = await fetchPage(fetcher, api, { ...view, offset, limit: EXPORT_PAGE_SIZE }, signal);
    total = page.totalCount ?? total;
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      rows.push(item);
    }
    onProgress?.({ done: rows.length, total });
    offset += page.items.length;
    const end = total === undefined ? page.items.length < EXPORT_PAGE_SIZE : offset >= total;
    // An empty page ends it too: a service that ignores offset must not keep us asking forever.
    if (end || page.items.length === 0) return rows;
  }
}

/**
 * CSV formula injection (OWASP): a spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return
 * before one) as a formula. Such cells get a leading apostrophe, which spreadsheets show as text. papaparse's own
 * `escapeFormulae: true` pattern does not match a multi-line cell ("=1+1\nx"), so the pattern is given here.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell starts wherever the reader's separator is, and that is not always ours: German Excel opens a `.csv` with `;`
 * as the separator, others take a tab, and a reader that splits at another character does not see our quotes (they
 * are mid-field for it) and ends the row at a line break inside a cell. So `x;=1+1` would be the cells `x` and `=1+1`.
 * After every `,` `;` tab or line break (and any spaces or quotes that follow it), a formula character gets the same
 * apostrophe as at the start.
 */
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n][\s"]*)(?=[=+\-@])/g;

/** The cell as written: a formula character after any separator made text; the start is left to papaparse's guard. */
export function neutraliseSeparatedFormulae(cell: string): string {
  return cell.replace(FORMULA_AFTER_SEPARATOR, "$1'");
}

/**
 * The rows as CSV: a header row in the agent's language, then each row's cells as the screen words them. CRLF line
 * ends (RFC 4180) and a byte order mark, so spreadsheets read the UTF-8 (Müller, Telefónica) correctly.
 */
export async function toCsv<Row>(columns: readonly ExportColumn<Row>[], rows: readonly Row[]): Promise<string> {
  // Loaded on the first export only: the list itself does not need the encoder.
  const { default: Papa } = await import('papaparse');
  const csv = Papa.unparse(
    {
      fields: columns.map((column) => column.header),
      data: rows.map((row) => columns.map((column) => neutraliseSeparatedFormulae(column.text(row)))),
    },
    // A cell holding another reader's separator is quoted too, so a reader that honours quotes keeps it whole.
    { escapeFormulae: FORMULA_START, newline: '\r\n', quotes: (value: unknown) => typeof value === 'string' && /[;\t]/.test(value) },
  );
  return `\uFEFF${csv}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "tickets-2026-11-22-1405.csv": local date and time, so several exports of a day sort and do not clash. */
export function exportFileName(base: string, at: Date): string {
  const day = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  return `${base}-${day}-${pad(at.getHours())}${pad(at.getMinutes())}.csv`;
}

/** Hands the text to the browser as a file download (a Blob behind an object URL, released afterwards). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; a minute is ample for a slow disk before the memory is freed.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
