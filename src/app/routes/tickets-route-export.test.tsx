/** CSV export of the ticket list: the screen's columns and words, every page of the view, and a Cancel that stops. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { base, shownHeaders, showList, setUpTicketService } from '../../testing/ticket-list-service';

const service = setUpTicketService();

/** What the browser was handed to download: the file name and the Blob's text. */
const downloads: { name: string; blob: Blob }[] = [];
const blobs = new Map<string, Blob>();

beforeEach(() => {
  downloads.length = 0;
  let n = 0;
  // jsdom has no object URLs and does not download: keep the Blob and the link's file name instead.
  const createObjectURL = (blob: Blob) => {
    const url = `blob:test/${++n}`;
    blobs.set(url, blob);
    return url;
  };
  Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: () => {}, configurable: true });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, blob: blobs.get(this.href)! });
  });
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

const exportRequests = () => service.listRequests().filter((url) => url.searchParams.get('limit') === '100');

describe('export', () => {
  it('downloads every page of the view with the columns and words of the screen', async () => {
    const user = userEvent.setup();
    await showList('/tickets?status=closed,resolved&columns=id,status,ticketType,creationDate,description&sort=id');
    // Each row as read: its row header (the ticket) first, then its cells.
    const screenRows = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...within(row).getAllByRole('rowheader'), ...within(row).getAllByRole('cell')].map((cell) => cell.textContent));
    const matching = service.store.tickets().filter((t) => t.status === 'closed' || t.status === 'resolved');
    expect(matching.length).toBeGreaterThan(100);

    await user.click(screen.getByRole('button', { name: 'Download CSV of this view' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0].name).toMatch(/^tickets-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    expect(await screen.findByText(`Downloaded ${downloads[0].name}. Rows: ${matching.length}.`)).toBeInTheDocument();

    const bytes = new Uint8Array(await downloads[0].blob.arrayBuffer());
    // UTF-8 with a byte order mark, so that spreadsheets read "Müller" rightly.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(downloads[0].blob.type).toBe('text/csv;charset=utf-8');
    const text = new TextDecoder().decode(bytes);
    const [header, ...rows] = Papa.parse<string[]>(text, { newline: '\r\n', skipEmptyLines: true }).data;
    expect(header).toEqual(shownHeaders());
    expect(rows).toHaveLength(matching.length);
    // The first page of the file is the page on screen, cell for cell ("—not provided" is an empty cell in the file).
    expect(rows.slice(0, 20)).toEqual(screenRows.map((cells) => cells.map((cell) => (cell === '—not provided' ? '' : cell))));
    expect(new Set(rows.map((row) => row[1]))).toEqual(new Set(['Closed', 'Resolved']));

    const pages = exportRequests();
    expect(pages.map((url) => url.searchParams.get('offset'))).toEqual(
      Array.from({ length: Math.ceil(matching.length / 100) }, (_, i) => String(i * 100)),
    );
    for (const url of pages) {
      expect(url.searchParams.get('fields')).toBe('id,status,ticketType,description,creationDate');
      expect(url.searchParams.get('status')).toBe('resolved,closed');
      expect(url.searchParams.get('sort')).toBe('id');
    }
  });

  it('shows progress, and Cancel stops at once: no further page is asked for and nothing is downloaded', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    await showList('/tickets');
    service.server.use(
      http.get(`${base}/troubleTicket`, async ({ request }) => {
        if (new URL(request.url).searchParams.get('offset') !== '100') return undefined;
        await new Promise<void>((resolve) => (release = resolve));
        return undefined;
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Download CSV of this view' }));
    const progress = await screen.findByRole('progressbar', { name: 'Export progress' });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuetext', 'Exporting: 100 of 240 tickets'));
    const cancel = screen.getByRole('button', { name: 'Cancel export' });
    expect(cancel).toHaveFocus();
    await user.click(cancel);
    expect(await screen.findByText('Export cancelled; nothing was downloaded.')).toBeInTheDocument();
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(exportRequests().map((url) => url.searchParams.get('offset'))).toEqual(['0', '100']);
    expect(downloads).toEqual([]);
    expect(screen.getByRole('button', { name: 'Download CSV of this view' })).toBeInTheDocument();
  });
});
